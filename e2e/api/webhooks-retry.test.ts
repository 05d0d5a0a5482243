import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, loginAs } from "../support/api";
import { ok, type Json, type List } from "../support/content";
import { sleep, startReceiver, startWebhookServer, verified, type Receiver } from "../support/webhook-receiver";

/**
 * Retries (docs/api.md "Webhooks (admins; closed beta)"): exponential backoff with jitter while the retry window lasts (6 s here, long enough for three attempts on a loaded machine;
 * 24 hours by default; backoff base 100 ms instead of 10 s), then `failed`; retry by hand.
 */
type Delivery = { id: string; status: string; attempt_count: number; attempts: { status_code: number | null; error: string | null; response_excerpt: string | null }[]; last_error: string | null };

let context: Awaited<ReturnType<typeof startWebhookServer>>;
let admin: string;
let editor: string;
const receivers: Receiver[] = [];

beforeAll(async () => {
  context = await startWebhookServer(["alpha"], { WEBHOOK_RETRY_WINDOW_SECONDS: "6" });
  admin = (await loginAs(context.server, "alphaAdmin")).token;
  editor = (await loginAs(context.server, "alphaEditor")).token;
});
afterAll(async () => {
  await Promise.all(receivers.map((receiver) => receiver.close()));
  await context?.stop();
});

async function receiverFor(events: string[]) {
  const receiver = await startReceiver();
  receivers.push(receiver);
  const hook = ok(await call<Json & { id: string; secret: string }>(context.server, "POST", "/webhooks", { token: admin, body: { url: receiver.url, events } }), 201);
  return { receiver, hook };
}


/** A lookup as webhook payloads carry it: texts in every language of organization alpha (en, de, fr, es). */
function inAllLanguages(record: Json): Json {
  const name = record.name as string;
  return { ...record, name: { default: name, en: name, de: "", fr: "", es: "" } };
}

describe("webhook retries", () => {
  it("delivers an event once after three failures, backing off between attempts", async () => {
    const { receiver, hook } = await receiverFor(["MuscleGroup.*"]);
    receiver.respond = (index) => (index < 3 ? 503 : 200);
    const created = ok(await call<Json>(context.server, "POST", "/content/muscle-groups", { token: editor, body: { name: "Retry Me" } }), 201);
    await receiver.waitFor((r) => r.requests.length >= 4);
    await sleep(1000);
    expect(receiver.requests.map((request) => request.answeredWith)).toEqual([503, 503, 503, 200]);
    expect(receiver.delivered()).toEqual([{ event: "created", entity: "MuscleGroup", data: inAllLanguages(created) }]);
    // Every attempt is the same message (same webhook-id), each signed afresh.
    expect(new Set(receiver.requests.map((request) => request.headers["webhook-id"])).size).toBe(1);
    for (const request of receiver.requests) expect(verified(hook.secret, request)).toHaveLength(1);
    // The gaps grow: base 100 ms, doubled each time, between half and all of it.
    const gaps = receiver.requests.slice(1).map((request, index) => request.receivedAt - receiver.requests[index]!.receivedAt);
    expect(gaps[0]).toBeGreaterThanOrEqual(45);
    expect(gaps[1]).toBeGreaterThanOrEqual(95);
    expect(gaps[2]).toBeGreaterThanOrEqual(195);

    const [delivery] = ok(await call<List<Delivery>>(context.server, "GET", `/webhooks/${hook.id}/deliveries`, { token: admin })).data;
    expect(delivery!.status).toBe("succeeded");
    expect(delivery!.attempts.map((attempt) => attempt.status_code)).toEqual([503, 503, 503, 200]);
    expect(delivery!.attempts[0]!.response_excerpt).toBe("answer 503 from the test receiver");
  });

  it("gives up after the retry window, records why, and can be retried by hand", async () => {
    const { receiver, hook } = await receiverFor(["BodyPart.*"]);
    receiver.respond = () => 500;
    await call(context.server, "POST", "/content/body-parts", { token: editor, body: { name: "Never Lands" } });
    const deliveries = async () => ok(await call<List<Delivery>>(context.server, "GET", `/webhooks/${hook.id}/deliveries`, { token: admin })).data;
    const deadline = Date.now() + 15_000;
    while ((await deliveries())[0]?.status !== "failed") {
      if (Date.now() > deadline) throw new Error("the delivery did not fail in time");
      await sleep(200);
    }
    const [failed] = await deliveries();
    expect(failed!.last_error).toBe("receiver answered 500");
    expect(failed!.attempt_count).toBe(receiver.requests.length);
    expect(failed!.attempt_count).toBeGreaterThanOrEqual(3);

    receiver.respond = () => 200;
    const retried = await call<Delivery>(context.server, "POST", `/webhooks/${hook.id}/deliveries/${failed!.id}/retry`, { token: admin });
    expect(retried.status).toBe(202);
    expect(retried.body.status).toBe("pending");
    await receiver.waitFor((r) => r.delivered().length === 1);
    // The receiver has answered; the attempt is recorded a moment later.
    const recorded = Date.now() + 5_000;
    while ((await deliveries())[0]?.status === "pending" && Date.now() < recorded) await sleep(50);
    const [succeeded] = await deliveries();
    expect(succeeded).toMatchObject({ id: failed!.id, status: "succeeded", attempt_count: failed!.attempt_count + 1, last_error: null });
  });

  it("answers 404 for an unknown delivery", async () => {
    const { hook } = await receiverFor(["FitnessGoal.*"]);
    const response = await call(context.server, "POST", `/webhooks/${hook.id}/deliveries/0e0e0e0e-0000-4000-8000-000000000000/retry`, { token: admin });
    expect({ status: response.status, body: response.body }).toEqual({ status: 404, body: { code: "404", message: "delivery not found" } });
  });
});
