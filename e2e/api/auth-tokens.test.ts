import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, loginAs, type TokenPair } from "../support/api";
import { expectResponse } from "../support/content";
import { startTestServer, type TestServer } from "../support/server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const invalidRefresh = { code: "401", message: "the refresh token is invalid, expired or revoked" };
const revoked = { code: "401", message: "the token has been revoked" };

const refresh = (refreshToken: string) => call<TokenPair>(server, "POST", "/auth/token/refresh", { body: { refresh_token: refreshToken } });
const whoCanList = (token: string) => call(server, "GET", "/users", { token });

describe("refresh tokens", () => {
  it("valid → exchanged once for a new pair; the old one stops working", async () => {
    const first = await loginAs(server, "alphaAdmin");
    const second = await refresh(first.refresh_token);
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    expect(second.body.token).toBe(second.body.access_token);
    expect(second.body.expires_in).toBe(14_400);
    expect((await whoCanList(second.body.token)).status).toBe(200);
    // The first access token belongs to the same, still valid session.
    expect((await whoCanList(first.token)).status).toBe(200);
  });

  it("a reused refresh token gets 401 and revokes every token of its family", async () => {
    const first = await loginAs(server, "alphaAdmin");
    const second = await refresh(first.refresh_token);
    const third = await refresh(second.body.refresh_token);
    expect(third.status).toBe(200);

    const reuse = await refresh(first.refresh_token);
    expect(reuse.status).toBe(401);
    expect(reuse.body).toEqual(invalidRefresh);
    // The descendants are dead too: the newest refresh token and every access token.
    expect((await refresh(third.body.refresh_token)).body).toEqual(invalidRefresh);
    for (const token of [first.token, second.body.token, third.body.token]) {
      const response = await whoCanList(token);
      expect(response.status).toBe(401);
      expect(response.body).toEqual(revoked);
    }
  });

  it("the same refresh token presented five times at once: one new pair, and the family revoked", async () => {
    const first = await loginAs(server, "alphaAdmin");
    const answers = await Promise.all(Array.from({ length: 5 }, () => refresh(first.refresh_token)));
    const exchanged = answers.filter((answer) => answer.status === 200);
    // Spending the token is one atomic step: exactly one presentation wins it.
    expect(exchanged).toHaveLength(1);
    // Every other presentation is a reuse: 401, and it ends the login.
    for (const answer of answers.filter((candidate) => candidate.status !== 200)) expectResponse(answer, 401, invalidRefresh);
    for (const { body } of exchanged) {
      expectResponse(await refresh(body.refresh_token), 401, invalidRefresh);
      expectResponse(await whoCanList(body.token), 401, revoked);
    }
    expectResponse(await whoCanList(first.token), 401, revoked);
    expectResponse(await refresh(first.refresh_token), 401, invalidRefresh);
  });

  it("valid → revoked by POST /auth/token/revoke: 204, then the refresh and access tokens get 401", async () => {
    const pair = await loginAs(server, "alphaAdmin");
    const response = await call(server, "POST", "/auth/token/revoke", { body: { refresh_token: pair.refresh_token } });
    expect(response.status).toBe(204);
    expect((await refresh(pair.refresh_token)).body).toEqual(invalidRefresh);
    expect((await whoCanList(pair.token)).body).toEqual(revoked);
  });

  it("does not disturb other sessions of the same user when one is revoked", async () => {
    const one = await loginAs(server, "alphaAdmin");
    const two = await loginAs(server, "alphaAdmin");
    await call(server, "POST", "/auth/token/revoke", { body: { refresh_token: one.refresh_token } });
    expect((await whoCanList(two.token)).status).toBe(200);
    expect((await refresh(two.refresh_token)).status).toBe(200);
  });

  it("answers an unknown refresh token with 401 and accepts revoking one silently", async () => {
    expect((await refresh("rt_unknown")).body).toEqual(invalidRefresh);
    expect((await call(server, "POST", "/auth/token/revoke", { body: { refresh_token: "rt_unknown" } })).status).toBe(204);
  });

  it.each([
    ["/auth/token/refresh", {}, 400, { code: "400", message: "/refresh_token: is required", details: [{ path: "/refresh_token", message: "is required" }] }],
    ["/auth/token/refresh", { refresh_token: "" }, 422, { code: "422", message: "/refresh_token: must not be empty", details: [{ path: "/refresh_token", message: "must not be empty" }] }],
    ["/auth/token/revoke", { refresh_token: 5 }, 422, { code: "422", message: "/refresh_token: Invalid input: expected string, received number", details: [{ path: "/refresh_token", message: "Invalid input: expected string, received number" }] }],
  ])("validates %s %j", async (path, body, status, expected) => {
    const response = await call(server, "POST", path, { body });
    expect(response.status).toBe(status);
    expect(response.body).toEqual(expected);
  });
});
