import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, loginAs } from "../support/api";
import { runCli } from "../support/cli";
import { startTestCluster, type TestCluster } from "../support/cluster";
import { sleep, startReceiver, type Receiver } from "../support/webhook-receiver";

/**
 * Background work in the cluster's topology: the job queue in PostgreSQL shared by several runners
 * (docs/decisions/0019). The servers here only enqueue (`JOBS=off`) and two workers run every job, so
 * the tests know which processes are the job runners: "two runners" are exactly the two workers, and
 * pausing one (SIGSTOP) leaves a delivery to the other, which a test then kills mid-delivery.
 */
const LEASE_SECONDS = 8;
let test: TestCluster;
let receiver: Receiver;
let editor: string;

beforeAll(async () => {
  test = await startTestCluster({
    workers: 2,
    serverEnv: { JOBS: "off" },
    // Quick pick-up and retries; a lease that a killed worker's job outlives by seconds, not minutes,
    // yet longer than any delivery to a receiver that answers at once takes.
    env: { JOBS_POLL_MS: "100", WEBHOOK_BACKOFF_BASE_MS: "200", JOBS_EXPIRE_SECONDS: String(LEASE_SECONDS), JOBS_MAINTENANCE_SECONDS: "1" },
  });
  const enabled = await runCli(["enable-webhooks", "--org", "alpha"], { DATABASE_URL: test.databaseUrl, DATA_DIR: test.dataDir });
  expect(enabled.code).toBe(0);
  receiver = await startReceiver();
  const admin = (await loginAs(test.proxy, "alphaAdmin")).token;
  expect((await call(test.proxy, "POST", "/webhooks", { token: admin, body: { url: receiver.url } })).status).toBe(201);
  editor = (await loginAs(test.proxy, "alphaEditor")).token;
});
afterAll(async () => {
  await receiver?.close();
  await test?.stop();
});

async function createGoal(name: string, server = test.proxy): Promise<number> {
  const created = await call<{ id: number }>(server, "POST", "/content/goals", { token: editor, body: { name } });
  expect(created.status).toBe(201);
  return created.body.id;
}

const carriesCreation = (body: string, id: number) =>
  (JSON.parse(body) as { event: string; entity: string; data: { id: unknown } }[]).some((event) => event.entity === "FitnessGoal" && event.data.id === id && event.event === "created");

/** The requests whose events include the goal `id`'s creation. */
function requestsFor(id: number) {
  return receiver.requests.filter((request) => carriesCreation(request.body, id));
}

/** How many times the creation of each goal arrived in a request answered 2xx. */
function deliveredCounts(ids: number[]): number[] {
  const delivered = receiver.delivered();
  return ids.map((id) => delivered.filter((event) => event.entity === "FitnessGoal" && event.data.id === id && event.event === "created").length);
}

async function sql<T extends pg.QueryResultRow>(statement: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: test.databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(statement, values)).rows;
  } finally {
    await client.end();
  }
}

describe("jobs in the cluster", () => {
  it("with two job runners, each webhook event reaches the receiver exactly once", async () => {
    expect(test.cluster.workers.map((worker) => worker.isRunning())).toEqual([true, true]);
    // Some first attempts fail, so retries are spread over both runners too.
    receiver.respond = (index) => (index % 3 === 0 ? 500 : 200);
    const ids: number[] = [];
    for (let round = 0; round < 6; round += 1) {
      ids.push(...(await Promise.all([0, 1, 2, 3].map((slot) => createGoal(`Once ${round}-${slot}`, test.servers[slot % 2])))));
    }
    await receiver.waitFor(() => deliveredCounts(ids).every((count) => count >= 1), 60_000);
    // Time for a second delivery of anything, had there been one.
    await sleep(2_000);
    expect(deliveredCounts(ids)).toEqual(ids.map(() => 1));
    const answeredIds = receiver.requests.filter((request) => request.answeredWith === 200).map((request) => request.headers["webhook-id"]);
    expect(new Set(answeredIds).size).toBe(answeredIds.length);
  });

  it("a worker killed mid-delivery: the event still arrives, and the repeat carries the same webhook-id", async () => {
    const [active, standby] = test.cluster.workers as [TestCluster["cluster"]["workers"][number], TestCluster["cluster"]["workers"][number]];
    let id = -1;
    // The first request carrying the goal gets no answer: its sender is killed while it waits.
    let hasHung = false;
    receiver.respond = (_index, request) => {
      if (!hasHung && id >= 0 && carriesCreation(request.body, id)) {
        hasHung = true;
        return "hang";
      }
      return 200;
    };
    // Only `active` can take the jobs until it is dead.
    process.kill(standby.pid, "SIGSTOP");
    try {
      id = await createGoal("Orphaned");
      await receiver.waitFor(() => requestsFor(id).length === 1, 60_000);
      expect(await active.kill()).toEqual({ code: null, signal: "SIGKILL" });
    } finally {
      process.kill(standby.pid, "SIGCONT");
    }
    // The lease ends; the other worker takes the job over.
    await receiver.waitFor(() => deliveredCounts([id])[0] === 1, 60_000);
    await sleep(1_000);
    const requests = requestsFor(id);
    expect(requests.map((request) => request.answeredWith)).toEqual([0, 200]);
    expect(requests[1]!.headers["webhook-id"]).toBe(requests[0]!.headers["webhook-id"]);
    expect(deliveredCounts([id])).toEqual([1]);
    // Two runners again for what follows.
    test.cluster.startWorker();
  });

  it("a recurring task fires once per period, however many processes run", async () => {
    // webhooks.sweep runs every minute (lib/webhooks/tasks.ts). A run is due at each minute and made
    // within ~35 s of it (pg-boss checks schedules every 30 s), so two runs of one period would be
    // seconds apart, while runs of consecutive periods are at least 25 s apart.
    type Run = { created: Date; state: string };
    const runs = () => sql<Run>("SELECT created_on AS created, state FROM pgboss.job WHERE name = 'webhooks.sweep' ORDER BY created_on");
    const deadline = Date.now() + 150_000;
    let seen: Run[] = [];
    while ((seen = await runs()).filter((run) => run.state === "completed").length < 2) {
      if (Date.now() > deadline) throw new Error(`the recurring task ran ${seen.length} times in 150 s: ${JSON.stringify(seen)}`);
      await sleep(1_000);
    }
    const gaps = seen.slice(1).map((run, index) => (run.created.getTime() - seen[index]!.created.getTime()) / 1000);
    expect(gaps.filter((gap) => gap < 20)).toEqual([]);
    // No more runs than periods begun since the first one.
    expect(seen.length).toBeLessThanOrEqual(Math.floor((Date.now() - seen[0]!.created.getTime()) / 60_000) + 2);
  }, 200_000);
});
