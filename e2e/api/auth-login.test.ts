import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, decodeJwt, loginAs, type TokenPair } from "../support/api";
import { PASSWORD, USERS } from "../support/fixtures";
import { startTestServer, type TestServer } from "../support/server";
import { TEST_SECRETS } from "../support/test-env";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const invalid = { code: "401", message: "invalid credentials" };

describe("POST /auth/login", () => {
  it("accepts the X-Scope header with {username, password, code} and answers both namings", async () => {
    const response = await call<TokenPair>(server, "POST", "/auth/login", {
      headers: { "X-Scope": "mobile" },
      body: { username: USERS.alphaMember.email, password: PASSWORD, code: "alpha" },
    });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(["access_token", "expires_in", "refresh_token", "token", "token_type"]);
    expect(response.body.token).toBe(response.body.access_token);
    expect(response.body.expires_in).toBe(14_400);
    expect(response.body.token_type).toBe("Bearer");
    expect(response.body.refresh_token).toMatch(/^rt_[A-Za-z0-9_-]{43}$/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const claims = decodeJwt(response.body.access_token);
    expect(Object.keys(claims).sort()).toEqual(["exp", "iat", "iss", "jti", "org", "role", "scope", "sid", "sub"]);
    expect(claims).toMatchObject({ scope: "mobile", role: "member" });
    expect((claims.exp as number) - (claims.iat as number)).toBe(14_400);
  });

  it("accepts {email, password, code, scope} and matches the email case-insensitively", async () => {
    const response = await call<TokenPair>(server, "POST", "/auth/login", {
      body: { email: "EDITOR@Alpha.test", password: PASSWORD, code: "alpha", scope: "platform" },
    });
    expect(response.status).toBe(200);
    expect(decodeJwt(response.body.token)).toMatchObject({ scope: "platform", role: "editor" });
  });

  it("lets the X-Scope header take precedence over the body's scope", async () => {
    const response = await call<TokenPair>(server, "POST", "/auth/login", {
      headers: { "X-Scope": "mobile" },
      body: { email: USERS.alphaEditor.email, password: PASSWORD, code: "alpha", scope: "platform" },
    });
    expect(decodeJwt(response.body.token).scope).toBe("mobile");
  });

  it("gives a wrong password, an unknown user and an unknown organization the same 401", async () => {
    const attempts = [
      { email: USERS.alphaAdmin.email, password: "wrong-password", code: "alpha" },
      { email: "nobody@alpha.test", password: PASSWORD, code: "alpha" },
      { email: USERS.alphaAdmin.email, password: PASSWORD, code: "no-such-org" },
    ];
    for (const body of attempts) {
      const response = await call(server, "POST", "/auth/login", { body: { ...body, scope: "mobile" } });
      expect(response.status).toBe(401);
      expect(response.body).toEqual(invalid);
    }
    await loginAs(server, "alphaAdmin");
  });

  // That an unknown user costs the same argon2 verification as a wrong password is proven without
  // timing, in lib/auth/login.test.ts (timed assertions are noise on shared machines).

  it("refuses the platform scope to members with 403 and admits them to mobile", async () => {
    const response = await call(server, "POST", "/auth/login", {
      body: { email: USERS.alphaMember.email, password: PASSWORD, code: "alpha", scope: "platform" },
    });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ code: "403", message: "this account cannot use the platform scope: it needs the admin, editor or translator role" });
    expect((await loginAs(server, "alphaMember", "mobile")).token).toBeTruthy();
  });

  it.each([
    [{ password: PASSWORD, code: "alpha", scope: "mobile" }, 400, { code: "400", message: "username: is required", details: [{ path: "/username", message: "is required (or email)" }] }],
    [{ email: "a@alpha.test", code: "alpha", scope: "mobile" }, 400, { code: "400", message: "/password: is required", details: [{ path: "/password", message: "is required" }] }],
    [{ email: "a@alpha.test", password: PASSWORD, scope: "mobile" }, 400, { code: "400", message: "/code: is required", details: [{ path: "/code", message: "is required" }] }],
    [{ email: "a@alpha.test", password: PASSWORD, code: "alpha" }, 400, { code: "400", message: "X-Scope: is required (or scope in the body)", details: [{ path: "X-Scope", message: "is required (or scope in the body)" }] }],
    [{ email: "a@alpha.test", password: "", code: "alpha", scope: "mobile" }, 422, { code: "422", message: "/password: must not be empty", details: [{ path: "/password", message: "must not be empty" }] }],
    [{ email: "a@alpha.test", password: PASSWORD, code: "alpha", scope: "admin" }, 422, { code: "422", message: '/scope: Invalid option: expected one of "mobile"|"platform"', details: [{ path: "/scope", message: 'Invalid option: expected one of "mobile"|"platform"' }] }],
  ])("answers the malformed body %j with %i", async (body, status, expected) => {
    const response = await call(server, "POST", "/auth/login", { body });
    expect(response.status).toBe(status);
    expect(response.body).toEqual(expected);
  });

  it("names a bad X-Scope header", async () => {
    const response = await call(server, "POST", "/auth/login", {
      headers: { "X-Scope": "root" },
      body: { username: "a@alpha.test", password: PASSWORD, code: "alpha" },
    });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      code: "422",
      message: 'X-Scope: Invalid option: expected one of "mobile"|"platform"',
      details: [{ path: "X-Scope", message: 'Invalid option: expected one of "mobile"|"platform"' }],
    });
  });

  it("answers unparseable JSON with 400 and an oversized body with 413", async () => {
    const bad = await call(server, "POST", "/auth/login", { rawBody: '{"email": ', headers: { "Content-Type": "application/json" } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ code: "400", message: "request body is not valid JSON" });
    const big = await call(server, "POST", "/auth/login", { body: { email: "a@alpha.test", password: "x".repeat(1_100_000), code: "alpha" } });
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ code: "413", message: "request body exceeds 1024 KB" });
  });
});

describe("access token verification", () => {
  const otherKey = new TextEncoder().encode("another-secret-another-secret-another-secret!!");
  const ourKey = new TextEncoder().encode(TEST_SECRETS.JWT_SECRET);

  async function usersWith(token: string | undefined, raw?: string) {
    return call(server, "GET", "/users", raw ? { headers: { Authorization: raw } } : { token });
  }

  it("lets a valid platform admin token through", async () => {
    const { token } = await loginAs(server, "alphaAdmin");
    expect((await usersWith(token)).status).toBe(200);
  });

  it.each([
    ["no Authorization header", undefined, undefined, "authentication required: send 'Authorization: Bearer <token>'"],
    ["a Basic header", undefined, "Basic YWRtaW46YWRtaW4=", "the Authorization header must be 'Bearer <token>'"],
    ["a malformed token", "not-a-jwt", undefined, "the token is invalid"],
  ])("answers %s with 401", async (_label, token, raw, message) => {
    const response = await usersWith(token, raw);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ code: "401", message });
  });

  it("refuses a token signed with another key, alg none and a tampered payload", async () => {
    const { token } = await loginAs(server, "alphaEditor");
    const claims = decodeJwt(token);
    const foreign = await new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).sign(otherKey);
    const header = Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url");
    const unsigned = `${header}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.`;
    const [h, , s] = token.split(".");
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...claims, role: "admin" })).toString("base64url")}.${s}`;
    for (const bad of [foreign, unsigned, tampered]) {
      const response = await usersWith(bad);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ code: "401", message: "the token is invalid" });
    }
  });

  it("refuses an expired token", async () => {
    const { token } = await loginAs(server, "alphaAdmin");
    const claims = decodeJwt(token);
    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 }).setProtectedHeader({ alg: "HS256" }).sign(ourKey);
    const response = await usersWith(expired);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ code: "401", message: "the token has expired" });
  });

  it("refuses a well-signed token whose session does not exist", async () => {
    const { token } = await loginAs(server, "alphaAdmin");
    const claims = decodeJwt(token);
    const forged = await new SignJWT({ ...claims, sid: "00000000-0000-4000-8000-000000000000" }).setProtectedHeader({ alg: "HS256" }).sign(ourKey);
    const response = await usersWith(forged);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ code: "401", message: "the token has been revoked" });
  });
});
