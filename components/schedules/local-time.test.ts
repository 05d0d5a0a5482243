import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { localInputToIso, nextWholeHour, toLocalInputValue } from "./local-time";

describe("local schedule times", () => {
  const zone = process.env.TZ;
  beforeEach(() => {
    // Node reads TZ at each Date operation: the tests run in a zone with an offset and summer time.
    process.env.TZ = "Europe/Berlin";
  });
  afterEach(() => {
    process.env.TZ = zone;
  });

  it("turns the editor's wall-clock time into the moment it names", () => {
    expect(localInputToIso("2027-01-15T06:00")).toBe("2027-01-15T05:00:00.000Z");
    expect(localInputToIso("2027-07-15T06:00")).toBe("2027-07-15T04:00:00.000Z");
  });

  it.each(["", "2027-01-15", "2027-01-15T6:00", "2027-02-31T06:00", "2027-13-01T06:00", "2027-01-15T06:00:00"])("refuses %j", (value) => {
    expect(localInputToIso(value)).toBeUndefined();
  });

  it("shows a moment in the editor's time zone, and reads it back", () => {
    const moment = new Date("2027-01-15T05:00:00.000Z");
    expect(toLocalInputValue(moment)).toBe("2027-01-15T06:00");
    expect(localInputToIso(toLocalInputValue(moment))).toBe(moment.toISOString());
  });

  it("suggests the next whole hour", () => {
    expect(nextWholeHour(new Date("2027-01-15T05:20:31.000Z")).toISOString()).toBe("2027-01-15T06:00:00.000Z");
    expect(nextWholeHour(new Date("2027-01-15T05:00:00.000Z")).toISOString()).toBe("2027-01-15T06:00:00.000Z");
  });
});
