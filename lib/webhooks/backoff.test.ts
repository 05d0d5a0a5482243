import { describe, expect, it } from "vitest";
import { DEFAULT_BACKOFF, nextAttemptAt, retryDelayMs } from "./backoff";

describe("webhook retry backoff", () => {
  it("doubles per attempt between half and all of the ceiling", () => {
    const low = [1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, DEFAULT_BACKOFF, () => 0));
    const high = [1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, DEFAULT_BACKOFF, () => 1));
    expect(low).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(high).toEqual([10_000, 20_000, 40_000, 80_000]);
  });

  it("is capped", () => {
    expect(retryDelayMs(30, DEFAULT_BACKOFF, () => 1)).toBe(DEFAULT_BACKOFF.capMs);
    expect(retryDelayMs(1000, DEFAULT_BACKOFF, () => 1)).toBe(DEFAULT_BACKOFF.capMs);
  });

  it("spreads retries (jitter)", () => {
    const delays = new Set(Array.from({ length: 20 }, () => retryDelayMs(3, DEFAULT_BACKOFF)));
    expect(delays.size).toBeGreaterThan(1);
  });

  it("gives up when the next attempt would fall after 24 hours", () => {
    const createdAt = new Date("2026-01-01T00:00:00Z");
    const early = nextAttemptAt({ createdAt, failedAttempts: 1, now: new Date("2026-01-01T00:00:01Z") }, DEFAULT_BACKOFF, () => 1);
    expect(early?.toISOString()).toBe("2026-01-01T00:00:11.000Z");
    const late = nextAttemptAt({ createdAt, failedAttempts: 20, now: new Date("2026-01-01T23:30:00Z") }, DEFAULT_BACKOFF, () => 1);
    expect(late).toBeNull();
  });

  it("keeps a whole day of attempts", () => {
    const createdAt = new Date(0);
    let now = createdAt;
    let attempts = 0;
    for (;;) {
      attempts += 1;
      const next = nextAttemptAt({ createdAt, failedAttempts: attempts, now }, DEFAULT_BACKOFF, () => 1);
      if (!next) break;
      now = next;
    }
    expect(now.getTime()).toBeGreaterThan(22 * 60 * 60 * 1000);
    expect(attempts).toBeLessThan(30);
  });
});
