import { defineOperation } from "@/lib/http/route";
import { json, noContent } from "@/lib/http/responses";
import { login } from "./login";
import { blockedLoginSchema, loginBodySchema, loginHeadersSchema, refreshBodySchema, tokenPairSchema } from "./schemas";
import { refreshSession, revokeRefreshToken } from "./sessions";

const NO_STORE = { "Cache-Control": "no-store" };

export const postLogin = defineOperation({
  method: "POST",
  path: "/auth/login",
  operationId: "login",
  summary: "Log in and receive a token pair",
  description:
    "Accepts both described shapes: `X-Scope` header with `{username, password, code}`, or `{email, password, code, scope}`. After 5 failed attempts in 15 minutes the account is blocked: the answer is 429 with an `unblock_token` (also in the `X-Unblock-Token` header) that allows one more attempt when sent back in `X-Unblock-Token`. Consecutive unblock tokens wait 1, 2, 4 … seconds (at most an hour) before they work; earlier use gets 429 with `Retry-After`.",
  tags: ["Authentication"],
  auth: { public: true },
  request: { body: loginBodySchema, headers: loginHeadersSchema },
  responses: {
    200: { description: "The token pair", schema: tokenPairSchema },
    429: { description: "Blocked after too many failed attempts (with an unblock token), an unblock token used too early, or the request rate limit", schema: blockedLoginSchema },
  },
  errors: ["unauthorized", "forbidden"],
  handle: async ({ db, body, req }) => {
    const pair = await login(db, {
      body,
      scopeHeader: req.headers.get("x-scope"),
      unblockToken: req.headers.get("x-unblock-token"),
    });
    return json(pair, { headers: NO_STORE });
  },
});

export const postRefresh = defineOperation({
  method: "POST",
  path: "/auth/token/refresh",
  operationId: "refreshToken",
  summary: "Exchange a refresh token for a new pair",
  description: "A refresh token works once. Presenting one that was already exchanged revokes every token descended from the same login.",
  tags: ["Authentication"],
  auth: { public: true },
  request: { body: refreshBodySchema },
  responses: { 200: { description: "The new token pair; the old refresh token stops working", schema: tokenPairSchema } },
  errors: ["unauthorized"],
  handle: async ({ db, body }) => json(await refreshSession(db, body.refresh_token), { headers: NO_STORE }),
});

export const postRevoke = defineOperation({
  method: "POST",
  path: "/auth/token/revoke",
  operationId: "revokeToken",
  summary: "Revoke a refresh token and its session",
  description: "Ends the login the refresh token belongs to: its refresh tokens and access tokens stop working. Unknown tokens are accepted silently.",
  tags: ["Authentication"],
  auth: { public: true },
  request: { body: refreshBodySchema },
  responses: { 204: { description: "Revoked" } },
  handle: async ({ db, body }) => {
    await revokeRefreshToken(db, body.refresh_token);
    return noContent();
  },
});
