import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, loginAs } from "../support/api";
import { runCli } from "../support/cli";
import { startTestCluster, type TestCluster } from "../support/cluster";
import { UPLOADS } from "../support/fixtures";
import { sleep, startReceiver, type Receiver } from "../support/webhook-receiver";

/**
 * Scheduled status changes across the cluster (docs/decisions/0029): the servers only enqueue
 * (`JOBS=off`) and two workers run the jobs, so "two job runners" are exactly the two workers. A
 * schedule's change is made exactly once: one status change in the record's history, one
 * `schedule.succeeded` audit entry, one `Schedule.updated` webhook event — even when each runner is
 * handed a job for the same schedule at the same moment (a redelivery, a retry after a lost lease).
 */
type Schedule = { id: string; record_id: string; at: string; state: string; reason: string | null };
type List<T> = { total: number; data: T[] };

const MINUTE = 60_000;
const COPIES = 3;
let test: TestCluster;
let receiver: Receiver;
let admin: string;
let editor: string;

beforeAll(async () => {
  test = await startTestCluster({ workers: 2, serverEnv: { JOBS: "off" }, env: { JOBS_POLL_MS: "100", JOBS_MAINTENANCE_SECONDS: "1", WEBHOOK_BACKOFF_BASE_MS: "200" } });
  const enabled = await runCli(["enable-webhooks", "--org", "alpha"], { DATABASE_URL: test.databaseUrl, DATA_DIR: test.dataDir });
  expect(enabled.code).toBe(0);
  receiver = await startReceiver();
  admin = (await loginAs(test.proxy, "alphaAdmin")).token;
  editor = (await loginAs(test.proxy, "alphaEditor")).token;
  expect((await call(test.proxy, "POST", "/webhooks", { token: admin, body: { url: receiver.url, events: ["Schedule.*"] } })).status).toBe(201);
});
afterAll(async () => {
  await receiver?.close();
  await test?.stop();
});

async function sql<T extends pg.QueryResultRow>(statement: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: test.databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(statement, values)).rows;
  } finally {
    await client.end();
  }
}

async function newWorkout(server: TestCluster["proxy"], index: number): Promise<string> {
  const created = await call<{ id: string }>(server, "POST", "/content/workouts", {
    token: editor,
    body: {
      title: { en: `Launch ${index}`, de: `Start ${index}` },
      slug: null,
      description: { en: "Ready for Monday", de: "Bereit für Montag" },
      image: UPLOADS.alphaImage.id,
      gender: "female",
      level: "beginner",
      types: [],
      goals: [],
      body_parts: [],
      locations: ["home"],
      duration: "16-30",
      phases: [],
    },
  });
  expect(created.status).toBe(201);
  return created.body.id;
}

/** Waits until the schedule has run, however long the queue takes (no fixed delay is assumed). */
async function ended(workoutId: string, scheduleId: string, timeoutMs = 180_000): Promise<Schedule> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const list = await call<List<Schedule>>(test.proxy, "GET", `/content/workouts/${workoutId}/schedules`, { token: editor });
    expect(list.status).toBe(200);
    const found = list.body.data.find((candidate) => candidate.id === scheduleId);
    if (found && found.state !== "pending") return found;
    if (Date.now() > deadline) throw new Error(`schedule ${scheduleId} still pending after ${timeoutMs} ms:\n${test.output()}`);
    await sleep(250);
  }
}

describe("scheduled status changes in the cluster", () => {
  it("with two job runners, a schedule changes the status exactly once, even with a job for it on each runner", { timeout: 300_000 }, async () => {
    expect(test.cluster.workers.map((worker) => worker.isRunning())).toEqual([true, true]);
    // The next minute, or the one after near a minute's end, so that everything is set up before it.
    const now = Date.now();
    const at = new Date(now - (now % MINUTE) + (now % MINUTE > 40_000 ? 2 : 1) * MINUTE).toISOString();

    const workouts: string[] = [];
    const schedules: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      // Made through either server: each node enqueues its own schedules' jobs.
      const server = test.servers[index % 2]!;
      const workout = await newWorkout(server, index);
      const created = await call<Schedule>(server, "POST", `/content/workouts/${workout}/schedules`, { token: editor, body: { language: "de", status: "published", at } });
      expect(created.status).toBe(201);
      workouts.push(workout);
      schedules.push(created.body.id);
    }
    // More jobs for the same schedules, due at the same moment: the runners race for them.
    const jobs = await sql<{ id: string }>("SELECT id FROM pgboss.job WHERE name = 'schedules.run' AND id = ANY($1::uuid[])", [schedules]);
    expect(jobs).toHaveLength(3);
    await sql(
      `INSERT INTO pgboss.job (name, data, start_after, retry_limit, retry_delay, expire_in, policy)
       SELECT name, data, start_after, retry_limit, retry_delay, expire_in, policy FROM pgboss.job, generate_series(1, ${COPIES}) WHERE name = 'schedules.run' AND id = ANY($1::uuid[])`,
      [schedules],
    );

    const results = await Promise.all(schedules.map((id, index) => ended(workouts[index]!, id)));
    expect(results.map((schedule) => [schedule.state, schedule.reason])).toEqual(schedules.map(() => ["succeeded", null]));
    // Every job for these schedules has finished (completed, not left to retry): nothing more can run.
    for (const deadline = Date.now() + 120_000; ; await sleep(250)) {
      const open = await sql<{ count: string }>(
        "SELECT count(*) FROM pgboss.job WHERE name = 'schedules.run' AND data->'payload'->>'schedule_id' = ANY($1::text[]) AND state <> 'completed'",
        [schedules],
      );
      if (Number(open[0]!.count) === 0) break;
      if (Date.now() > deadline) throw new Error(`jobs of the schedules still open after 120 s:\n${test.output()}`);
    }
    const total = await sql<{ count: string }>("SELECT count(*) FROM pgboss.job WHERE name = 'schedules.run' AND data->'payload'->>'schedule_id' = ANY($1::text[])", [schedules]);
    expect(Number(total[0]!.count)).toBe(schedules.length * (COPIES + 1));

    for (const [index, workout] of workouts.entries()) {
      const record = await call<{ status: Record<string, string> }>(test.proxy, "GET", `/content/workouts/${workout}`, { token: editor });
      expect(record.body.status).toEqual({ default: "draft", de: "published" });
      const history = await call<List<{ language: string; to: string; changed_by: { email: string } }>>(test.proxy, "GET", `/content/workouts/${workout}/status-history`, { token: editor });
      expect(history.body.data.map((entry) => [entry.language, entry.to, entry.changed_by.email])).toEqual([["de", "published", "editor@alpha.test"]]);
      const succeeded = await call<List<{ action: string; credential: string }>>(test.proxy, "GET", `/audit-log?filter[where][action]=schedule.succeeded&filter[where][target_id]=${schedules[index]}`, { token: admin });
      expect(succeeded.body.data.map((entry) => [entry.action, entry.credential])).toEqual([["schedule.succeeded", "schedule"]]);
      const changed = await call<List<{ action: string }>>(test.proxy, "GET", `/audit-log?filter[where][action]=status.changed&filter[where][target_id]=${workout}`, { token: admin });
      expect(changed.body.total).toBe(1);
    }

    // One Schedule.updated event per schedule in the outbox, and it reaches the receiver.
    const events = await sql<{ entity_id: string; count: string }>("SELECT entity_id, count(*) FROM outbox_events WHERE entity = 'Schedule' AND entity_id = ANY($1) GROUP BY entity_id", [schedules]);
    expect(Object.fromEntries(events.map((row) => [row.entity_id, Number(row.count)]))).toEqual(Object.fromEntries(schedules.map((id) => [id, 1])));
    const deliveredFor = (id: string) => receiver.delivered().filter((event) => event.entity === "Schedule" && event.data.id === id);
    await receiver.waitFor(() => schedules.every((id) => deliveredFor(id).length >= 1), 60_000);
    expect(schedules.map((id) => deliveredFor(id).map((event) => [event.event, event.data.state]))).toEqual(schedules.map(() => [["updated", "succeeded"]]));
  });
});
