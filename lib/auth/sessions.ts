import { randomUUID } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { currentAuditActor, type CredentialType } from "@/lib/audit-log/actor-context";
import { recordAuditEntry } from "@/lib/audit-log/record-audit-entry";
import { tables, type Db, type Executor } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { ApiError } from "@/lib/core/errors";
import type { Role, Scope } from "@/lib/core/roles";
import { generateOpaqueToken, hashToken, signToken } from "@/lib/crypto/tokens";
import { announceLocally } from "@/lib/cache/invalidations";

/** Six months (183 days; docs/api.md "Authentication"). */
export const REFRESH_TOKEN_TTL_SECONDS = 183 * 24 * 60 * 60;

export type TokenPair = {
  token: string;
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: "Bearer";
};

type SessionUser = { id: string; organizationId: string; role: Role };

async function mintPair(db: Executor, user: SessionUser, scope: Scope, sessionId: string): Promise<TokenPair> {
  const ttl = getEnv().ACCESS_TOKEN_TTL;
  const refreshToken = generateOpaqueToken("rt");
  await db.insert(tables.refreshTokens).values({
    sessionId,
    tokenHash: hashToken(refreshToken),
    expiresAt: sql`now() + make_interval(secs => ${REFRESH_TOKEN_TTL_SECONDS})`,
  });
  const accessToken = await signToken(
    { sub: user.id, org: user.organizationId, scope, role: user.role, jti: randomUUID(), sid: sessionId },
    new Date(Date.now() + ttl * 1000),
  );
  return { token: accessToken, access_token: accessToken, refresh_token: refreshToken, expires_in: ttl, token_type: "Bearer" };
}

/** Starts a session (a new refresh-token family) for a successful login. */
export async function startSession(db: Db, user: SessionUser, scope: Scope): Promise<TokenPair> {
  return db.transaction(async (tx) => {
    const [session] = await tx
      .insert(tables.authSessions)
      .values({ organizationId: user.organizationId, userId: user.id, scope })
      .returning({ id: tables.authSessions.id });
    await recordAuditEntry(tx, {
      organizationId: user.organizationId,
      action: "auth.signed_in",
      actor: { ...currentAuditActor(), type: "user", id: user.id, label: undefined, credential: "password" },
      target: { type: "User", id: user.id },
      details: { scope },
    });
    return mintPair(tx, user, scope, session!.id);
  });
}

const invalidRefresh = () => new ApiError("unauthorized", "the refresh token is invalid, expired or revoked");

/**
 * Exchanges a refresh token once for a new pair. Presenting a token that was already exchanged means
 * it leaked: the whole family (session) is revoked, which also stops its access tokens.
 *
 * Spending the token is one atomic statement (`UPDATE … WHERE used_at IS NULL RETURNING`): of several
 * simultaneous presentations exactly one updates the row, the others wait for its row lock and then
 * find it spent, so each of them is a reuse and revokes the family, on any number of servers.
 */
export async function refreshSession(db: Db, refreshToken: string): Promise<TokenPair> {
  const r = tables.refreshTokens;
  const s = tables.authSessions;
  const tokenHash = hashToken(refreshToken);
  const pair = await db.transaction(async (tx) => {
    const [spent] = await tx
      .update(r)
      .set({ usedAt: sql`now()` })
      .where(and(eq(r.tokenHash, tokenHash), isNull(r.usedAt), sql`${r.expiresAt} > now()`))
      .returning({ sessionId: r.sessionId });
    if (!spent) return undefined;
    const [session] = await tx
      .select({ scope: s.scope, revokedAt: s.revokedAt, userId: tables.users.id, organizationId: tables.users.organizationId, role: tables.users.role })
      .from(s)
      .innerJoin(tables.users, eq(tables.users.id, s.userId))
      .where(eq(s.id, spent.sessionId))
      .limit(1);
    if (!session || session.revokedAt) return undefined;
    if (session.scope === "platform" && session.role === "member") {
      await revokeSession(tx, spent.sessionId, "role no longer allows the scope");
      return undefined;
    }
    await recordAuditEntry(tx, {
      organizationId: session.organizationId,
      action: "token.refreshed",
      actor: { ...currentAuditActor(), type: "user", id: session.userId, label: undefined, credential: "refresh_token" },
      target: { type: "Session", id: spent.sessionId },
      details: { scope: session.scope },
    });
    return mintPair(tx, { id: session.userId, organizationId: session.organizationId, role: session.role }, session.scope, spent.sessionId);
  });
  if (pair) return pair;

  // Unknown, expired, revoked, or already spent; only the last is a reuse.
  const [found] = await db.select({ sessionId: r.sessionId, usedAt: r.usedAt }).from(r).where(eq(r.tokenHash, tokenHash)).limit(1);
  if (found?.usedAt) {
    await db.transaction(async (tx) => {
      await revokeSession(tx, found.sessionId, "refresh token reuse");
      await recordSessionRevocation(tx, found.sessionId, "refresh token reuse", "refresh_token");
    });
  }
  throw invalidRefresh();
}

export async function revokeSession(db: Executor, sessionId: string, reason: string): Promise<void> {
  await db
    .update(tables.authSessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(tables.authSessions.id, sessionId), isNull(tables.authSessions.revokedAt)));
  announceLocally("session", sessionId);
}

/** Revokes the session a refresh token belongs to. Unknown tokens are ignored (nothing to reveal). */
export async function revokeRefreshToken(db: Db, refreshToken: string): Promise<void> {
  const [found] = await db
    .select({ sessionId: tables.refreshTokens.sessionId })
    .from(tables.refreshTokens)
    .where(eq(tables.refreshTokens.tokenHash, hashToken(refreshToken)))
    .limit(1);
  if (found) {
    await db.transaction(async (tx) => {
      await revokeSession(tx, found.sessionId, "revoked");
      await recordSessionRevocation(tx, found.sessionId, "revoked", "refresh_token");
    });
  }
}

/** The audit entry of a session's end, in the revocation's transaction; its user is the actor. */
async function recordSessionRevocation(tx: Executor, sessionId: string, reason: string, credential: CredentialType): Promise<void> {
  const [session] = await tx
    .select({ organizationId: tables.authSessions.organizationId, userId: tables.authSessions.userId })
    .from(tables.authSessions)
    .where(eq(tables.authSessions.id, sessionId))
    .limit(1);
  if (!session) return;
  await recordAuditEntry(tx, {
    organizationId: session.organizationId,
    action: "token.revoked",
    actor: { ...currentAuditActor(), type: "user", id: session.userId, label: undefined, credential },
    target: { type: "Session", id: sessionId },
    details: { reason },
  });
}

/** Ends every session of a user (removal, role change, password reset). */
export async function revokeUserSessions(db: Executor, userId: string, reason: string): Promise<void> {
  await db
    .update(tables.authSessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(tables.authSessions.userId, userId), isNull(tables.authSessions.revokedAt)));
  announceLocally("user", userId);
}
