import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_SECRETS } from "../support/test-env";

// The library code below reads its configuration and secrets from this process's environment.
Object.assign(process.env, TEST_SECRETS, { WEBHOOK_ALLOW_PRIVATE: "1", LOG_LEVEL: "silent" });

const { openDatabase, queryRows } = await import("@/lib/db/client");
const { tables } = await import("@/lib/db");
const { recordContentEvent } = await import("@/lib/content/events");
const { DEFAULT_BACKOFF } = await import("@/lib/webhooks/backoff");
const { deliverDueDeliveries, fanOutEvents } = await import("@/lib/webhooks/dispatcher");
const { createWebhook } = await import("@/lib/webhooks/webhooks");
const { prepareDatabase } = await import("../support/server");
const { startReceiver, verified } = await import("../support/webhook-receiver");

/**
 * The outbox at the library level, on the real database: an event exists if and only if its
 * transaction commits, fan-out takes each event exactly once, and concurrent dispatchers claim
 * disjoint work (FOR UPDATE SKIP LOCKED).
 */
type Database = Awaited<ReturnType<typeof openDatabase>>;
let prepared: Awaited<ReturnType<typeof prepareDatabase>>;
let database: Database;
let organizationId: string;

const options = {
  pollMs: 50,
  backoff: { ...DEFAULT_BACKOFF, baseMs: 50 },
  allowPrivate: true,
  batchWindowMs: 0,
  maxEventsPerDelivery: 100,
  concurrency: 5,
  timeoutMs: 5_000,
  leaseMs: 30_000,
};

beforeAll(async () => {
  prepared = await prepareDatabase();
  database = await openDatabase({ dataDir: prepared.dataDir, DATABASE_URL: prepared.databaseUrl, DATABASE_POOL_MAX: 4 });
  const [alpha] = await database.db.select().from(tables.organizations).where(eq(tables.organizations.code, "alpha"));
  organizationId = alpha!.id;
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

  it("fans out and delivers each committed event exactly once, with concurrent dispatchers", async () => {
    const receiver = await startReceiver();
    try {
      const hook = await createWebhook(database.db, organizationId, null, { url: receiver.url, description: "", events: [] });
      for (let i = 1; i <= 60; i++) {
        await database.db.transaction((tx) => recordContentEvent(tx, ctx(), { event: "created", entity: "MuscleGroup", entityId: i, render: async () => ({ id: i }) }));
      }
      const fannedOut = await Promise.all([fanOutEvents(database.db, { ...options, maxEventsPerDelivery: 7 }), fanOutEvents(database.db, { ...options, maxEventsPerDelivery: 7 })]);
      expect(fannedOut[0] + fannedOut[1]).toBe(60);
      expect(await fanOutEvents(database.db, options)).toBe(0);

      const deliveries = await database.db.select().from(tables.webhookDeliveries);
      const eventIds = deliveries.flatMap((delivery) => delivery.eventIds);
      expect(new Set(eventIds).size).toBe(60);
      expect(eventIds).toHaveLength(60);

      const sent = await Promise.all([deliverDueDeliveries(database.db, options), deliverDueDeliveries(database.db, options), deliverDueDeliveries(database.db, options)]);
      expect(sent.reduce((sum, count) => sum + count, 0)).toBe(deliveries.length);
      const ids = receiver.requests.flatMap((request) => verified(hook.secret, request)).map((event) => event.data.id as number);
      expect(ids.sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, index) => index + 1));
      expect(await deliverDueDeliveries(database.db, options)).toBe(0);
    } finally {
      await receiver.close();
    }
  });
});
