/**
 * Retry schedule: exponential backoff with jitter, for at most the retry window (24 hours) after the
 * delivery was created; past that the delivery is `failed`. The n-th failed attempt waits a random
 * time between half and all of `base · 2^(n-1)`, capped, so that a receiver coming back after an
 * outage is not hit by every sender at the same instant.
 */
export type BackoffPolicy = { baseMs: number; capMs: number; windowMs: number };

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 10_000, capMs: 2 * 60 * 60 * 1000, windowMs: 24 * 60 * 60 * 1000 };

export function retryDelayMs(failedAttempts: number, policy: BackoffPolicy, random: () => number = Math.random): number {
  const exponent = Math.min(Math.max(failedAttempts - 1, 0), 40);
  const ceiling = Math.min(policy.baseMs * 2 ** exponent, policy.capMs);
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/** When to try again after `failedAttempts` failures, or null when the retry window is over. */
export function nextAttemptAt(input: { createdAt: Date; failedAttempts: number; now: Date }, policy: BackoffPolicy, random?: () => number): Date | null {
  const next = new Date(input.now.getTime() + retryDelayMs(input.failedAttempts, policy, random));
  return next.getTime() > input.createdAt.getTime() + policy.windowMs ? null : next;
}
