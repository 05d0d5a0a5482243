import { z } from "zod";
import { SCOPES } from "@/lib/core/roles";

export const scopeSchema = z.enum(SCOPES).meta({ description: "Client scope", example: "mobile" });

export const loginBodySchema = z
  .object({
    username: z.string().min(1, "must not be empty").max(320).optional().meta({ description: "The account's email (first described shape, with the X-Scope header)" }),
    email: z.string().min(1, "must not be empty").max(320).optional().meta({ description: "The account's email (second described shape)" }),
    password: z.string().min(1, "must not be empty").max(512).meta({ description: "The account's password" }),
    code: z.string().min(1, "must not be empty").max(64).meta({ description: "The organization code", example: "demo" }),
    scope: scopeSchema.optional().meta({ description: "Client scope (second described shape; the X-Scope header takes precedence)" }),
    token: z.string().max(4096).optional().meta({ description: "Accepted for compatibility; ignored" }),
    refresh_token: z.string().max(4096).optional().meta({ description: "Accepted for compatibility; ignored" }),
  })
  .meta({
    id: "LoginRequest",
    description: "Either `{username, password, code}` with the `X-Scope` header, or `{email, password, code, scope}`: one of `username` and `email` is required (400 without).",
    // What lib/auth/login.ts requires: one of the two namings of the account.
    anyOf: [{ required: ["username"] }, { required: ["email"] }],
    example: { email: "editor@example.com", password: "correct horse battery staple", code: "demo", scope: "platform" },
  });

export const loginHeadersSchema = z.object({
  "x-scope": z.enum(SCOPES).optional().meta({ description: "Client scope: mobile or platform (first described shape); required unless the body has `scope`" }),
  "x-unblock-token": z.string().optional().meta({ description: "The unblock token from a 429 answer, to try again while blocked" }),
});

export const tokenPairSchema = z
  .object({
    token: z.string().meta({ description: "The access token (JWT); the same value as access_token" }),
    access_token: z.string().meta({ description: "The access token (JWT)" }),
    refresh_token: z.string().meta({ description: "Opaque refresh token, valid six months, exchangeable once" }),
    expires_in: z.number().int().meta({ description: "Seconds until the access token expires", example: 14400 }),
    token_type: z.literal("Bearer"),
  })
  .meta({ id: "TokenPair" });

export const refreshBodySchema = z
  .object({ refresh_token: z.string().min(1, "must not be empty").max(4096) })
  .meta({ id: "RefreshRequest" });

export const blockedLoginSchema = z
  .object({
    code: z.literal("429"),
    message: z.string(),
    unblock_token: z
      .string()
      .optional()
      .meta({ description: "Only when the account is blocked: send it in X-Unblock-Token to try once more; valid 24 hours" }),
  })
  .meta({
    id: "LoginBlocked",
    description: "The error body; it carries an `unblock_token` when too many failed attempts blocked the account (not for an unblock token used too early, nor for the request rate limit)",
  });
