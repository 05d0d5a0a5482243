import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, loginAs } from "../support/api";
import { USERS } from "../support/fixtures";
import { startTestServer, type TestServer } from "../support/server";

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = (await loginAs(server, "alphaAdmin")).token;
});
afterAll(async () => {
  await server?.stop();
});

type User = { id: string; email: string; role: string; languages: string[]; created_at: string; updated_at: string };
type UserList = { total: number; data: User[] };

const login = (email: string, password: string, code = "alpha") =>
  call<{ token: string; refresh_token: string }>(server, "POST", "/auth/login", { body: { email, password, code, scope: "platform" } });

async function createUser(body: Record<string, unknown>) {
  const response = await call<User>(server, "POST", "/users", { token: admin, body });
  expect(response.status).toBe(201);
  return response.body;
}

describe("users API", () => {
  it("lists the organization's users only, with paging and filters", async () => {
    const list = await call<UserList>(server, "GET", "/users", { token: admin });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(4);
    expect(list.body.data.map((user) => user.email).sort()).toEqual(
      [USERS.alphaAdmin, USERS.alphaEditor, USERS.alphaTranslator, USERS.alphaMember].map((user) => user.email).sort(),
    );
    const translator = list.body.data.find((user) => user.role === "translator")!;
    expect(translator.languages).toEqual(["de"]);
    expect(Object.keys(translator).sort()).toEqual(["created_at", "email", "id", "languages", "role", "updated_at"]);

    const page = await call<UserList>(server, "GET", "/users?filter[limit]=2&filter[offset]=1&filter[order][email]=asc", { token: admin });
    expect(page.body.total).toBe(4);
    expect(page.body.data.map((user) => user.email)).toEqual(["editor@alpha.test", "member@alpha.test"]);
    const editors = await call<UserList>(server, "GET", "/users?filter[where][role][in]=editor,translator", { token: admin });
    expect(editors.body.data.map((user) => user.role).sort()).toEqual(["editor", "translator"]);
  });

  it("answers a bad filter with 400 naming the parameter", async () => {
    const response = await call(server, "GET", "/users?filter[limit]=251", { token: admin });
    expect(response.status).toBe(400);
    expect((response.body as { details: { path: string }[] }).details[0]!.path).toBe("filter[limit]");
  });

  it("creates a user (201 with Location) who can then log in", async () => {
    const response = await call<User>(server, "POST", "/users", { token: admin, body: { email: "new.editor@alpha.test", password: "new-password-1", role: "editor" } });
    expect(response.status).toBe(201);
    expect(response.headers.get("location")).toBe(`/api/v3/users/${response.body.id}`);
    expect(response.body).toMatchObject({ email: "new.editor@alpha.test", role: "editor", languages: [] });
    expect(JSON.stringify(response.body)).not.toContain("new-password-1");
    expect((await login("new.editor@alpha.test", "new-password-1")).status).toBe(200);
    const fetched = await call<User>(server, "GET", `/users/${response.body.id}`, { token: admin });
    expect(fetched.body).toEqual(response.body);
  });

  it.each([
    [{ email: "EDITOR@alpha.test", password: "password-123", role: "editor" }, 409, { code: "409", message: "a user with email 'EDITOR@alpha.test' already exists" }],
    [{ email: "t2@alpha.test", password: "password-123", role: "translator", languages: ["it"] }, 422, { code: "422", message: "languages: not enabled for this organization: it", details: [{ path: "/languages", message: "not enabled for this organization: it" }] }],
    [{ email: "x@alpha.test", role: "editor" }, 400, { code: "400", message: "/password: is required", details: [{ path: "/password", message: "is required" }] }],
    [{ email: "not-an-email", password: "password-123", role: "owner" }, 422, { code: "422", message: "/email: must be an email address (and 1 more)", details: [{ path: "/email", message: "must be an email address" }, { path: "/role", message: 'Invalid option: expected one of "admin"|"editor"|"translator"|"member"' }] }],
  ])("refuses to create %j", async (body, status, expected) => {
    const response = await call(server, "POST", "/users", { token: admin, body });
    expect(response.status).toBe(status);
    expect(response.body).toEqual(expected);
  });

  it("changes a translator's languages without ending their session", async () => {
    const user = await createUser({ email: "fr.translator@alpha.test", password: "password-123", role: "translator", languages: ["fr"] });
    const session = await login(user.email, "password-123");
    const response = await call<User>(server, "PATCH", `/users/${user.id}`, { token: admin, body: { languages: ["fr", "es"] } });
    expect(response.status).toBe(200);
    expect(response.body.languages).toEqual(["fr", "es"]);
    expect((await call(server, "POST", "/auth/token/refresh", { body: { refresh_token: session.body.refresh_token } })).status).toBe(200);
  });

  it("a demoted user's tokens stop working", async () => {
    const user = await createUser({ email: "demote.me@alpha.test", password: "password-123", role: "editor" });
    const session = await login(user.email, "password-123");
    const response = await call<User>(server, "PATCH", `/users/${user.id}`, { token: admin, body: { role: "member" } });
    expect(response.body.role).toBe("member");
    const refresh = await call(server, "POST", "/auth/token/refresh", { body: { refresh_token: session.body.refresh_token } });
    expect(refresh.status).toBe(401);
    expect((await call(server, "GET", "/auth/integration", { token: session.body.token })).status).toBe(401);
  });

  it("an admin's password reset ends the user's sessions; the new password works", async () => {
    const user = await createUser({ email: "forgetful@alpha.test", password: "old-password-1", role: "editor" });
    const session = await login(user.email, "old-password-1");
    expect((await call(server, "PATCH", `/users/${user.id}`, { token: admin, body: { password: "new-password-1" } })).status).toBe(200);
    expect((await call(server, "POST", "/auth/token/refresh", { body: { refresh_token: session.body.refresh_token } })).status).toBe(401);
    expect((await login(user.email, "old-password-1")).status).toBe(401);
    expect((await login(user.email, "new-password-1")).status).toBe(200);
  });

  it("a removed user's tokens stop working", async () => {
    const user = await createUser({ email: "leaving@alpha.test", password: "password-123", role: "editor" });
    const session = await login(user.email, "password-123");
    expect((await call(server, "DELETE", `/users/${user.id}`, { token: admin })).status).toBe(204);
    expect((await call(server, "POST", "/auth/token/refresh", { body: { refresh_token: session.body.refresh_token } })).status).toBe(401);
    expect((await call(server, "GET", `/users/${user.id}`, { token: admin })).body).toEqual({ code: "404", message: "user not found" });
  });

  it("never removes or demotes the last admin (409)", async () => {
    const me = (await call<UserList>(server, "GET", "/users?filter[where][role]=admin", { token: admin })).body.data[0]!;
    const demote = await call(server, "PATCH", `/users/${me.id}`, { token: admin, body: { role: "editor" } });
    expect(demote.status).toBe(409);
    expect(demote.body).toEqual({ code: "409", message: "an organization must keep at least one admin" });
    const remove = await call(server, "DELETE", `/users/${me.id}`, { token: admin });
    expect(remove.status).toBe(409);
    expect(remove.body).toEqual({ code: "409", message: "an organization must keep at least one admin" });
    // With a second admin, the first may step down.
    const second = await createUser({ email: "second.admin@alpha.test", password: "password-123", role: "admin" });
    expect((await call(server, "DELETE", `/users/${second.id}`, { token: admin })).status).toBe(204);
  });

  it("keeps organizations apart: beta's admin gets 404 for alpha's users", async () => {
    const beta = (await loginAs(server, "betaAdmin")).token;
    const alphaUser = (await call<UserList>(server, "GET", "/users", { token: admin })).body.data[0]!;
    for (const [method, body] of [["GET", undefined], ["PATCH", { role: "member" }], ["DELETE", undefined]] as const) {
      const response = await call(server, method, `/users/${alphaUser.id}`, { token: beta, body });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ code: "404", message: "user not found" });
    }
    const betaList = await call<UserList>(server, "GET", "/users", { token: beta });
    expect(betaList.body.data.map((user) => user.email).sort()).toEqual([USERS.betaAdmin.email, USERS.betaMember.email]);
  });

  it("is for admins only", async () => {
    for (const user of ["alphaEditor", "alphaTranslator"] as const) {
      const token = (await loginAs(server, user)).token;
      const response = await call(server, "GET", "/users", { token });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ code: "403", message: "this operation requires the admin role" });
    }
    const member = (await loginAs(server, "alphaMember", "mobile")).token;
    expect((await call(server, "GET", "/users", { token: member })).body).toEqual({ code: "403", message: "this endpoint requires a platform token" });
  });
});
