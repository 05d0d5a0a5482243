import type { z } from "zod";
import type { Db } from "@/lib/db";
import { currentAuditActor } from "@/lib/audit-log/actor-context";
import { recordAuditEntry } from "@/lib/audit-log/record-audit-entry";
import { findAccount, findOrganizationIdByCode } from "./find-account";
import { ApiError } from "@/lib/core/errors";
import { validateInput, validateParameter } from "@/lib/validation";
import type { Scope } from "@/lib/core/roles";
import { burnPasswordCheck, verifyPassword } from "./password";
import { scopeSchema, type loginBodySchema } from "./schemas";
import { startSession, type TokenPair } from "./sessions";
import { issueUnblockToken, registerAttempt, resetThrottle, spendUnblockToken, throttleKeyFor } from "./throttle";

type LoginRequest = { body: z.output<typeof loginBodySchema>; scopeHeader: string | null; unblockToken: string | null };

const INVALID_CREDENTIALS = "invalid credentials";

/** Resolves the two described login shapes into one (docs/api.md "Authentication"). */
function normalizeLogin(request: LoginRequest): { username: string; password: string; code: string; scope: Scope } {
  const username = request.body.username ?? request.body.email;
  if (!username) throw new ApiError("bad_request", "username: is required", [{ path: "/username", message: "is required (or email)" }]);
  const rawScope = request.scopeHeader ?? request.body.scope;
  if (rawScope === undefined) {
    throw new ApiError("bad_request", "X-Scope: is required (or scope in the body)", [{ path: "X-Scope", message: "is required (or scope in the body)" }]);
  }
  const scope = request.scopeHeader !== null ? validateParameter(scopeSchema, rawScope, "X-Scope") : validateInput(scopeSchema, rawScope, ["scope"]);
  return { username, password: request.body.password, code: request.body.code, scope };
}

/**
 * Logs in: throttling first (no password is checked while blocked), then the credentials, then the
 * scope. Unknown organization, unknown user and wrong password give the same answer in about the
 * same time.
 */
export async function login(db: Db, request: LoginRequest): Promise<TokenPair> {
  const { username, password, code, scope } = normalizeLogin(request);
  const key = throttleKeyFor(code, username);

  let isUnblocked = false;
  if (request.unblockToken) {
    const outcome = await spendUnblockToken(db, key, request.unblockToken);
    if (outcome.kind === "early") {
      throw new ApiError("rate_limited", `this unblock token can be used in ${outcome.retryAfter} s`, undefined, {
        headers: { "Retry-After": String(outcome.retryAfter) },
      });
    }
    isUnblocked = outcome.kind === "unblocked";
  }
  if (!isUnblocked && (await registerAttempt(db, key)).isBlocked) {
    const { token, retryAfter } = await issueUnblockToken(db, key);
    throw new ApiError("rate_limited", "too many failed login attempts: send the unblock token in X-Unblock-Token to try again", undefined, {
      body: { unblock_token: token },
      headers: { "X-Unblock-Token": token, "Retry-After": String(retryAfter) },
    });
  }

  const account = await findAccount(db, code, username);
  const isValid = account ? await verifyPassword(account.passwordHash, password) : (await burnPasswordCheck(password), false);
  if (!account || !isValid) {
    await recordSignInFailure(db, code, account ? { id: account.id, organizationId: account.organizationId } : undefined, account ? "wrong password" : "unknown user");
    throw new ApiError("unauthorized", INVALID_CREDENTIALS);
  }

  await resetThrottle(db, key);
  if (scope === "platform" && account.role === "member") {
    await recordSignInFailure(db, code, { id: account.id, organizationId: account.organizationId }, "role cannot use the platform scope");
    throw new ApiError("forbidden", "this account cannot use the platform scope: it needs the admin, editor or translator role");
  }
  return startSession(db, account, scope);
}

/**
 * A failed sign-in in the organization's audit log. An unknown user is not named: what was typed
 * may be a password (docs/api.md "Audit log (admins)"); an unknown organization has no log to write to.
 */
async function recordSignInFailure(db: Db, code: string, account: { id: string; organizationId: string } | undefined, reason: string): Promise<void> {
  const organizationId = account?.organizationId ?? (await findOrganizationIdByCode(db, code));
  if (!organizationId) return;
  await recordAuditEntry(db, {
    organizationId,
    action: "auth.sign_in_failed",
    actor: { ...currentAuditActor(), type: account ? "user" : "system", id: account?.id ?? null, label: undefined, credential: "password" },
    target: { type: "User", id: account?.id ?? null },
    details: { reason },
  });
}
