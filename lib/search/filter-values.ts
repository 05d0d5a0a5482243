import type { DurationValue } from "./schemas";

/**
 * The meaning of `filter_by` values, independent of SQL: which levels and Duration ranges an
 * operator admits, how many minutes a range stands for, and the time span a date value covers.
 */

export const LEVELS = ["beginner", "intermediate", "advanced"] as const;
export type Level = (typeof LEVELS)[number];

export const DURATION_RANGES = ["0-15", "16-30", "31-45", "46-60", "61+"] as const;
export type DurationRange = (typeof DURATION_RANGES)[number];

/** The minutes a Duration range stands for in results: its upper bound, and 61 for the open `61+`. */
export const DURATION_RANGE_MINUTES: Record<DurationRange, number> = { "0-15": 15, "16-30": 30, "31-45": 45, "46-60": 60, "61+": 61 };

export type OrderedOperator = "eq" | "gte" | "lte";

/** The members of an ordered list that `operator value` admits (`gte intermediate` → intermediate, advanced). */
export function admittedValues<T extends string>(order: readonly T[], operator: OrderedOperator, value: T): T[] {
  const position = order.indexOf(value);
  if (operator === "eq") return [value];
  return order.filter((_, index) => (operator === "gte" ? index >= position : index <= position));
}

export function isDurationRange(value: DurationValue): value is DurationRange {
  return typeof value === "string";
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The instants a date value covers, as a half-open span [start, end): a date is its whole UTC day, a
 * date-time its millisecond (timestamps are compared to the millisecond, as responses show them).
 */
export function dateSpan(value: string): { start: Date; end: Date } {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const start = new Date(`${value}T00:00:00.000Z`);
    return { start, end: new Date(start.getTime() + DAY_MS) };
  }
  const start = new Date(Math.floor(Date.parse(value)));
  return { start, end: new Date(start.getTime() + 1) };
}
