import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import { getDb, tables } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import type { AuthPolicy } from "@/lib/http/operation";
import { describeError, log } from "@/lib/log";
import { accessTokenFromSession } from "@/lib/admin-session/cookie";
import { verifyToken } from "./tokens";

export type Scope = "mobile" | "platform";
export type Role = "admin" | "editor" | "translator" | "member";
export type PlatformRole = Exclude<Role, "member">;

/** Who is calling: a signed-in user (access token or admin session) or an integration token. */
export type Caller =
  | { kind: "user"; userId: string; organizationId: string; scope: Scope; role: Role; languages: string[]; sessionId: string; tokenId: string }
  | { kind: "integration"; tokenId: string; organizationId: string; scope: Scope };

const LAST_USED_RESOLUTION_MS = 60_000;

function bearerToken(req: Request): string | undefined {
  const header = req.headers.get("authorization");
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw new ApiError("unauthorized", "the Authorization header must be 'Bearer <token>'");
  return match[1];
}

/**
 * Establishes the caller from the bearer token, or from the admin's session cookie (whose encrypted
 * content holds an access token; writes must then be same-origin). Beyond the signature and expiry, the token must still
 * be live in the database: an integration token not deleted, a user's session not revoked and the
 * user still entitled to the token's scope. The role is the user's current one, not the token's.
 */
export async function authenticateRequest(req: Request, policy: AuthPolicy): Promise<Caller | null> {
  if (policy.public) return null;
  const token = bearerToken(req) ?? (await accessTokenFromSession(req));
  if (!token) throw new ApiError("unauthorized", "authentication required: send 'Authorization: Bearer <token>'");

  const verified = await verifyToken(token);
  if (!verified.ok) {
    throw new ApiError("unauthorized", verified.reason === "expired" ? "the token has expired" : "the token is invalid");
  }
  const claims = verified.claims;
  const db = await getDb();

  if (claims.role === "integration") {
    const [row] = await db
      .select({ id: tables.integrationTokens.id, lastUsedAt: tables.integrationTokens.lastUsedAt })
      .from(tables.integrationTokens)
      .where(
        and(
          eq(tables.integrationTokens.id, claims.jti),
          eq(tables.integrationTokens.organizationId, claims.org),
          isNull(tables.integrationTokens.deletedAt),
          gt(tables.integrationTokens.expiresAt, sql`now()`),
        ),
      )
      .limit(1);
    if (!row) throw new ApiError("unauthorized", "the token has been revoked");
    if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
      // Recorded at most once a minute per token, off the request's path.
      void db
        .update(tables.integrationTokens)
        .set({ lastUsedAt: new Date() })
        .where(
          and(
            eq(tables.integrationTokens.id, row.id),
            or(isNull(tables.integrationTokens.lastUsedAt), lt(tables.integrationTokens.lastUsedAt, new Date(Date.now() - LAST_USED_RESOLUTION_MS))),
          ),
        )
        .catch((error: unknown) => log.warn("recording an integration token's use failed", describeError(error)));
    }
    return { kind: "integration", tokenId: claims.jti, organizationId: claims.org, scope: claims.scope };
  }

  const [row] = await db
    .select({ role: tables.users.role, languages: tables.users.languages })
    .from(tables.authSessions)
    .innerJoin(tables.users, eq(tables.users.id, tables.authSessions.userId))
    .where(
      and(
        eq(tables.authSessions.id, claims.sid),
        eq(tables.authSessions.userId, claims.sub),
        eq(tables.authSessions.organizationId, claims.org),
        isNull(tables.authSessions.revokedAt),
      ),
    )
    .limit(1);
  if (!row || (claims.scope === "platform" && row.role === "member")) throw new ApiError("unauthorized", "the token has been revoked");
  return {
    kind: "user",
    userId: claims.sub,
    organizationId: claims.org,
    scope: claims.scope,
    role: row.role,
    languages: row.languages,
    sessionId: claims.sid,
    tokenId: claims.jti,
  };
}

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Applies the operation's policy to an authenticated caller (api-decisions §2 and §3). */
export function authorizeCaller(caller: Caller | null, policy: AuthPolicy, method: string): void {
  if (policy.public || !caller) return;
  if (caller.kind === "integration") {
    if (!policy.integration) throw new ApiError("forbidden", "integration tokens can only read /content/... endpoints");
    return;
  }
  if (caller.scope === "mobile") {
    if (policy.mobile) return;
    throw new ApiError("forbidden", WRITE_METHODS.has(method) ? "mobile tokens are read-only" : "this endpoint requires a platform token");
  }
  if (policy.roles && !policy.roles.includes(caller.role as PlatformRole)) {
    throw new ApiError("forbidden", `this operation requires the ${policy.roles.join(" or ")} role`);
  }
}

/** The caller's organization; every query is scoped by it. */
export function organizationOf(caller: Caller): string {
  return caller.organizationId;
}
