import { spawn } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { call, loginAs } from "../support/api";
import { runCli } from "../support/cli";
import { ok, type Json } from "../support/content";
import { prepareDatabase, startTestServer, stopProcess, type TestServer } from "../support/server";
import { TEST_SECRETS } from "../support/test-env";
import { FAST_DISPATCH, sleep, startReceiver, type Receiver } from "../support/webhook-receiver";

/**
 * Nothing is lost, and nothing is sent twice but after a lost runner (then with the same
 * `webhook-id`): a server or worker killed mid-delivery leaves the job to another runner once its
 * lease ends, several runners share one PostgreSQL database, and `npm run worker` (docs/decisions/0019).
 */
/** Short leases, checked every second, so a killed runner's job is taken over within seconds. */
const SHORT_LEASE = { JOBS_EXPIRE_SECONDS: "2", JOBS_MAINTENANCE_SECONDS: "1" };
const isPostgres = process.env.TEST_DB_KIND === "postgresql";
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function preparedWithWebhooks() {
  const prepared = await prepareDatabase();
  cleanup.push(prepared.drop);
  const result = await runCli(["enable-webhooks", "--org", "alpha"], { DATA_DIR: prepared.dataDir, DATABASE_URL: prepared.databaseUrl });
  expect(result.code).toBe(0);
  return prepared;
}

async function server(prepared: { dataDir: string; databaseUrl?: string }, env: Record<string, string> = {}): Promise<TestServer> {
  const started = await startTestServer({ reuse: prepared, keepData: true, env: { ...FAST_DISPATCH, ...env } });
  cleanup.push(() => stopProcess(started.process));
  return started;
}

async function receiverWithHook(target: TestServer): Promise<Receiver> {
  const receiver = await startReceiver();
  cleanup.push(receiver.close);
  const admin = (await loginAs(target, "alphaAdmin")).token;
  ok(await call(target, "POST", "/webhooks", { token: admin, body: { url: receiver.url } }), 201);
  return receiver;
}

/** `npm run worker` the way package.json starts it: one process (node with tsx as a loader), so a signal reaches the worker itself. */
function spawnWorker(env: Record<string, string | undefined>) {
  return spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...TEST_SECRETS, ...env } as Record<string, string | undefined> as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/** How often each (entity, id, event) arrived in a 2xx-answered request. */
function countsByEvent(receiver: Receiver): Map<string, number> {
  const counts = new Map<string, number>();
  for (const event of receiver.delivered()) {
    const key = `${event.entity}:${String(event.data.id)}:${event.event}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}


/** A lookup as webhook payloads carry it: texts in every language of organization alpha (en, de, fr, es). */
function inAllLanguages(record: Json): Json {
  const name = record.name as string;
  return { ...record, name: { default: name, en: name, de: "", fr: "", es: "" } };
}

describe("webhook durability", () => {
  it("delivers after a restart an event whose server was killed (SIGKILL) mid-delivery, with the same webhook-id", async () => {
    const prepared = await preparedWithWebhooks();
    const first = await server(prepared, SHORT_LEASE);
    const receiver = await receiverWithHook(first);
    // The first attempt never gets an answer: the server is killed the moment it arrives.
    receiver.respond = (index) => {
      if (index > 0) return 200;
      first.process.kill("SIGKILL");
      return "hang";
    };
    const editor = (await loginAs(first, "alphaEditor")).token;
    const created = ok(await call<Json>(first, "POST", "/content/muscle-groups", { token: editor, body: { name: "Survivor" } }), 201);
    await receiver.waitFor((r) => r.requests.length === 1);
    await stopProcess(first.process, "SIGKILL");

    await server(prepared, SHORT_LEASE);
    await receiver.waitFor((r) => r.delivered().length >= 1, 30_000);
    await sleep(1000);
    expect(receiver.delivered()).toEqual([{ event: "created", entity: "MuscleGroup", data: inAllLanguages(created) }]);
    expect(receiver.requests).toHaveLength(2);
    expect(receiver.requests[1]!.headers["webhook-id"]).toBe(receiver.requests[0]!.headers["webhook-id"]);
  }, 180_000);

  it.skipIf(!isPostgres)("a worker killed (SIGKILL) mid-delivery: another worker finishes the job after its lease", async () => {
    const prepared = await preparedWithWebhooks();
    const api = await server(prepared, { JOBS: "off" });
    const receiver = await receiverWithHook(api);
    const workerEnv = { DATABASE_URL: prepared.databaseUrl, WEBHOOK_ALLOW_PRIVATE: "1", ...FAST_DISPATCH, ...SHORT_LEASE };
    const doomed = spawnWorker(workerEnv);
    cleanup.push(() => stopProcess(doomed));
    // The worker is killed the moment its request arrives, with the job active under its lease.
    receiver.respond = (index) => {
      if (index > 0) return 200;
      doomed.kill("SIGKILL");
      return "hang";
    };
    const editor = (await loginAs(api, "alphaEditor")).token;
    const created = ok(await call<Json>(api, "POST", "/content/goals", { token: editor, body: { name: "Orphaned" } }), 201);
    await receiver.waitFor((r) => r.requests.length === 1, 30_000);
    await stopProcess(doomed, "SIGKILL");

    const rescuer = spawnWorker(workerEnv);
    cleanup.push(() => stopProcess(rescuer));
    await receiver.waitFor((r) => r.delivered().length >= 1, 30_000);
    await sleep(1000);
    expect(receiver.delivered()).toEqual([{ event: "created", entity: "FitnessGoal", data: expect.objectContaining({ id: created.id }) }]);
    expect(receiver.requests).toHaveLength(2);
    expect(receiver.requests[1]!.headers["webhook-id"]).toBe(receiver.requests[0]!.headers["webhook-id"]);
    const admin = (await loginAs(api, "alphaAdmin")).token;
    const hooks = ok(await call<{ data: { id: string }[] }>(api, "GET", "/webhooks", { token: admin })).data;
    const deliveries = ok(await call<{ data: Json[] }>(api, "GET", `/webhooks/${hooks[0]!.id}/deliveries`, { token: admin })).data;
    // The killed worker never recorded its attempt; the rescuer's is the one on record.
    expect(deliveries).toEqual([expect.objectContaining({ status: "succeeded", attempt_count: 1, attempts: [expect.objectContaining({ status_code: 200 })] })]);
  }, 180_000);

  it.skipIf(!isPostgres)("never delivers an event twice with two runners on one database", async () => {
    const prepared = await preparedWithWebhooks();
    const fast = { JOBS_POLL_MS: "20" };
    const servers = [await server(prepared, fast), await server(prepared, fast)];
    const receiver = await receiverWithHook(servers[0]!);
    // Some first attempts fail, so retries are taken by both runners too.
    receiver.respond = (index) => (index % 3 === 0 ? 500 : 200);
    const editors = await Promise.all(servers.map(async (target) => (await loginAs(target, "alphaEditor")).token));
    const ids: unknown[] = [];
    for (let round = 0; round < 10; round++) {
      const created = await Promise.all(
        [0, 1, 2, 3].map((slot) => call<Json>(servers[slot % 2]!, "POST", "/content/goals", { token: editors[slot % 2]!, body: { name: `Goal ${round}-${slot}` } })),
      );
      ids.push(...created.map((response) => ok(response, 201).id));
    }
    await receiver.waitFor((r) => countsByEvent(r).size >= ids.length, 30_000);
    await sleep(1500);
    const counts = countsByEvent(receiver);
    expect([...counts.keys()].sort()).toEqual(ids.map((id) => `FitnessGoal:${String(id)}:created`).sort());
    expect([...counts.values()].every((count) => count === 1)).toBe(true);
    const succeededIds = receiver.requests.filter((request) => request.answeredWith === 200).map((request) => request.headers["webhook-id"]);
    expect(new Set(succeededIds).size).toBe(succeededIds.length);
  }, 180_000);

  it("npm run worker refuses the embedded database with a clear message", async () => {
    const child = spawnWorker({ DATA_DIR: ".test-data/worker-refusal" });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code).toBe(1);
    expect(stderr).toBe(
      "error: npm run worker needs PostgreSQL (DATABASE_URL). The embedded database can be opened by one process only; there the server runs the jobs itself.\n",
    );
  });

  it.skipIf(!isPostgres)("npm run worker delivers for servers that run no jobs (JOBS=off)", async () => {
    const prepared = await preparedWithWebhooks();
    const api = await server(prepared, { JOBS: "off" });
    const receiver = await receiverWithHook(api);
    const editor = (await loginAs(api, "alphaEditor")).token;
    ok(await call(api, "POST", "/content/goals", { token: editor, body: { name: "Via Worker" } }), 201);
    await sleep(1000);
    expect(receiver.requests).toHaveLength(0);

    let output = "";
    const worker = spawnWorker({ DATABASE_URL: prepared.databaseUrl, WEBHOOK_ALLOW_PRIVATE: "1", LOG_LEVEL: "info", ...FAST_DISPATCH });
    worker.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    worker.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    cleanup.push(() => stopProcess(worker));
    await receiver.waitFor((r) => r.delivered().length === 1, 30_000);
    expect(receiver.delivered()[0]).toMatchObject({ event: "created", entity: "FitnessGoal", data: { name: { default: "Via Worker" } } });
    expect(output).toContain('"message":"worker started"');
    await stopProcess(worker);
    expect(worker.exitCode).toBe(0);
  }, 180_000);
});
