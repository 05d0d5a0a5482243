import { describe, expect, it } from "vitest";
import { WAKE_HORIZON_MS, wakeDelay } from "./runner";

describe("wakeDelay", () => {
  const now = Date.parse("2026-11-28T06:00:00Z");

  it("wakes a worker just after a job that is due soon, and at once for one already due", () => {
    expect(wakeDelay(new Date(now + 5_000), now)).toBe(5_020);
    expect(wakeDelay(new Date(now - 5_000), now)).toBe(20);
  });

  it("leaves far-off jobs to the poll, so no timer overflows or piles up", () => {
    expect(wakeDelay(new Date(now + WAKE_HORIZON_MS + 1_000), now)).toBeUndefined();
    expect(wakeDelay(new Date(now + 30 * 24 * 60 * 60 * 1000), now)).toBeUndefined();
  });
});
