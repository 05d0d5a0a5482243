import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, queryRows } from "@/lib/db/client";
import { call, loginAs } from "../support/api";
import { expectResponse, ok, type Json, type List } from "../support/content";
import { stopProcess, type TestServer } from "../support/server";
import { sleep, startReceiver, startWebhookServer, verified, type Receiver } from "../support/webhook-receiver";

/**
 * Webhooks (docs/api.md "Webhooks (admins; closed beta)"): receiver management, one signed batch per
 * change verified with the standardwebhooks library, rotation, 410, tenancy, and no event for a
 * change that did not commit.
 */
type Webhook = Json & { id: string; secret?: string };
type Delivery = { id: string; status: string; events: Json[]; attempt_count: number; attempts: Json[]; last_status_code: number | null };

let context: Awaited<ReturnType<typeof startWebhookServer>>;
let server: TestServer;
let admin: string;
let editor: string;
let betaAdmin: string;
let receiver: Receiver;
let hook: Webhook;
const secrets: string[] = [];

beforeAll(async () => {
  context = await startWebhookServer(["alpha", "beta"], { LOG_LEVEL: "debug" });
  server = context.server;
  [admin, editor, betaAdmin] = await Promise.all([loginAs(server, "alphaAdmin"), loginAs(server, "alphaEditor"), loginAs(server, "betaAdmin")]).then((pairs) => pairs.map((pair) => pair.token));
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await context?.stop();
});

/** Waits until the dispatcher has surely passed (several poll rounds) and nothing more arrived. */
async function settle(target: Receiver, count: number) {
  await target.waitFor((r) => r.requests.length >= count);
  await sleep(800);
  expect(target.requests).toHaveLength(count);
}


/** A lookup as webhook payloads carry it: texts in every language of organization alpha (en, de, fr, es). */
function inAllLanguages(record: Json): Json {
  const name = record.name as string;
  return { ...record, name: { default: name, en: name, de: "", fr: "", es: "" } };
}

describe("receiver management", () => {
  it("registers a receiver and shows its secret once", async () => {
    const response = await call<Webhook>(server, "POST", "/webhooks", { token: admin, body: { url: receiver.url, description: "Catalogue sync" } });
    expect(response.status).toBe(201);
    hook = response.body;
    secrets.push(hook.secret!);
    expect(response.headers.get("location")).toBe(`/api/v3/webhooks/${hook.id}`);
    expect(hook).toEqual({
      id: expect.any(String),
      url: receiver.url,
      description: "Catalogue sync",
      events: [],
      is_enabled: true,
      disabled_reason: null,
      previous_secret_expires_at: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
    });
    const { secret: _secret, ...withoutSecret } = hook;
    expectResponse(await call(server, "GET", `/webhooks/${hook.id}`, { token: admin }), 200, withoutSecret);
    expectResponse(await call(server, "GET", "/webhooks", { token: admin }), 200, { total: 1, data: [withoutSecret] });
  });

  it.each([
    ["a non-http scheme", { url: "ftp://127.0.0.1/hook" }, "/url", "must use http or https"],
    ["credentials in the URL", { url: "http://user:pw@127.0.0.1/hook" }, "/url", "must not contain credentials; authenticate the request by its signature"],
    ["an unknown event pattern", { url: "http://127.0.0.1/hook", events: ["Photo.created"] }, "/events/0", expect.stringContaining("must be <Entity>.<event>")],
  ])("refuses %s with 422", async (_name, body, path, message) => {
    const response = await call<Json>(server, "POST", "/webhooks", { token: admin, body });
    expect(response.status).toBe(422);
    expect(response.body.details).toEqual([{ path, message }]);
  });

  it("is for admins only, and per organization", async () => {
    expect((await call(server, "GET", "/webhooks", { token: editor })).status).toBe(403);
    expectResponse(await call(server, "GET", "/webhooks", { token: betaAdmin }), 200, { total: 0, data: [] });
    for (const [method, path] of [
      ["GET", `/webhooks/${hook.id}`],
      ["PATCH", `/webhooks/${hook.id}`],
      ["DELETE", `/webhooks/${hook.id}`],
      ["POST", `/webhooks/${hook.id}/rotate-secret`],
      ["GET", `/webhooks/${hook.id}/deliveries`],
    ] as const) {
      expectResponse(await call(server, method, path, { token: betaAdmin, ...(method === "PATCH" ? { body: {} } : {}) }), 404, { code: "404", message: "webhook not found" });
    }
  });
});

describe("delivery", () => {
  it("sends exactly one signed batch per change: created, updated, deleted", async () => {
    const created = ok(await call<Json>(server, "POST", "/content/muscle-groups", { token: editor, body: { name: "Hook Glutes" } }), 201);
    await settle(receiver, 1);
    const first = receiver.requests[0]!;
    expect(first.headers["content-type"]).toBe("application/json");
    expect(first.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(verified(hook.secret!, first)).toEqual([{ event: "created", entity: "MuscleGroup", data: inAllLanguages(created) }]);

    const updated = ok(await call<Json>(server, "PATCH", `/content/muscle-groups/${created.id}`, { token: editor, body: { name: "Hook Glutes 2" } }));
    await settle(receiver, 2);
    expect(verified(hook.secret!, receiver.requests[1]!)).toEqual([{ event: "updated", entity: "MuscleGroup", data: inAllLanguages(updated) }]);

    expect((await call(server, "DELETE", `/content/muscle-groups/${created.id}`, { token: editor })).status).toBe(204);
    await settle(receiver, 3);
    expect(verified(hook.secret!, receiver.requests[2]!)).toEqual([{ event: "deleted", entity: "MuscleGroup", data: inAllLanguages(updated) }]);
    expect(new Set(receiver.requests.map((request) => request.headers["webhook-id"])).size).toBe(3);
  });

  it("sends nothing for changes that did not commit", async () => {
    const created = ok(await call<Json>(server, "POST", "/content/body-parts", { token: editor, body: { name: "Hook Core" } }), 201);
    await settle(receiver, 4);
    // A stale If-Match and a taken slug both fail inside their transaction.
    expect((await call(server, "PATCH", `/content/body-parts/${created.id}`, { token: editor, body: { name: "X" }, headers: { "If-Match": `"${created.id}.99"` } })).status).toBe(412);
    expect((await call(server, "POST", "/content/body-parts", { token: editor, body: { name: "Other", slug: created.slug } })).status).toBe(409);
    await sleep(1000);
    expect(receiver.requests).toHaveLength(4);
  });

  it("batches a burst of changes into one array", async () => {
    const before = receiver.requests.length;
    const names = ["Hook A", "Hook B", "Hook C"];
    await Promise.all(names.map((name) => call(server, "POST", "/content/goals", { token: editor, body: { name } })));
    await receiver.waitFor((r) => r.delivered().filter((event) => event.entity === "FitnessGoal").length >= 3);
    const events = receiver.requests.slice(before).flatMap((request) => verified(hook.secret!, request));
    // Payloads carry every language, whatever language the editor's request used.
    expect(events.map((event) => (event.data.name as { default: string }).default).sort()).toEqual(names);
    const first = (events[0]!.data.name as { default: string }).default;
    expect(events[0]!.data.name).toEqual({ default: first, en: first, de: "", fr: "", es: "" });
    expect(receiver.requests.length - before).toBeLessThanOrEqual(2);
  });

  it("carries every text as a MultiLangString, also those the specification types string", async () => {
    const before = receiver.requests.length;
    await call(server, "POST", "/content/equipment/brands", { token: editor, body: { name: { en: "Hook Brand", de: "Hakenmarke" } }, headers: { "Accept-Language": "de" } });
    await settle(receiver, before + 1);
    const [event] = verified(hook.secret!, receiver.requests[before]!);
    expect(event).toMatchObject({ event: "created", entity: "EquipmentBrand", data: { name: { default: "Hook Brand", en: "Hook Brand", de: "Hakenmarke", fr: "", es: "" } } });
  });

  it("lists deliveries with their attempts", async () => {
    const list = ok(await call<List<Delivery>>(server, "GET", `/webhooks/${hook.id}/deliveries?filter[limit]=2`, { token: admin }));
    expect(list.total).toBeGreaterThanOrEqual(5);
    expect(list.data).toHaveLength(2);
    const oldest = ok(await call<List<Delivery>>(server, "GET", `/webhooks/${hook.id}/deliveries?filter[order][created]=asc&filter[limit]=1`, { token: admin })).data[0]!;
    expect(oldest).toEqual({
      id: receiver.requests[0]!.headers["webhook-id"],
      webhook_id: hook.id,
      status: "succeeded",
      events: [{ event: "created", entity: "MuscleGroup", id: expect.any(Number) }],
      attempt_count: 1,
      next_attempt_at: null,
      last_status_code: 200,
      last_error: null,
      created_at: expect.any(String),
      completed_at: expect.any(String),
      attempts: [{ attempted_at: expect.any(String), status_code: 200, duration_ms: expect.any(Number), response_excerpt: "answer 200 from the test receiver", error: null }],
    });
    const failedOnly = ok(await call<List<Delivery>>(server, "GET", `/webhooks/${hook.id}/deliveries?filter[where][status][eq]=failed`, { token: admin }));
    expect(failedOnly).toEqual({ total: 0, data: [] });
  });

  it("signs with both secrets during a rotation", async () => {
    const rotated = ok(await call<Webhook>(server, "POST", `/webhooks/${hook.id}/rotate-secret`, { token: admin }));
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(hook.secret);
    secrets.push(rotated.secret!);
    const overlapEnds = Date.parse(rotated.previous_secret_expires_at as string);
    expect(overlapEnds - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    const before = receiver.requests.length;
    await call(server, "POST", "/content/muscle-groups", { token: editor, body: { name: "Hook Rotation" } });
    await settle(receiver, before + 1);
    const request = receiver.requests[before]!;
    expect(request.headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    expect(verified(rotated.secret!, request)[0]!.data.name).toMatchObject({ default: "Hook Rotation" });
    expect(verified(hook.secret!, request)[0]!.data.name).toMatchObject({ default: "Hook Rotation" });
    hook = rotated;
  });

  it("sends only the events a receiver asked for, and only its organization's", async () => {
    const picky = await startReceiver();
    try {
      const created = ok(await call<Webhook>(server, "POST", "/webhooks", { token: admin, body: { url: picky.url, events: ["BodyPart.deleted"] } }), 201);
      const betaReceiver = await startReceiver();
      const betaHook = ok(await call<Webhook>(server, "POST", "/webhooks", { token: betaAdmin, body: { url: betaReceiver.url } }), 201);
      const part = ok(await call<Json>(server, "POST", "/content/body-parts", { token: editor, body: { name: "Hook Filter" } }), 201);
      await call(server, "DELETE", `/content/body-parts/${part.id}`, { token: editor });
      await picky.waitFor((r) => r.requests.length >= 1);
      await sleep(800);
      expect(picky.requests.flatMap((request) => verified(created.secret!, request)).map((event) => `${event.entity}.${event.event}`)).toEqual(["BodyPart.deleted"]);
      expect(betaReceiver.requests).toHaveLength(0);
      expect(ok(await call<List<Webhook>>(server, "GET", "/webhooks", { token: betaAdmin })).data.map((webhook) => webhook.id)).toEqual([betaHook.id]);
      await betaReceiver.close();
      expect((await call(server, "DELETE", `/webhooks/${created.id}`, { token: admin })).status).toBe(204);
      expect((await call(server, "GET", `/webhooks/${created.id}`, { token: admin })).status).toBe(404);
    } finally {
      await picky.close();
    }
  });

  it("disables a receiver that answers 410, and enables it again on request", async () => {
    receiver.respond = () => 410;
    const before = receiver.requests.length;
    await call(server, "POST", "/content/muscle-groups", { token: editor, body: { name: "Hook Gone" } });
    await settle(receiver, before + 1);
    const disabled = ok(await call<Webhook>(server, "GET", `/webhooks/${hook.id}`, { token: admin }));
    expect(disabled.is_enabled).toBe(false);
    expect(disabled.disabled_reason).toMatch(/^the receiver answered 410 Gone at /);
    const [delivery] = ok(await call<List<Delivery>>(server, "GET", `/webhooks/${hook.id}/deliveries?filter[limit]=1`, { token: admin })).data;
    expect(delivery).toMatchObject({ status: "failed", last_status_code: 410, attempt_count: 1 });

    // Nothing goes to a disabled receiver, and it cannot be retried until enabled.
    await call(server, "POST", "/content/muscle-groups", { token: editor, body: { name: "Hook Ignored" } });
    await sleep(1000);
    expect(receiver.requests).toHaveLength(before + 1);
    const retry = await call<Json>(server, "POST", `/webhooks/${hook.id}/deliveries/${delivery!.id}/retry`, { token: admin });
    expect(retry.status).toBe(409);
    expect(retry.body.message).toMatch(/^the webhook is disabled \(the receiver answered 410 Gone at .*\); enable it with PATCH/);

    receiver.respond = () => 200;
    expect(ok(await call<Webhook>(server, "PATCH", `/webhooks/${hook.id}`, { token: admin, body: { is_enabled: true } }))).toMatchObject({ is_enabled: true, disabled_reason: null });
    const retried = await call<Delivery>(server, "POST", `/webhooks/${hook.id}/deliveries/${delivery!.id}/retry`, { token: admin });
    expect(retried.status).toBe(202);
    expect(retried.body.status).toBe("pending");
    await receiver.waitFor((r) => r.requests.length >= before + 2);
    expect(verified(hook.secret!, receiver.requests[before + 1]!)[0]!.data.name).toMatchObject({ default: "Hook Gone" });
    expect(receiver.requests[before + 1]!.headers["webhook-id"]).toBe(delivery!.id);
  });
});

describe("secrets", () => {
  it("are never logged and stored only encrypted", async () => {
    await stopProcess(server.process);
    expect(secrets).toHaveLength(2);
    for (const secret of secrets) {
      expect(server.output()).not.toContain(secret);
      expect(server.output()).not.toContain(secret.slice("whsec_".length, 20));
    }
    const database = await openDatabase({ dataDir: context.prepared.dataDir, DATABASE_URL: context.prepared.databaseUrl, DATABASE_POOL_MAX: 1 });
    try {
      const rows = await queryRows<Record<string, unknown>>(database.db, sql`select * from webhook_endpoints`);
      const dump = JSON.stringify(rows);
      for (const secret of secrets) expect(dump).not.toContain(secret.slice("whsec_".length, 20));
      const alphaHook = rows.find((row) => row.id === hook.id)!;
      expect(alphaHook.secret_encrypted).toMatch(/^v1\.[A-Za-z0-9_-]{60,}$/);
      expect(alphaHook.previous_secret_encrypted).toMatch(/^v1\.[A-Za-z0-9_-]{60,}$/);
    } finally {
      await database.close();
    }
  });
});
