import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { TEST_SECRETS } from "../support/test-env";

Object.assign(process.env, TEST_SECRETS, { LOG_LEVEL: "silent" });

const { openDatabase, queryRows } = await import("@/lib/db/client");
const { tables } = await import("@/lib/db");
const { defineTask, PermanentJobError } = await import("@/lib/jobs/define-task");
const { enqueue } = await import("@/lib/jobs/enqueue");
const { installJobQueue } = await import("@/lib/jobs/queue");
const { startJobRunner } = await import("@/lib/jobs/runner");
const { prepareDatabase } = await import("../support/server");

/**
 * The job queue at the library level, on the real database (the embedded one, and PostgreSQL in the
 * api-postgres project): the same pg-boss code runs on both (docs/decisions/0019).
 */
type Database = Awaited<ReturnType<typeof openDatabase>>;
type JobRow = { id: string; state: string; retry_count: number; output: { message?: string } | null; data: { organization_id: string | null; payload: unknown } };

let prepared: Awaited<ReturnType<typeof prepareDatabase>>;
let database: Database;
let organizationId: string;

/** What each handler saw, by task. */
const runs = new Map<string, { key: string; attempt: number; at: number }[]>();
const record = (task: string, key: string, attempt: number) => {
  const list = runs.get(task) ?? [];
  list.push({ key, attempt, at: Date.now() });
  runs.set(task, list);
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const keyed = z.object({ key: z.string() });
const flaky = defineTask({
  name: "test.flaky",
  payload: keyed,
  retryLimit: 3,
  retryDelaySeconds: 1,
  expireSeconds: 30,
  concurrency: 2,
  handle: async ({ key }, job) => {
    record("test.flaky", key, job.attempt);
    if (job.attempt < 3) throw new Error(`attempt ${job.attempt} of ${key} broke`);
  },
});
const broken = defineTask({
  name: "test.broken",
  payload: keyed,
  retryLimit: 2,
  retryDelaySeconds: 1,
  expireSeconds: 30,
  concurrency: 1,
  handle: async ({ key }, job) => {
    record("test.broken", key, job.attempt);
    if (key.startsWith("poison")) throw new Error(`attempt ${job.attempt} of ${key} broke`);
    if (key.startsWith("hopeless")) throw new PermanentJobError(`${key} can never work`);
  },
});
let active = 0;
let mostActive = 0;
const slow = defineTask({
  name: "test.slow",
  payload: keyed,
  retryLimit: 0,
  retryDelaySeconds: 1,
  expireSeconds: 30,
  concurrency: 2,
  handle: async ({ key }, job) => {
    active++;
    mostActive = Math.max(mostActive, active);
    await sleep(300);
    active--;
    record("test.slow", key, job.attempt);
  },
});
const leased = defineTask({
  name: "test.leased",
  payload: keyed,
  retryLimit: 2,
  retryDelaySeconds: 1,
  expireSeconds: 1,
  concurrency: 1,
  handle: async ({ key }, job) => record("test.leased", key, job.attempt),
});
const tasks = [flaky, broken, slow, leased];
let stopRunner: () => Promise<void>;

beforeAll(async () => {
  prepared = await prepareDatabase();
  database = await openDatabase({ dataDir: prepared.dataDir, DATABASE_URL: prepared.databaseUrl, DATABASE_POOL_MAX: 4 });
  const [alpha] = await database.db.select().from(tables.organizations).where(eq(tables.organizations.code, "alpha"));
  organizationId = alpha!.id;
  await installJobQueue(database, tasks);
  const runner = await startJobRunner(database, tasks, { pollMs: 100, maintenanceSeconds: 1, shutdownMs: 5_000 });
  stopRunner = runner.stop;
});
afterAll(async () => {
  await stopRunner?.();
  await database?.close();
  await prepared?.drop();
});

const jobRow = async (id: string) => (await queryRows<JobRow>(database.db, sql`select id, state::text as state, retry_count, output, data from pgboss.job where id = ${id}`))[0]!;

async function waitForState(id: string, state: string, timeoutMs = 20_000): Promise<JobRow> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await jobRow(id);
    if (row?.state === state) return row;
    if (Date.now() > deadline) throw new Error(`job ${id} is ${row?.state}, not ${state}, after ${timeoutMs} ms`);
    await sleep(100);
  }
}

describe("the job queue", () => {
  it("enqueues inside the caller's transaction: a rolled-back change leaves no job", async () => {
    let enqueued = "";
    await expect(
      database.db.transaction(async (tx) => {
        enqueued = await enqueue(tx, slow, { key: "rolled-back" }, { organizationId });
        throw new Error("the change failed after its job was enqueued");
      }),
    ).rejects.toThrow("the change failed");
    expect(enqueued).toMatch(/^[0-9a-f-]{36}$/);
    expect(await jobRow(enqueued)).toBeUndefined();

    const id = await database.db.transaction((tx) => enqueue(tx, slow, { key: "committed" }, { organizationId }));
    const done = await waitForState(id, "completed");
    expect(done.data).toEqual({ organization_id: organizationId, payload: { key: "committed" } });
    expect(runs.get("test.slow")?.filter((run) => run.key === "rolled-back")).toEqual([]);
  });

  it("refuses a payload its task does not accept, before anything is written", async () => {
    await expect(enqueue(database.db, slow, { key: 42 } as never, { organizationId })).rejects.toThrow();
  });

  it("retries a failing job with exponential backoff until it succeeds", async () => {
    const id = await enqueue(database.db, flaky, { key: "third-time" }, { organizationId });
    const done = await waitForState(id, "completed");
    const attempts = runs.get("test.flaky")!.filter((run) => run.key === "third-time");
    expect(attempts.map((run) => run.attempt)).toEqual([1, 2, 3]);
    expect(done.retry_count).toBe(2);
    // The first retry waits 1–2 s (retryDelaySeconds 1), the second 2–4 s.
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(950);
    expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(1950);
  });

  it("marks a job failed after its last attempt, keeping the last error, while other jobs go on", async () => {
    const poison = await enqueue(database.db, broken, { key: "poison-1" }, { organizationId });
    const others = [];
    for (let index = 0; index < 5; index++) others.push(await enqueue(database.db, broken, { key: `fine-${index}` }, { organizationId }));
    // One at a time (concurrency 1), yet the poison job's retries do not hold the others back.
    for (const id of others) await waitForState(id, "completed", 10_000);
    const poisonRow = await jobRow(poison);
    expect(["retry", "active", "created"]).toContain(poisonRow.state);

    const failed = await waitForState(poison, "failed");
    expect(failed.retry_count).toBe(2);
    expect(failed.output).toEqual({ message: "attempt 3 of poison-1 broke" });
    expect(runs.get("test.broken")!.filter((run) => run.key === "poison-1").map((run) => run.attempt)).toEqual([1, 2, 3]);
  });

  it("fails at once, without retries, a job that can never work or whose payload is invalid", async () => {
    const hopeless = await enqueue(database.db, broken, { key: "hopeless-1" }, { organizationId });
    const failed = await waitForState(hopeless, "failed");
    expect(failed.retry_count).toBe(0);
    expect(failed.output).toEqual({ message: "hopeless-1 can never work" });

    // A job written by an older version of the code, say, with a payload the task no longer takes.
    const stale = (
      await database.executeSql(`insert into pgboss.job (name, data, retry_limit) values ('test.broken', $1, 5) returning id`, [{ organization_id: organizationId, payload: { key: 7 } }])
    ).rows[0]!.id as string;
    const refused = await waitForState(stale, "failed");
    expect(refused.retry_count).toBe(0);
    expect(refused.output?.message).toMatch(/^the job's payload is not valid for test\.broken: key /);
  });

  it("runs at most a task's concurrency at once in one runner", async () => {
    mostActive = 0;
    const ids = [];
    for (let index = 0; index < 6; index++) ids.push(await enqueue(database.db, slow, { key: `parallel-${index}` }, { organizationId }));
    for (const id of ids) await waitForState(id, "completed");
    expect(mostActive).toBe(2);
  });

  it("takes over a job whose runner died: the lease expires and another run finishes it", async () => {
    const id = await enqueue(database.db, leased, { key: "orphan" }, { organizationId, startAfter: new Date(Date.now() + 3_600_000) });
    // A runner that took the job and died: it is active, and nobody will finish it.
    const taken = await database.executeSql(`update pgboss.job set state = 'active', started_on = now() where name = 'test.leased' and id = $1 and state = 'created' returning id`, [id]);
    expect(taken.rows).toHaveLength(1);
    const done = await waitForState(id, "completed");
    expect(done.retry_count).toBe(1);
    expect(runs.get("test.leased")!.filter((run) => run.key === "orphan").map((run) => run.attempt)).toEqual([2]);
  });
});
