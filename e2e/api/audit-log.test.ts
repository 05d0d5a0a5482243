import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiFetch, call, loginAs, type TokenPair } from "../support/api";
import { PASSWORD } from "../support/fixtures";
import { expectResponse, ok, seedCatalogue, workoutBody, type Catalogue, type Json, type List } from "../support/catalogue";
import type { TestServer } from "../support/server";
import { startWebhookServer } from "../support/webhook-receiver";

/**
 * The audit log (docs/api.md "Audit log (admins)", ADR 23): a scripted session of every kind of audited
 * action leaves exactly one entry per action, with its actor, credential, request id and target, and
 * no secret of the session appears in the log or its JSON-lines export.
 */
type Entry = {
  id: number;
  at: string;
  action: string;
  actor: { type: string; id: string | null; label: string | null };
  credential: string;
  request_id: string | null;
  target: { type: string; id: string | null; label: string | null };
  details: Json;
};

let context: Awaited<ReturnType<typeof startWebhookServer>>;
let server: TestServer;
let admin: TokenPair;
let cat: Catalogue;

beforeAll(async () => {
  context = await startWebhookServer(["alpha"]);
  server = context.server;
  admin = await loginAs(server, "alphaAdmin");
  cat = await seedCatalogue(server, admin.token);
});
afterAll(async () => {
  await context?.stop();
});

const NEW_PASSWORD = "audit-new-password-42";
const WRONG_PASSWORD = "wrong-password-Zq8";
const API_KEY = "pk_live_auditSeCrEt-1234";

/** Every entry of the organization, oldest first. */
async function allEntries(token: string): Promise<Entry[]> {
  return ok(await call<List<Entry>>(server, "GET", "/audit-log?filter[order][at]=asc&filter[limit]=250", { token })).data;
}

describe("audit log", () => {
  const secrets: string[] = [PASSWORD, NEW_PASSWORD, WRONG_PASSWORD, API_KEY];
  const expected: [string, string, string | null, string][] = [];
  let session: TokenPair;
  let entries: Entry[];

  it("records one entry per action of a scripted session", { timeout: 180_000 }, async () => {
    let step = 0;
    const as = (token?: string) => {
      step += 1;
      return { token, headers: { "X-Request-Id": `script-${step}` } };
    };
    const expectEntry = (action: string, credential: string, targetId: string | null, targetType: string) => expected.push([`script-${step}`, action, targetId, `${targetType}/${credential}`]);

    // Sign-ins: a failure, then a success with the password; a refresh.
    expect((await call(server, "POST", "/auth/login", { ...as(), body: { email: "editor@alpha.test", password: WRONG_PASSWORD, code: "alpha", scope: "platform" } })).status).toBe(401);
    expectEntry("auth.sign_in_failed", "password", null, "User");
    expect((await call(server, "POST", "/auth/login", { ...as(), body: { email: WRONG_PASSWORD, password: WRONG_PASSWORD, code: "alpha", scope: "platform" } })).status).toBe(401);
    expectEntry("auth.sign_in_failed", "password", null, "User");
    session = ok(await call<TokenPair>(server, "POST", "/auth/login", { ...as(), body: { email: "admin@alpha.test", password: PASSWORD, code: "alpha", scope: "platform" } }));
    secrets.push(session.access_token, session.refresh_token);
    expectEntry("auth.signed_in", "password", null, "User");
    const refreshed = ok(await call<TokenPair>(server, "POST", "/auth/token/refresh", { ...as(), body: { refresh_token: session.refresh_token } }));
    secrets.push(refreshed.access_token, refreshed.refresh_token);
    expectEntry("token.refreshed", "refresh_token", null, "Session");
    const token = refreshed.access_token;

    // Integration tokens.
    const integration = ok(await call<{ id: string; token: string }>(server, "POST", "/auth/integration", { ...as(token), body: { name: "Audit partner", scope: "mobile" } }), 201);
    secrets.push(integration.token);
    expectEntry("token.issued", "access_token", integration.id, "IntegrationToken");
    expect((await call(server, "DELETE", `/auth/integration/token/${integration.id}`, as(token))).status).toBe(204);
    expectEntry("token.revoked", "access_token", integration.id, "IntegrationToken");

    // Users and roles.
    const user = ok(await call<{ id: string }>(server, "POST", "/users", { ...as(token), body: { email: "audited@alpha.test", password: NEW_PASSWORD, role: "editor" } }), 201);
    expectEntry("user.created", "access_token", user.id, "User");
    ok(await call(server, "PATCH", `/users/${user.id}`, { ...as(token), body: { role: "translator", languages: ["de"], password: `${NEW_PASSWORD}-2` } }));
    secrets.push(`${NEW_PASSWORD}-2`);
    expectEntry("user.updated", "access_token", user.id, "User");
    expect((await call(server, "DELETE", `/users/${user.id}`, as(token))).status).toBe(204);
    expectEntry("user.deleted", "access_token", user.id, "User");

    // Content: created, changed, status changed, deleted.
    const workout = ok(await call<{ id: string }>(server, "POST", "/content/workouts", { ...as(token), body: workoutBody(cat) }), 201);
    expectEntry("content.created", "access_token", workout.id, "Workout");
    ok(await call(server, "PATCH", `/content/workouts/${workout.id}`, { ...as(token), body: { description: { en: "Changed" } } }));
    expectEntry("content.updated", "access_token", workout.id, "Workout");
    ok(await call(server, "PATCH", `/content/workouts/${workout.id}/status`, { ...as(token), body: { default: "published" } }));
    expectEntry("status.changed", "access_token", workout.id, "Workout");
    expect((await call(server, "DELETE", `/content/workouts/${workout.id}`, as(token))).status).toBe(204);
    expectEntry("content.deleted", "access_token", workout.id, "Workout");

    // Webhooks.
    const hook = ok(await call<{ id: string; secret: string }>(server, "POST", "/webhooks", { ...as(token), body: { url: "http://127.0.0.1:9/in?key=receiver-key-77", events: [] } }), 201);
    secrets.push(hook.secret, "receiver-key-77");
    expectEntry("webhook.created", "access_token", hook.id, "Webhook");
    const rotated = ok(await call<{ secret: string }>(server, "POST", `/webhooks/${hook.id}/rotate-secret`, as(token)));
    secrets.push(rotated.secret);
    expectEntry("webhook.secret_rotated", "access_token", hook.id, "Webhook");
    ok(await call(server, "PATCH", `/webhooks/${hook.id}`, { ...as(token), body: { description: "Audited" } }));
    expectEntry("webhook.updated", "access_token", hook.id, "Webhook");
    expect((await call(server, "DELETE", `/webhooks/${hook.id}`, as(token))).status).toBe(204);
    expectEntry("webhook.deleted", "access_token", hook.id, "Webhook");

    // Integrations.
    const connection = ok(
      await call<{ id: string }>(server, "POST", "/integrations/connections", {
        ...as(token),
        body: { integration: "http-content", name: "Audited catalogue", settings: [{ setting_id: "http-content.base_url", value: "https://api.provider.example/v1" }, { setting_id: "http-content.api_key", value: API_KEY }] },
      }),
      201,
    );
    expectEntry("integration.created", "access_token", connection.id, "IntegrationConnection");
    ok(await call(server, "PATCH", `/integrations/connections/${connection.id}`, { ...as(token), body: { settings: [{ setting_id: "http-content.api_key", value: `${API_KEY}-new` }] } }));
    secrets.push(`${API_KEY}-new`);
    expectEntry("integration.updated", "access_token", connection.id, "IntegrationConnection");
    expect((await call(server, "DELETE", `/integrations/connections/${connection.id}`, as(token))).status).toBe(204);
    expectEntry("integration.deleted", "access_token", connection.id, "IntegrationConnection");

    // Revoking the session's refresh token ends it.
    expect((await call(server, "POST", "/auth/token/revoke", { ...as(), body: { refresh_token: refreshed.refresh_token } })).status).toBe(204);
    expectEntry("token.revoked", "refresh_token", null, "Session");

    entries = (await allEntries(admin.token)).filter((entry) => entry.request_id?.startsWith("script-"));
    const actual = entries.map((entry) => [entry.request_id, entry.action, expected.find(([id]) => id === entry.request_id)?.[2] === null ? null : entry.target.id, `${entry.target.type}/${entry.credential}`]);
    expect(actual).toEqual(expected);

    // Actors: a failure names the account whose password was wrong, never what was typed as a name; the rest the admin.
    const adminId = entries.find((entry) => entry.action === "auth.signed_in")!.actor.id;
    expect(entries[0]!.actor).toEqual({ type: "user", id: expect.any(String), label: "editor@alpha.test" });
    expect(entries[0]!.target).toEqual({ type: "User", id: entries[0]!.actor.id, label: null });
    expect(entries[1]!.actor).toEqual({ type: "system", id: null, label: null });
    expect(entries[1]!.target).toEqual({ type: "User", id: null, label: null });
    for (const entry of entries.slice(2)) expect(entry.actor).toEqual({ type: "user", id: adminId, label: "admin@alpha.test" });
    expect(entries.find((entry) => entry.action === "status.changed")!.details).toEqual({ version: 3, changes: { default: "published" } });
    expect(entries.find((entry) => entry.action === "content.created")!.details).toEqual({ version: 1 });
  });

  it("holds no secret of the session, in the list or the export", async () => {
    const listed = JSON.stringify(await allEntries(admin.token));
    const exported = await (await apiFetch(server, "/audit-log/export?filter[order][at]=asc", { headers: { Authorization: `Bearer ${admin.token}` } })).text();
    expect(exported.length).toBeGreaterThan(0);
    for (const secret of secrets) {
      expect(listed).not.toContain(secret);
      expect(exported).not.toContain(secret);
    }
  });

  it("exports every entry as JSON lines, in the filter's order", async () => {
    const response = await apiFetch(server, "/audit-log/export?filter[where][action]=token.revoked&filter[order][at]=asc", { headers: { Authorization: `Bearer ${admin.token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/jsonl; charset=utf-8");
    const lines = (await response.text()).split("\n");
    expect(lines.pop()).toBe("");
    const exported = lines.map((line) => JSON.parse(line) as Entry);
    const listed = ok(await call<List<Entry>>(server, "GET", "/audit-log?filter[where][action]=token.revoked&filter[order][at]=asc", { token: admin.token }));
    expect(exported).toEqual(listed.data);
    expect(exported.map((entry) => entry.action)).toEqual(["token.revoked", "token.revoked"]);
    for (const entry of exported) expect(server.contract.validate("#/components/schemas/AuditEntry", entry)).toEqual([]);
  });

  it("filters by the filter language and pages", async () => {
    const page = ok(await call<List<Entry>>(server, "GET", "/audit-log?filter[where][target_type][in]=Webhook,IntegrationConnection&filter[limit]=2&filter[offset]=1", { token: admin.token }));
    expect(page.total).toBe(7);
    expect(page.data.map((entry) => entry.action)).toEqual(["integration.updated", "integration.created"]);
    const bad = await call(server, "GET", "/audit-log?filter[where][secret]=x", { token: admin.token });
    expect(bad.status).toBe(400);
  });

  it("is for admins of the organization only", async () => {
    const editor = await loginAs(server, "alphaEditor");
    expectResponse(await call(server, "GET", "/audit-log", { token: editor.token }), 403, { code: "403", message: "this operation requires the admin role" });
    expectResponse(await call(server, "GET", "/audit-log/export", { token: editor.token }), 403, { code: "403", message: "this operation requires the admin role" });
    const beta = await loginAs(server, "betaAdmin");
    const betaEntries = await allEntries(beta.token);
    expect(betaEntries.every((entry) => !entry.request_id?.startsWith("script-"))).toBe(true);
    expect(betaEntries.map((entry) => entry.action)).toEqual(["auth.signed_in"]);
  });
});
