import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, loginAs } from "../support/api";
import { expectResponse, ok, type Json, type List } from "../support/content";
import { sleep, startReceiver, startWebhookServer, type Receiver } from "../support/webhook-receiver";

/**
 * The jobs API (docs/api.md, "Jobs (admins)"): admins of an organization see its background jobs, filter
 * them, see queue depth, and retry failed ones. Webhook deliveries to a receiver that keeps failing
 * (retry window 2 s here) make failed jobs with their last error.
 */
type Job = { id: string; task: string; state: string; payload: Json; attempts: number; max_attempts: number; last_error: string | null; created_at: string; next_run_at: string | null };
type QueueDepth = { task: string; waiting: number; active: number; failed: number; completed: number };

let context: Awaited<ReturnType<typeof startWebhookServer>>;
let admin: string;
let editor: string;
let betaAdmin: string;
let receiver: Receiver;
let failed: Job;

beforeAll(async () => {
  context = await startWebhookServer(["alpha", "beta"], { WEBHOOK_RETRY_WINDOW_SECONDS: "2" });
  [admin, editor, betaAdmin] = await Promise.all([loginAs(context.server, "alphaAdmin"), loginAs(context.server, "alphaEditor"), loginAs(context.server, "betaAdmin")]).then((pairs) => pairs.map((pair) => pair.token));
  receiver = await startReceiver();
  receiver.respond = () => 500;
  ok(await call(context.server, "POST", "/webhooks", { token: admin, body: { url: receiver.url, events: ["MuscleGroup.*"] } }), 201);
  ok(await call(context.server, "POST", "/content/muscle-groups", { token: editor, body: { name: "Job Trigger" } }), 201);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const list = ok(await call<List<Job>>(context.server, "GET", "/jobs?filter[where][state]=failed", { token: admin }));
    if (list.data.length > 0) {
      failed = list.data[0]!;
      break;
    }
    if (Date.now() > deadline) throw new Error("no job failed in 30 s");
    await sleep(200);
  }
});
afterAll(async () => {
  await receiver?.close();
  await context?.stop();
});

const jobs = async (query = "") => ok(await call<List<Job>>(context.server, "GET", `/jobs${query}`, { token: admin }));

describe("the jobs API", () => {
  it("lists a failed job with its last error and attempts", async () => {
    expect(failed).toMatchObject({ task: "webhooks.deliver", state: "failed", last_error: "receiver answered 500", next_run_at: null });
    expect(failed.attempts).toBe(receiver.requests.length);
    expect(failed.attempts).toBeGreaterThanOrEqual(2);
    expect(failed.payload).toEqual({ delivery_id: failed.id });
    expectResponse(await call(context.server, "GET", `/jobs/${failed.id}`, { token: admin }), 200, failed);
  });

  it("filters by state, task and creation time, and pages", async () => {
    const all = await jobs();
    expect(all.data.map((job) => job.task).sort()).toEqual(["webhooks.deliver", "webhooks.fan-out"]);
    expect(all.total).toBe(2);
    expect((await jobs("?filter[where][task]=webhooks.fan-out")).data).toEqual([expect.objectContaining({ task: "webhooks.fan-out", state: "completed", last_error: null, attempts: 1 })]);
    expect((await jobs("?filter[where][state][in]=completed,failed")).total).toBe(2);
    expect((await jobs("?filter[where][state]=active")).total).toBe(0);
    expect((await jobs(`?filter[where][created][gte]=${new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)}`)).total).toBe(0);
    expect((await jobs(`?filter[where][created][lte]=${new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)}`)).total).toBe(2);
    const page = await jobs("?filter[limit]=1&filter[offset]=1&filter[order][created]=asc");
    expect(page.total).toBe(2);
    expect(page.data.map((job) => job.task)).toEqual(["webhooks.deliver"]);
    const invalid = await call<Json>(context.server, "GET", "/jobs?filter[where][task]=webhooks.nothing", { token: admin });
    expect(invalid.status).toBe(400);
  });

  it("shows queue depth per task, every task listed", async () => {
    const depth = ok(await call<{ data: QueueDepth[] }>(context.server, "GET", "/jobs/queues", { token: admin })).data;
    expect(depth.map((entry) => entry.task)).toEqual(expect.arrayContaining(["webhooks.deliver", "webhooks.fan-out", "webhooks.sweep", "webhooks.prune"]));
    expect(depth.find((entry) => entry.task === "webhooks.deliver")).toEqual({ task: "webhooks.deliver", waiting: 0, active: 0, failed: 1, completed: 0 });
    expect(depth.find((entry) => entry.task === "webhooks.fan-out")).toEqual({ task: "webhooks.fan-out", waiting: 0, active: 0, failed: 0, completed: 1 });
  });

  it("is for the organization's admins only", async () => {
    const forbidden = { code: "403", message: "this operation requires the admin role" };
    for (const [method, path] of [
      ["GET", "/jobs"],
      ["GET", "/jobs/queues"],
      ["GET", `/jobs/${failed.id}`],
      ["POST", `/jobs/${failed.id}/retry`],
    ] as const) {
      expectResponse(await call(context.server, method, path, { token: editor }), 403, forbidden);
    }
    // Another organization's admin sees none of alpha's jobs.
    expectResponse(await call(context.server, "GET", "/jobs", { token: betaAdmin }), 200, { total: 0, data: [] });
    const betaDepth = ok(await call<{ data: QueueDepth[] }>(context.server, "GET", "/jobs/queues", { token: betaAdmin })).data;
    expect(betaDepth.every((entry) => entry.waiting + entry.active + entry.failed + entry.completed === 0)).toBe(true);
    expectResponse(await call(context.server, "GET", `/jobs/${failed.id}`, { token: betaAdmin }), 404, { code: "404", message: "job not found" });
    expectResponse(await call(context.server, "POST", `/jobs/${failed.id}/retry`, { token: betaAdmin }), 404, { code: "404", message: "job not found" });
  });

  it("retries only failed jobs: 409 for others, 404 for unknown ones", async () => {
    const [fanOut] = (await jobs("?filter[where][task]=webhooks.fan-out")).data;
    expectResponse(await call(context.server, "POST", `/jobs/${fanOut!.id}/retry`, { token: admin }), 409, { code: "409", message: "only a failed job can be retried; this one is completed" });
    expectResponse(await call(context.server, "POST", "/jobs/0e0e0e0e-0000-4000-8000-000000000000/retry", { token: admin }), 404, { code: "404", message: "job not found" });
  });

  it("runs a retried job again at once, and it completes once the receiver answers", async () => {
    receiver.respond = () => 200;
    const before = receiver.requests.length;
    const retried = await call<Job>(context.server, "POST", `/jobs/${failed.id}/retry`, { token: admin });
    expect(retried.status).toBe(202);
    expect(retried.body).toMatchObject({ id: failed.id, state: "retry", max_attempts: failed.max_attempts + 1 });
    await receiver.waitFor((r) => r.delivered().length === 1);
    expect(receiver.requests).toHaveLength(before + 1);
    expect(receiver.requests.at(-1)!.headers["webhook-id"]).toBe(failed.id);
    const deadline = Date.now() + 10_000;
    let job = ok(await call<Job>(context.server, "GET", `/jobs/${failed.id}`, { token: admin }));
    while (job.state !== "completed" && Date.now() < deadline) {
      await sleep(100);
      job = ok(await call<Job>(context.server, "GET", `/jobs/${failed.id}`, { token: admin }));
    }
    expect(job).toMatchObject({ state: "completed", last_error: null, attempts: failed.attempts + 1 });
  });
});
