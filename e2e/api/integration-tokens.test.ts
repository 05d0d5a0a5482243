import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, decodeJwt, loginAs } from "../support/api";
import { startTestServer, type TestServer } from "../support/server";

let server: TestServer;
let adminToken: string;
beforeAll(async () => {
  server = await startTestServer();
  adminToken = (await loginAs(server, "alphaAdmin")).token;
});
afterAll(async () => {
  await server?.stop();
});

type Created = { id: string; token: string; name: string; scope: string; created_at: string; expires_at: string };
const issue = (name: string, token = adminToken, scope?: string) =>
  call<Created>(server, "POST", "/auth/integration", { token, body: { name, ...(scope ? { scope } : {}) } });

describe("integration tokens", () => {
  it("issues a one-year token shown once, and lists tokens without secrets", async () => {
    const response = await issue("Partner sync", adminToken, "mobile");
    expect(response.status).toBe(201);
    expect(Object.keys(response.body).sort()).toEqual(["created_at", "expires_at", "id", "name", "scope", "token"]);
    expect(response.headers.get("location")).toBe(`/api/v3/auth/integration/token/${response.body.id}`);
    const lifetime = Date.parse(response.body.expires_at) - Date.parse(response.body.created_at);
    expect(Math.round(lifetime / 86_400_000)).toBe(365);
    expect(decodeJwt(response.body.token)).toMatchObject({ role: "integration", jti: response.body.id, scope: "mobile" });

    const list = await call<{ total: number; limit: number; data: Record<string, unknown>[] }>(server, "GET", "/auth/integration", { token: adminToken });
    expect(list.status).toBe(200);
    expect(list.body.limit).toBe(10);
    const listed = list.body.data.find((token) => token.id === response.body.id)!;
    expect(listed).toEqual({ id: response.body.id, name: "Partner sync", scope: "mobile", created_at: response.body.created_at, expires_at: response.body.expires_at, last_used_at: null });
    expect(JSON.stringify(list.body)).not.toContain(response.body.token);
  });

  it("is read-only and limited to /content/...: every other endpoint answers 403", async () => {
    const { body } = await issue("Read only", adminToken, "platform");
    const forbidden = { code: "403", message: "integration tokens can only read /content/... endpoints" };
    for (const [method, path, payload] of [
      ["GET", "/users", undefined],
      ["POST", "/users", { email: "x@alpha.test", password: "password-123", role: "editor" }],
      ["GET", "/auth/integration", undefined],
      ["POST", "/auth/integration", { name: "escalate" }],
    ] as const) {
      const response = await call(server, method, path, { token: body.token, body: payload });
      expect(response.status).toBe(403);
      expect(response.body).toEqual(forbidden);
    }
  });

  it("records when a token was last used", async () => {
    const { body } = await issue("Usage");
    const before = Date.now();
    await call(server, "GET", "/users", { token: body.token });
    // The use is recorded off the request's path, so the list shows it a moment later.
    const lastUsed = async () => {
      const list = await call<{ data: { id: string; last_used_at: string | null }[] }>(server, "GET", "/auth/integration", { token: adminToken });
      return list.body.data.find((token) => token.id === body.id)!.last_used_at;
    };
    await expect.poll(lastUsed, { timeout: 10_000, interval: 100 }).not.toBeNull();
    expect(Date.parse((await lastUsed())!)).toBeGreaterThanOrEqual(before - 1_000);
  });

  it("stops working at once when deleted, by id or by body", async () => {
    const one = (await issue("Delete by id")).body;
    const two = (await issue("Delete by body")).body;
    expect((await call(server, "DELETE", `/auth/integration/token/${one.id}`, { token: adminToken })).status).toBe(204);
    expect((await call(server, "DELETE", "/auth/integration", { token: adminToken, body: { token_id: two.id } })).status).toBe(204);
    for (const token of [one.token, two.token]) {
      const response = await call(server, "GET", "/users", { token });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ code: "401", message: "the token has been revoked" });
    }
    const again = await call(server, "DELETE", `/auth/integration/token/${one.id}`, { token: adminToken });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ code: "404", message: "integration token not found" });
  });

  it("allows at most 10 live tokens: the 11th is a 409, deleting one makes room", async () => {
    const list = await call<{ total: number; data: { id: string }[] }>(server, "GET", "/auth/integration", { token: adminToken });
    for (let i = list.body.total; i < 10; i++) expect((await issue(`Filler ${i}`)).status).toBe(201);
    const eleventh = await issue("One too many");
    expect(eleventh.status).toBe(409);
    expect(eleventh.body).toEqual({ code: "409", message: "an organization can hold at most 10 live integration tokens; delete one first" });
    const victim = (await call<{ data: { id: string }[] }>(server, "GET", "/auth/integration", { token: adminToken })).body.data[0]!;
    await call(server, "DELETE", `/auth/integration/token/${victim.id}`, { token: adminToken });
    expect((await issue("Room again")).status).toBe(201);
  });

  it("keeps organizations apart: beta cannot see or delete alpha's tokens", async () => {
    const betaAdmin = (await loginAs(server, "betaAdmin")).token;
    const alphaTokens = (await call<{ data: { id: string }[] }>(server, "GET", "/auth/integration", { token: adminToken })).body.data;
    const betaList = await call<{ total: number }>(server, "GET", "/auth/integration", { token: betaAdmin });
    expect(betaList.body.total).toBe(0);
    const response = await call(server, "DELETE", `/auth/integration/token/${alphaTokens[0]!.id}`, { token: betaAdmin });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ code: "404", message: "integration token not found" });
  });

  it("is for admins only, and never for mobile tokens", async () => {
    const editor = (await loginAs(server, "alphaEditor")).token;
    const editorResponse = await issue("Editor's", editor);
    expect(editorResponse.status).toBe(403);
    expect(editorResponse.body).toEqual({ code: "403", message: "this operation requires the admin role" });
    const mobile = (await loginAs(server, "alphaAdmin", "mobile")).token;
    const mobileResponse = await issue("Mobile's", mobile);
    expect(mobileResponse.status).toBe(403);
    expect(mobileResponse.body).toEqual({ code: "403", message: "mobile tokens are read-only" });
    const mobileList = await call(server, "GET", "/auth/integration", { token: mobile });
    expect(mobileList.body).toEqual({ code: "403", message: "this endpoint requires a platform token" });
  });

  it.each([
    [{}, 400, { code: "400", message: "/name: is required", details: [{ path: "/name", message: "is required" }] }],
    [{ name: "  " }, 422, { code: "422", message: "/name: must not be empty", details: [{ path: "/name", message: "must not be empty" }] }],
    [{ name: "x", scope: "root" }, 422, { code: "422", message: '/scope: Invalid option: expected one of "mobile"|"platform"', details: [{ path: "/scope", message: 'Invalid option: expected one of "mobile"|"platform"' }] }],
  ])("validates the request %j", async (body, status, expected) => {
    const response = await call(server, "POST", "/auth/integration", { token: adminToken, body });
    expect(response.status).toBe(status);
    expect(response.body).toEqual(expected);
  });

  it("validates the token id", async () => {
    const response = await call(server, "DELETE", "/auth/integration/token/not-a-uuid", { token: adminToken });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ code: "422", message: "/id: must be a uuid", details: [{ path: "/id", message: "must be a uuid" }] });
  });
});
