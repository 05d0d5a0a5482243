import { and, eq, isNull, lt, or } from "drizzle-orm";
import { getDb, tables } from "@/lib/db";
import { ApiError } from "@/lib/core/errors";
import type { AuthPolicy } from "./operation";
import { describeError, log } from "@/lib/log";
import { accessTokenFromSession } from "@/lib/admin-session/cookie";
import { CoherentCache } from "@/lib/cache/coherent-cache";
import { authenticatePreviewLink, PREVIEW_PARAMETER } from "@/lib/preview-links/authenticate-preview-link";
import { verifyToken } from "@/lib/crypto/tokens";
import type { Caller } from "@/lib/core/caller";
import type { PlatformRole, Role } from "@/lib/core/roles";


const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * What the database says of a live session (not revoked, its user's current role and languages) and
 * of a live integration token, kept per process while the database's announcements are heard
 * (docs/decisions/0018): a session revoked or deleted, a user's role or languages changed, a token
 * deleted or its expiry changed are announced by triggers and dropped at once on every node. While
 * they are not heard, nothing is kept (every request asks the database). Only live rows are kept.
 */
type LiveSession = { userId: string; organizationId: string; role: Role; languages: string[] };
type LiveIntegrationToken = { id: string; organizationId: string; expiresAt: number; lastUsedAt: number | undefined };
const CACHE_OPTIONS = { ttlMs: 10 * 60_000, unheardTtlMs: 0, maxEntries: 20_000 };
const sessions = new CoherentCache<LiveSession | null>("session", {
  ...CACHE_OPTIONS,
  related: { topic: "user", concerns: (session, userId) => session?.userId === userId },
});
const integrationTokens = new CoherentCache<LiveIntegrationToken | null>("integration-token", CACHE_OPTIONS);

function bearerToken(req: Request): string | undefined {
  const header = req.headers.get("authorization");
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw new ApiError("unauthorized", "the Authorization header must be 'Bearer <token>'");
  return match[1];
}

/** The `preview` query parameter's value, if the request has one. */
function previewToken(req: Request): string | null {
  // Most requests have none: skip parsing the address for them.
  if (!req.url.includes(`${PREVIEW_PARAMETER}=`)) return null;
  return new URL(req.url).searchParams.get(PREVIEW_PARAMETER);
}

/**
 * Establishes the caller from a preview link's token (where the operation admits one; the link is then
 * the credential, whatever else the request carries), the bearer token, or from the admin's session cookie (whose encrypted
 * content holds an access token; writes must then be same-origin). Beyond the signature and expiry, the token must still
 * be live in the database: an integration token not deleted, a user's session not revoked and the
 * user still entitled to the token's scope. The role is the user's current one, not the token's.
 */
export async function authenticateRequest(req: Request, policy: AuthPolicy): Promise<Caller | null> {
  if (policy.public) return null;
  const preview = previewToken(req);
  if (preview !== null && policy.preview) return authenticatePreviewLink(preview);
  const token = bearerToken(req) ?? (await accessTokenFromSession(req));
  if (!token) {
    throw new ApiError(
      "unauthorized",
      preview !== null
        ? "a preview link reads only its record and the records it references (GET /content/{collection}/{id})"
        : "authentication required: send 'Authorization: Bearer <token>'",
    );
  }

  const verified = await verifyToken(token);
  if (!verified.ok) {
    throw new ApiError("unauthorized", verified.reason === "expired" ? "the token has expired" : "the token is invalid");
  }
  const claims = verified.claims;

  if (claims.role === "integration") {
    const token = await integrationTokens.get(claims.jti, () => loadIntegrationToken(claims.jti));
    if (!token || token.organizationId !== claims.org || token.expiresAt <= Date.now()) throw new ApiError("unauthorized", "the token has been revoked");
    if (token.lastUsedAt === undefined || Date.now() - token.lastUsedAt > LAST_USED_RESOLUTION_MS) {
      token.lastUsedAt = Date.now();
      recordIntegrationTokenUse(token.id);
    }
    return { kind: "integration", tokenId: claims.jti, organizationId: claims.org, scope: claims.scope };
  }

  const session = await sessions.get(claims.sid, () => loadSession(claims.sid));
  if (!session || session.userId !== claims.sub || session.organizationId !== claims.org || (claims.scope === "platform" && session.role === "member")) {
    throw new ApiError("unauthorized", "the token has been revoked");
  }
  return {
    kind: "user",
    userId: claims.sub,
    organizationId: claims.org,
    scope: claims.scope,
    role: session.role,
    languages: session.languages,
    sessionId: claims.sid,
    tokenId: claims.jti,
  };
}

/** A session that is not revoked, with its user's current role and languages; null when there is none. */
async function loadSession(sessionId: string): Promise<LiveSession | null> {
  const db = await getDb();
  const [row] = await db
    .select({ userId: tables.authSessions.userId, organizationId: tables.authSessions.organizationId, role: tables.users.role, languages: tables.users.languages })
    .from(tables.authSessions)
    .innerJoin(tables.users, eq(tables.users.id, tables.authSessions.userId))
    .where(and(eq(tables.authSessions.id, sessionId), isNull(tables.authSessions.revokedAt)))
    .limit(1);
  return row ?? null;
}

/** An integration token that is not deleted; null when there is none. */
async function loadIntegrationToken(tokenId: string): Promise<LiveIntegrationToken | null> {
  const db = await getDb();
  const [row] = await db
    .select({ id: tables.integrationTokens.id, organizationId: tables.integrationTokens.organizationId, expiresAt: tables.integrationTokens.expiresAt, lastUsedAt: tables.integrationTokens.lastUsedAt })
    .from(tables.integrationTokens)
    .where(and(eq(tables.integrationTokens.id, tokenId), isNull(tables.integrationTokens.deletedAt)))
    .limit(1);
  return row ? { id: row.id, organizationId: row.organizationId, expiresAt: row.expiresAt.getTime(), lastUsedAt: row.lastUsedAt?.getTime() } : null;
}

/** Records a token's use, at most once a minute per token, off the request's path. */
function recordIntegrationTokenUse(tokenId: string): void {
  void getDb()
    .then((db) =>
      db
        .update(tables.integrationTokens)
        .set({ lastUsedAt: new Date() })
        .where(
          and(
            eq(tables.integrationTokens.id, tokenId),
            or(isNull(tables.integrationTokens.lastUsedAt), lt(tables.integrationTokens.lastUsedAt, new Date(Date.now() - LAST_USED_RESOLUTION_MS))),
          ),
        ),
    )
    .catch((error: unknown) => log.warn("recording an integration token's use failed", describeError(error)));
}

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Applies the operation's policy to an authenticated caller (docs/api.md "Roles and scopes"). */
export function authorizeCaller(caller: Caller | null, policy: AuthPolicy, method: string): void {
  if (policy.public || !caller) return;
  if (caller.kind === "preview") {
    // Only reads that admit preview links authenticate one (authenticateRequest); this holds it to them.
    if (!policy.preview || WRITE_METHODS.has(method)) throw new ApiError("forbidden", "a preview link only reads its record");
    return;
  }
  if (caller.kind === "integration") {
    if (!policy.integration) throw new ApiError("forbidden", "integration tokens can only read /content/... endpoints");
    return;
  }
  if (caller.scope === "mobile") {
    if (policy.mobile) return;
    throw new ApiError("forbidden", WRITE_METHODS.has(method) ? "mobile tokens are read-only" : "this endpoint requires a platform token");
  }
  if (policy.roles && !policy.roles.includes(caller.role as PlatformRole)) {
    throw new ApiError("forbidden", policy.refusal ?? `this operation requires the ${policy.roles.join(" or ")} role`);
  }
}

