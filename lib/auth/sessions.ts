import { randomUUID } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { tables, type Db, type Executor } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import type { Role, Scope } from "./caller";
import { generateOpaqueToken, hashToken, signToken } from "./tokens";

/** Six months, as §3.2 states it (183 days). */
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
    return mintPair(tx, user, scope, session!.id);
  });
}

const invalidRefresh = () => new ApiError("unauthorized", "the refresh token is invalid, expired or revoked");

/**
 * Exchanges a refresh token once for a new pair. Presenting a token that was already exchanged means
 * it leaked: the whole family (session) is revoked, which also stops its access tokens.
 */
export async function refreshSession(db: Db, refreshToken: string): Promise<TokenPair> {
  const r = tables.refreshTokens;
  const s = tables.authSessions;
  const [found] = await db
    .select({
      id: r.id,
      usedAt: r.usedAt,
      isExpired: sql<boolean>`${r.expiresAt} <= now()`,
      sessionId: s.id,
      scope: s.scope,
      revokedAt: s.revokedAt,
      userId: tables.users.id,
      organizationId: tables.users.organizationId,
      role: tables.users.role,
    })
    .from(r)
    .innerJoin(s, eq(s.id, r.sessionId))
    .innerJoin(tables.users, eq(tables.users.id, s.userId))
    .where(eq(r.tokenHash, hashToken(refreshToken)))
    .limit(1);
  if (!found || found.revokedAt || found.isExpired) throw invalidRefresh();
  if (found.usedAt) {
    await revokeSession(db, found.sessionId, "refresh token reuse");
    throw invalidRefresh();
  }
  if (found.scope === "platform" && found.role === "member") {
    await revokeSession(db, found.sessionId, "role no longer allows the scope");
    throw invalidRefresh();
  }
  return db.transaction(async (tx) => {
    const spent = await tx
      .update(r)
      .set({ usedAt: sql`now()` })
      .where(and(eq(r.id, found.id), isNull(r.usedAt)))
      .returning({ id: r.id });
    if (spent.length === 0) throw invalidRefresh();
    return mintPair(tx, { id: found.userId, organizationId: found.organizationId, role: found.role }, found.scope, found.sessionId);
  });
}

export async function revokeSession(db: Executor, sessionId: string, reason: string): Promise<void> {
  await db
    .update(tables.authSessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(tables.authSessions.id, sessionId), isNull(tables.authSessions.revokedAt)));
}

/** Revokes the session a refresh token belongs to. Unknown tokens are ignored (nothing to reveal). */
export async function revokeRefreshToken(db: Db, refreshToken: string): Promise<void> {
  const [found] = await db
    .select({ sessionId: tables.refreshTokens.sessionId })
    .from(tables.refreshTokens)
    .where(eq(tables.refreshTokens.tokenHash, hashToken(refreshToken)))
    .limit(1);
  if (found) await revokeSession(db, found.sessionId, "revoked");
}

/** Ends every session of a user (removal, role change, password reset). */
export async function revokeUserSessions(db: Executor, userId: string, reason: string): Promise<void> {
  await db
    .update(tables.authSessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(tables.authSessions.userId, userId), isNull(tables.authSessions.revokedAt)));
}
