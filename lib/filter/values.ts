import { findClosestName } from "./suggest";
import { CONTENT_STATUSES, STATUS_KEY, type FieldSpec } from "./types";

/**
 * Checks one filter value against its field's type and returns it in canonical form. Canonical forms are
 * what make `formatFilter` an exact inverse: the parser only ever emits values it would parse unchanged.
 */
export type ValueResult = { ok: true; value: string } | { ok: false; message: string };

const INT = /^-?\d{1,10}$/;
const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BOOLEANS: Readonly<Record<string, string>> = { true: "true", "1": "true", false: "false", "0": "false" };
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
// A date-time must carry its zone: without one PostgreSQL would read it in the session's time zone.
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(?:Z|[+-](\d{2}):(\d{2}))$/;

export function normalizeValue(field: FieldSpec, raw: string): ValueResult {
  switch (field.type) {
    case "int":
      return normalizeInt(raw);
    case "uuid":
      return UUID.test(raw) ? ok(raw.toLowerCase()) : fail(`${quote(raw)} is not a UUID`);
    case "string":
      return ok(raw);
    case "enum":
      return normalizeEnum(raw, field.values ?? []);
    case "boolean": {
      const value = BOOLEANS[raw];
      return value ? ok(value) : fail(`${quote(raw)} is not a boolean (true, false, 1 or 0)`);
    }
    case "date":
      return isValidDate(raw) ? ok(raw) : fail(`${quote(raw)} is not an ISO 8601 date or date-time with a time zone`);
    case "status":
      return normalizeStatus(raw);
  }
}

export function isDateOnly(value: string): boolean {
  return DATE_ONLY.test(value);
}

/** Quotes a client's value for a message, cut short so an error never echoes a whole query string. */
export function quote(value: string): string {
  return `'${value.length > 40 ? `${value.slice(0, 40)}…` : value}'`;
}

function normalizeInt(raw: string): ValueResult {
  const number = INT.test(raw) ? Number(raw) : Number.NaN;
  if (!(number >= INT32_MIN && number <= INT32_MAX)) return fail(`${quote(raw)} is not a 32-bit integer`);
  // `String(-0)` is "0", and leading zeros drop, so "007" and "7" filter alike.
  return ok(String(number));
}

function normalizeEnum(raw: string, values: readonly string[]): ValueResult {
  if (values.includes(raw)) return ok(raw);
  const suggestion = findClosestName(raw, values);
  return fail(
    `${quote(raw)} is not one of ${values.join(", ")}${suggestion ? `; did you mean '${suggestion}'?` : ""}`,
  );
}

function normalizeStatus(raw: string): ValueResult {
  const parts = raw.split(":");
  // The on-demand form `published` stands for the default language (docs/api.md "Lists").
  const [key = "", status = ""] = parts.length === 1 ? ["default", raw] : parts;
  if (parts.length <= 2 && STATUS_KEY.test(key) && (CONTENT_STATUSES as readonly string[]).includes(status)) {
    return ok(`${key}:${status}`);
  }
  return fail(`${quote(raw)} is not a status entry such as 'default:published' or 'de:draft'`);
}

function isValidDate(raw: string): boolean {
  const match = DATE_ONLY.exec(raw) ?? DATE_TIME.exec(raw);
  if (!match) return false;
  const [year, month, day, hour = 0, minute = 0, second = 0, zoneHour = 0, zoneMinute = 0] = match
    .slice(1)
    .map((part) => (part === undefined ? undefined : Number(part)));
  if (year === undefined || month === undefined || day === undefined) return false;
  const isLeapYear = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const daysInMonth = month === 2 ? (isLeapYear ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
  return (
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    zoneHour <= 23 &&
    zoneMinute <= 59
  );
}

function ok(value: string): ValueResult {
  return { ok: true, value };
}

function fail(message: string): ValueResult {
  return { ok: false, message };
}
