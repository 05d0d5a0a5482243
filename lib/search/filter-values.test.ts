import { describe, expect, it } from "vitest";
import { DURATION_RANGES, DURATION_RANGE_MINUTES, LEVELS, admittedValues, dateSpan } from "./filter-values";

describe("admittedValues", () => {
  it.each([
    ["eq", "intermediate", ["intermediate"]],
    ["gte", "intermediate", ["intermediate", "advanced"]],
    ["lte", "intermediate", ["beginner", "intermediate"]],
    ["gte", "beginner", ["beginner", "intermediate", "advanced"]],
    ["lte", "beginner", ["beginner"]],
  ] as const)("levels %s %s", (operator, value, expected) => {
    expect(admittedValues(LEVELS, operator, value)).toEqual(expected);
  });

  it("orders Duration ranges by their minutes", () => {
    expect(admittedValues(DURATION_RANGES, "gte", "31-45")).toEqual(["31-45", "46-60", "61+"]);
    expect(admittedValues(DURATION_RANGES, "lte", "16-30")).toEqual(["0-15", "16-30"]);
    expect(DURATION_RANGES.map((range) => DURATION_RANGE_MINUTES[range])).toEqual([15, 30, 45, 60, 61]);
  });
});

describe("dateSpan", () => {
  it("takes a date as its whole UTC day", () => {
    const { start, end } = dateSpan("2025-03-30");
    expect([start.toISOString(), end.toISOString()]).toEqual(["2025-03-30T00:00:00.000Z", "2025-03-31T00:00:00.000Z"]);
  });

  it("takes a date-time as its millisecond, in UTC, whatever its offset and precision", () => {
    expect(dateSpan("2025-03-30T12:00:00.123Z")).toEqual({ start: new Date("2025-03-30T12:00:00.123Z"), end: new Date("2025-03-30T12:00:00.124Z") });
    expect(dateSpan("2025-03-30T14:00:00+02:00").start.toISOString()).toBe("2025-03-30T12:00:00.000Z");
    expect(dateSpan("2025-03-30T12:00:00.123456Z").start.toISOString()).toBe("2025-03-30T12:00:00.123Z");
  });
});
