import { createHash } from "node:crypto";
import { getEnv } from "@/lib/env";
import { describeError, log } from "@/lib/log";
import { ApiError } from "@/lib/core/errors";

/**
 * Request rate limit (docs/api.md "Rate limit"): per token, or per client address when there is none; a fixed
 * one-minute window. In-process by default; shared through Redis when REDIS_URL is set so that all
 * instances enforce one limit.
 */
const WINDOW_MS = 60_000;
const MAX_TRACKED_KEYS = 100_000;

export type RateLimitHit = { count: number; resetAt: number };

/** Counts a hit; a store in this process answers at once, without a promise. */
export interface RateLimitStore {
  hit(key: string, now: number): RateLimitHit | Promise<RateLimitHit>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { start: number; count: number }>();

  hit(key: string, now: number): RateLimitHit {
    const start = now - (now % WINDOW_MS);
    let window = this.windows.get(key);
    if (!window || window.start !== start) {
      if (this.windows.size >= MAX_TRACKED_KEYS) this.evictExpired(start);
      window = { start, count: 0 };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, resetAt: start + WINDOW_MS };
  }

  private evictExpired(currentStart: number): void {
    for (const [key, window] of this.windows) if (window.start !== currentStart) this.windows.delete(key);
    // Still full of live keys: drop the oldest entries rather than grow without bound.
    for (const key of this.windows.keys()) {
      if (this.windows.size < MAX_TRACKED_KEYS) break;
      this.windows.delete(key);
    }
  }
}

class RedisRateLimitStore implements RateLimitStore {
  constructor(private readonly redis: import("ioredis").Redis) {}

  async hit(key: string, now: number): Promise<RateLimitHit> {
    const start = now - (now % WINDOW_MS);
    const redisKey = `fcs:rl:${key}:${start}`;
    const [[, count]] = (await this.redis.multi().incr(redisKey).pexpire(redisKey, WINDOW_MS * 2).exec()) as [[Error | null, number]];
    return { count, resetAt: start + WINDOW_MS };
  }
}

const STORE_KEY = Symbol.for("fcs.rate-limit-store");
/** The store once created, so that a request need not wait on the promise of it. */
const READY_STORE_KEY = Symbol.for("fcs.rate-limit-store.ready");
type StoreHolder = { [STORE_KEY]?: Promise<RateLimitStore>; [READY_STORE_KEY]?: RateLimitStore };

async function createStore(): Promise<RateLimitStore> {
  const url = getEnv().REDIS_URL;
  if (!url) return new MemoryRateLimitStore();
  const { Redis } = await import("ioredis");
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: true, lazyConnect: false });
  redis.on("error", (error) => log.warn("redis error", { detail: error.message }));
  return new RedisRateLimitStore(redis);
}

function getStore(): RateLimitStore | Promise<RateLimitStore> {
  const holder = globalThis as StoreHolder;
  if (holder[READY_STORE_KEY]) return holder[READY_STORE_KEY];
  holder[STORE_KEY] ??= createStore().then((store) => (holder[READY_STORE_KEY] = store));
  return holder[STORE_KEY];
}

/**
 * The client's address: the rightmost X-Forwarded-For entry, i.e. the address the nearest proxy saw
 * (Next.js fills the header from the socket when no proxy set it). Entries to its left are whatever
 * the client claimed and are ignored. See docs/decisions/0004-rate-limit-keys.md.
 */
export function clientAddress(req: Request): string {
  const forwarded = req.headers.get("x-forwarded-for");
  const last = forwarded?.split(",").at(-1)?.trim();
  return last || "unknown";
}

/** The bucket a request counts against: its bearer token, else its client address. */
export function rateLimitKey(req: Request): string {
  const authorization = req.headers.get("authorization");
  const token = authorization?.match(/^Bearer\s+(\S+)/i)?.[1];
  if (token) return `t:${createHash("sha256").update(token).digest("base64url").slice(0, 32)}`;
  return `a:${clientAddress(req)}`;
}

/**
 * Counts the request and writes the RateLimit-* headers; throws 429 with Retry-After when the
 * bucket is over its limit. If the shared store fails, requests are let through (and logged) rather
 * than failing the API.
 */
export async function applyRateLimit(req: Request, headers: Headers): Promise<void> {
  const limit = getEnv().RATE_LIMIT_PER_MINUTE;
  const now = Date.now();
  let hit: RateLimitHit;
  try {
    // Awaited only when pending: an await costs every request a turn of the microtask queue.
    const found = getStore();
    const store = found instanceof Promise ? await found : found;
    const counted = store.hit(rateLimitKey(req), now);
    hit = counted instanceof Promise ? await counted : counted;
  } catch (error) {
    log.warn("rate limit store unavailable; request allowed", describeError(error));
    return;
  }
  const resetSeconds = Math.max(1, Math.ceil((hit.resetAt - now) / 1000));
  headers.set("RateLimit-Limit", String(limit));
  headers.set("RateLimit-Remaining", String(Math.max(0, limit - hit.count)));
  headers.set("RateLimit-Reset", String(resetSeconds));
  if (hit.count > limit) {
    throw new ApiError("rate_limited", `rate limit exceeded: ${limit} requests per minute; retry in ${resetSeconds} s`, undefined, {
      headers: { "Retry-After": String(resetSeconds) },
    });
  }
}
