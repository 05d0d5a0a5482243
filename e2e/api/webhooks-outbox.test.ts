import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_SECRETS } from "../support/test-env";

// The library code below reads its configuration and secrets from this process's environment.
Object.assign(process.env, TEST_SECRETS, { WEBHOOK_ALLOW_PRIVATE: "1", LOG_LEVEL: "silent" });

const { openDatabase, queryRows } = await import("@/lib/db/client");
const { tables } = await import("@/lib/db");
const { recordContentEvent } = await import("@/lib/content/events");
const { fanOutEvents } = await import("@/lib/webhooks/delivery");
const { installJobQueue } = await import("@/lib/jobs/queue");
const { startJobRunner } = await import("@/lib/jobs/runner");
const { WEBHOOK_TASKS } = await import("@/lib/webhooks/tasks");
const { createWebhook } = await import("@/lib/webhooks/webhooks");
const { prepareDatabase } = await import("../support/server");
const { startReceiver, verified } = await import("../support/webhook-receiver");

/**
 * The outbox at the library level, on the real database: an event exists if and only if its
 * transaction commits, fan-out takes each event exactly once, and concurrent job runners deliver
 * each delivery once (FOR UPDATE SKIP LOCKED on the events and on the jobs).
 */
type Database = Awaited<ReturnType<typeof openDatabase>>;
let prepared: Awaited<ReturnType<typeof prepareDatabase>>;
let database: Database;
let organizationId: string;

beforeAll(async () => {
  prepared = await prepareDatabase();
  database = await openDatabase({ dataDir: prepared.dataDir, DATABASE_URL: prepared.databaseUrl, DATABASE_POOL_MAX: 4 });
  const [alpha] = await database.db.select().from(tables.organizations).where(eq(tables.organizations.code, "alpha"));
  organizationId = alpha!.id;
  await installJobQueue(database, WEBHOOK_TASKS);
});
afterAll(async () => {
  await database?.close();
  await prepared?.drop();
});

const ctx = () => ({ organization: { id: organizationId, webhooksEnabled: true } }) as never;
const outboxCount = async () => (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from outbox_events`))[0]!.n;

describe("the transactional outbox", () => {
  it("keeps no event of a transaction that rolls back, even one written before the failure", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await recordContentEvent(tx, ctx(), { event: "created", entity: "Exercise", entityId: 1, render: async () => ({ id: 1 }) });
        throw new Error("the change failed after its event was written");
      }),
    ).rejects.toThrow("the change failed");
    expect(await outboxCount()).toBe(0);
  });

  it("writes nothing for organizations without webhooks", async () => {
    await recordContentEvent(database.db, { organization: { id: organizationId, webhooksEnabled: false } } as never, { event: "created", entity: "Exercise", entityId: 1, render: async () => ({}) });
    expect(await outboxCount()).toBe(0);
  });

  it("fans out and delivers each committed event exactly once, with concurrent fan-outs and runners", async () => {
    const receiver = await startReceiver();
    const runners: { stop: () => Promise<void> }[] = [];
    try {
      const hook = await createWebhook(database.db, organizationId, null, { url: receiver.url, description: "", events: [] });
      for (let i = 1; i <= 60; i++) {
        await database.db.transaction((tx) => recordContentEvent(tx, ctx(), { event: "created", entity: "MuscleGroup", entityId: i, render: async () => ({ id: i }) }));
      }
      const jobs = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from pgboss.job where name = 'webhooks.fan-out'`);
      expect(jobs[0]!.n).toBe(60);
      const fannedOut = await Promise.all([fanOutEvents(database.db, { maxEventsPerDelivery: 7 }), fanOutEvents(database.db, { maxEventsPerDelivery: 7 })]);
      expect(fannedOut[0] + fannedOut[1]).toBe(60);
      expect(await fanOutEvents(database.db)).toBe(0);

      const deliveries = await database.db.select().from(tables.webhookDeliveries);
      const eventIds = deliveries.flatMap((delivery) => delivery.eventIds);
      expect(new Set(eventIds).size).toBe(60);
      expect(eventIds).toHaveLength(60);
      // Each delivery's job was enqueued with it, under its id.
      const deliverJobs = await queryRows<{ id: string }>(database.db, sql`select id from pgboss.job where name = 'webhooks.deliver'`);
      expect(deliverJobs.map((job) => job.id).sort()).toEqual(deliveries.map((delivery) => delivery.id).sort());

      for (let index = 0; index < 3; index++) runners.push(await startJobRunner(database, WEBHOOK_TASKS, { pollMs: 50, maintenanceSeconds: 30, shutdownMs: 5_000 }));
      await receiver.waitFor((r) => r.requests.length >= deliveries.length);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(receiver.requests).toHaveLength(deliveries.length);
      const ids = receiver.requests.flatMap((request) => verified(hook.secret, request)).map((event) => event.data.id as number);
      expect(ids.sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, index) => index + 1));
      expect(new Set(receiver.requests.map((request) => request.headers["webhook-id"])).size).toBe(deliveries.length);
    } finally {
      await Promise.all(runners.map((runner) => runner.stop()));
      await receiver.close();
    }
  });
});
