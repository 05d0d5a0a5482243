import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, loginAs } from "../support/api";
import { expectResponse, ok, type Json, type List } from "../support/content";
import { startTestServer, stopProcess, type TestServer } from "../support/server";
import { sleep, startReceiver, startWebhookServer, type Receiver } from "../support/webhook-receiver";

/**
 * The closed beta (403 until enabled) and the address rule (docs/api.md "Webhooks (admins; closed beta)"): private, loopback and
 * link-local receivers are refused at registration (422) and again at delivery, here on servers
 * without WEBHOOK_ALLOW_PRIVATE.
 */
let context: Awaited<ReturnType<typeof startWebhookServer>>;
let receiver: Receiver;
let hookId: string;
let strict: TestServer;

beforeAll(async () => {
  receiver = await startReceiver();
  // Registered while private addresses are allowed, by name, so that delivery must resolve it.
  context = await startWebhookServer(["alpha"]);
  const admin = (await loginAs(context.server, "alphaAdmin")).token;
  const port = new URL(receiver.url).port;
  hookId = ok(await call<Json & { id: string }>(context.server, "POST", "/webhooks", { token: admin, body: { url: `http://localhost:${port}/hooks` } }), 201).id;
  await stopProcess(context.server.process);
  strict = await startTestServer({ reuse: context.prepared, keepData: true, env: { WEBHOOK_ALLOW_PRIVATE: "0", JOBS_POLL_MS: "100" } });
});
afterAll(async () => {
  await receiver?.close();
  if (strict) await stopProcess(strict.process);
  await context?.prepared.drop();
});

const BETA_MESSAGE = "webhooks are in closed beta and not enabled for this organization; ask the operator to enable them (npm run cli -- enable-webhooks --org <code>)";

describe("the webhook beta and the address rule", () => {
  it("answers 403 with a clear message until webhooks are enabled for the organization", async () => {
    const betaAdmin = (await loginAs(strict, "betaAdmin")).token;
    for (const [method, path, body] of [
      ["GET", "/webhooks", undefined],
      ["POST", "/webhooks", { url: "https://example.com/hooks" }],
      ["GET", `/webhooks/${hookId}`, undefined],
      ["DELETE", `/webhooks/${hookId}`, undefined],
      ["POST", `/webhooks/${hookId}/rotate-secret`, undefined],
      ["GET", `/webhooks/${hookId}/deliveries`, undefined],
    ] as const) {
      expectResponse(await call(strict, method, path, { token: betaAdmin, body }), 403, { code: "403", message: BETA_MESSAGE });
    }
  });

  it.each([
    ["http://127.0.0.1:8080/hooks", "127.0.0.1 is a private, loopback or link-local address"],
    ["http://10.1.2.3/hooks", "10.1.2.3 is a private, loopback or link-local address"],
    ["http://169.254.169.254/latest/meta-data", "169.254.169.254 is a private, loopback or link-local address"],
    ["http://[::1]:8080/hooks", "::1 is a private, loopback or link-local address"],
    ["http://[fe80::1]/hooks", "fe80::1 is a private, loopback or link-local address"],
  ])("refuses %s at registration (422)", async (url, message) => {
    const admin = (await loginAs(strict, "alphaAdmin")).token;
    expectResponse(await call(strict, "POST", "/webhooks", { token: admin, body: { url } }), 422, { code: "422", message: `/url: ${message}`, details: [{ path: "/url", message }] });
  });

  it("refuses a host name that resolves to a loopback address", async () => {
    const admin = (await loginAs(strict, "alphaAdmin")).token;
    const response = await call<Json>(strict, "POST", "/webhooks", { token: admin, body: { url: "http://localhost:9/hooks" } });
    expect(response.status).toBe(422);
    expect(response.body.message).toMatch(/^\/url: localhost resolves to (127\.0\.0\.1|::1), a private, loopback or link-local address$/);
    const patched = await call<Json>(strict, "PATCH", `/webhooks/${hookId}`, { token: admin, body: { url: "http://127.0.0.1:9/x" } });
    expect(patched.status).toBe(422);
  });

  it("refuses again at delivery time, after resolving the receiver's name", async () => {
    const admin = (await loginAs(strict, "alphaAdmin")).token;
    const editor = (await loginAs(strict, "alphaEditor")).token;
    ok(await call(strict, "POST", "/content/muscle-groups", { token: editor, body: { name: "Not For Localhost" } }), 201);
    type Delivery = { attempts: { status_code: number | null; error: string | null }[] };
    let deliveries: Delivery[] = [];
    for (let round = 0; round < 50 && deliveries[0]?.attempts.length !== 1; round++) {
      await sleep(100);
      deliveries = ok(await call<List<Delivery>>(strict, "GET", `/webhooks/${hookId}/deliveries`, { token: admin })).data;
    }
    expect(deliveries[0]!.attempts[0]!.status_code).toBeNull();
    expect(deliveries[0]!.attempts[0]!.error).toMatch(/^refused: localhost resolves to (127\.0\.0\.1|::1), a private, loopback or link-local address$/);
    expect(receiver.requests).toHaveLength(0);
  });
});
