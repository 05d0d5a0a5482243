import { and, eq, isNull, sql } from "drizzle-orm";
import { tables, type Db, type Executor } from "@/lib/db";
import { generateOpaqueToken, hashToken } from "@/lib/crypto/tokens";

/**
 * Login throttling (docs/api.md "Authentication"), with its state in the database so every
 * server instance sees the same block.
 *
 * Every attempt is counted *before* the password is checked, in one atomic statement, so parallel
 * guesses cannot slip past the limit; a successful login resets the count. Five attempts in fifteen
 * minutes pass; the sixth is blocked and answered with an unblock token. Unblock token n of a streak
 * (n = tokens used since the last success + 1) works 2^(n-1) seconds after it was issued, at most an
 * hour, allows one attempt, and is valid for 24 hours. Each blocked answer issues a fresh token and
 * retires the previous unused one, so at most one is live per account.
 */
export const THROTTLE_MAX_ATTEMPTS = 5;
export const THROTTLE_WINDOW_SECONDS = 15 * 60;
export const UNBLOCK_TOKEN_TTL_SECONDS = 24 * 60 * 60;
export const MAX_COOLDOWN_SECONDS = 60 * 60;

export function cooldownSeconds(sequence: number): number {
  return Math.min(2 ** Math.max(0, sequence - 1), MAX_COOLDOWN_SECONDS);
}

export type ThrottleKey = { orgCode: string; username: string };

export function throttleKeyFor(code: string, username: string): ThrottleKey {
  return { orgCode: code.trim().toLowerCase(), username: username.trim().toLowerCase() };
}

const t = tables.loginThrottles;

/** Counts one attempt; returns whether the account is (now) blocked. */
export async function registerAttempt(db: Db, key: ThrottleKey): Promise<{ isBlocked: boolean }> {
  const windowExpired = sql`(${t.windowStartedAt} IS NULL OR ${t.windowStartedAt} < now() - make_interval(secs => ${THROTTLE_WINDOW_SECONDS}))`;
  const nextCount = sql`CASE WHEN ${windowExpired} THEN 1 ELSE ${t.failures} + 1 END`;
  const rows = await db
    .insert(t)
    .values({ ...key, failures: 1, windowStartedAt: sql`now()`, lastFailureAt: sql`now()` })
    .onConflictDoUpdate({
      target: [t.orgCode, t.username],
      set: {
        failures: sql`CASE WHEN ${t.blockedAt} IS NOT NULL THEN ${t.failures} ELSE ${nextCount} END`,
        windowStartedAt: sql`CASE WHEN ${t.blockedAt} IS NULL AND ${windowExpired} THEN now() ELSE ${t.windowStartedAt} END`,
        lastFailureAt: sql`CASE WHEN ${t.blockedAt} IS NULL THEN now() ELSE ${t.lastFailureAt} END`,
        blockedAt: sql`CASE WHEN ${t.blockedAt} IS NOT NULL THEN ${t.blockedAt} WHEN ${nextCount} > ${THROTTLE_MAX_ATTEMPTS} THEN now() ELSE NULL END`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ blockedAt: t.blockedAt });
  return { isBlocked: rows[0]?.blockedAt != null };
}

/** Makes the account's unused unblock tokens worthless (one live token per account at most). */
async function retireUnblockTokens(executor: Executor, key: ThrottleKey): Promise<void> {
  const u = tables.unblockTokens;
  await executor
    .update(u)
    .set({ supersededAt: sql`now()` })
    .where(and(eq(u.orgCode, key.orgCode), eq(u.username, key.username), isNull(u.usedAt), isNull(u.supersededAt)));
}

/** Issues the account's next unblock token (retiring any unused one); returns it with its cool-down. */
export async function issueUnblockToken(db: Db, key: ThrottleKey): Promise<{ token: string; retryAfter: number }> {
  const token = generateOpaqueToken("ubt");
  const sequence = await db.transaction(async (tx) => {
    const [state] = await tx
      .select({ streak: t.unblockStreak })
      .from(t)
      .where(and(eq(t.orgCode, key.orgCode), eq(t.username, key.username)))
      .for("update");
    const next = (state?.streak ?? 0) + 1;
    await retireUnblockTokens(tx, key);
    await tx.insert(tables.unblockTokens).values({
      ...key,
      tokenHash: hashToken(token),
      sequence: next,
      expiresAt: sql`now() + make_interval(secs => ${UNBLOCK_TOKEN_TTL_SECONDS})`,
    });
    return next;
  });
  return { token, retryAfter: cooldownSeconds(sequence) };
}

export type UnblockOutcome = { kind: "unblocked" } | { kind: "early"; retryAfter: number } | { kind: "invalid" };

/**
 * Spends an unblock token for one attempt. A token of another account, used, retired or expired is
 * `invalid`; one presented before its cool-down is `early` and stays valid.
 */
export async function spendUnblockToken(db: Db, key: ThrottleKey, token: string): Promise<UnblockOutcome> {
  const u = tables.unblockTokens;
  const live = and(
    eq(u.tokenHash, hashToken(token)),
    eq(u.orgCode, key.orgCode),
    eq(u.username, key.username),
    isNull(u.usedAt),
    isNull(u.supersededAt),
    sql`${u.expiresAt} > now()`,
  );
  const spent = await db
    .update(u)
    .set({ usedAt: sql`now()` })
    .where(and(live, sql`${u.createdAt} + make_interval(secs => least(power(2, ${u.sequence} - 1), ${MAX_COOLDOWN_SECONDS})::int) <= now()`))
    .returning({ sequence: u.sequence });
  if (spent.length > 0) {
    await db
      .update(t)
      .set({ unblockStreak: sql`${t.unblockStreak} + 1`, updatedAt: sql`now()` })
      .where(and(eq(t.orgCode, key.orgCode), eq(t.username, key.username)));
    return { kind: "unblocked" };
  }
  const [pending] = await db
    .select({ wait: sql<number>`ceil(extract(epoch from (${u.createdAt} + make_interval(secs => least(power(2, ${u.sequence} - 1), ${MAX_COOLDOWN_SECONDS})::int) - now())))::int` })
    .from(u)
    .where(live)
    .limit(1);
  return pending ? { kind: "early", retryAfter: Math.max(1, pending.wait) } : { kind: "invalid" };
}

/** A successful login clears the account's failures, block, streak and outstanding unblock tokens. */
export async function resetThrottle(db: Db, key: ThrottleKey): Promise<void> {
  await db.delete(t).where(and(eq(t.orgCode, key.orgCode), eq(t.username, key.username)));
  await retireUnblockTokens(db, key);
}
