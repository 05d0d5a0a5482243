import { ApiError, type ErrorDetail } from "@/lib/core/errors";
import { describeUnsafeText } from "../validation";
import { findClosestName } from "./suggest";
import {
  DEFAULT_LIMIT,
  DEFAULT_OFFSET,
  FILTER_OPERATORS,
  MAX_LIMIT,
  ORDER_DIRECTIONS,
  getBareOperator,
  isListOperator,
  type FieldSpec,
  type FilterOperator,
  type FilterOrder,
  type FilterQuery,
  type FilterSpec,
} from "./types";
import { normalizeValue, quote } from "./values";

type Entry = { key: string; value: string };

const SECTIONS = ["limit", "offset", "where", "order"];
const SYNTAX =
  "expected filter[limit], filter[offset], filter[where][<field>], filter[where][<field>][<operator>] " +
  "or filter[order][<field>]";
const FILTER_KEY = /^filter((?:\[[^[\]]+\])+)$/;
const SEGMENT = /\[([^[\]]+)\]/g;

/**
 * Reads the `filter` of a list request, in bracket form (`filter[where][level]=beginner`) or as one JSON
 * parameter (`filter={"where":{"level":"beginner"}}`), against a collection's allowlist. Every problem is
 * collected and thrown as one 400 whose details name the parameters; in the JSON form they are named by
 * their bracket equivalent, which pinpoints the member. Other query parameters are left alone.
 */
export function parseFilter(params: URLSearchParams, spec: FilterSpec): FilterQuery {
  const problems: ErrorDetail[] = [];
  const query: FilterQuery = { limit: DEFAULT_LIMIT, offset: DEFAULT_OFFSET, where: [], order: [] };
  const conditionIds = new Set<string>();

  for (const { key, value } of collectEntries(params, problems)) {
    const segments = splitFilterKey(key);
    const [section, field, operator, ...rest] = segments ?? [];
    const report = (message: string) => problems.push({ path: key, message });
    const unsafe = describeUnsafeText(key) ?? describeUnsafeText(value);
    if (unsafe) report(unsafe);
    else if (section === undefined) report(`is not a filter parameter; ${SYNTAX}`);
    else if (!SECTIONS.includes(section)) report(describeUnknown("filter parameter", section, SECTIONS));
    else if (section === "limit" && field === undefined) readLimit(value, query, report);
    else if (section === "offset" && field === undefined) readOffset(value, query, report);
    else if (section === "where" && field !== undefined && rest.length === 0) {
      readCondition({ field, operator, value }, spec, query, conditionIds, report);
    } else if (section === "order" && field !== undefined && operator === undefined) {
      readOrder(field, value, spec, query, report);
    } else report(`is malformed; ${SYNTAX}`);
  }

  for (const [field, fieldSpec] of Object.entries(spec.fields)) {
    if (!fieldSpec.required || [...conditionIds].some((id) => id.startsWith(`${field}[`))) continue;
    const path = `filter[where][${field}]`;
    if (problems.length === 0) throw new ApiError("bad_request", `${path} is required: ${fieldSpec.required}`, [{ path, message: "is required" }]);
    problems.push({ path, message: "is required" });
  }
  if (problems.length > 0) throw createFilterError(problems);
  if (query.order.length === 0) query.order = spec.defaultOrder.map((order) => ({ ...order }));
  return query;
}

export function isFilterOperator(name: string): name is FilterOperator {
  return (FILTER_OPERATORS as readonly string[]).includes(name);
}

/** Every `filter...` parameter once, in request order; the JSON form is expanded to bracket entries. */
function collectEntries(params: URLSearchParams, problems: ErrorDetail[]): Entry[] {
  const entries: Entry[] = [];
  const counts = new Map<string, number>();
  for (const [key, value] of params) {
    // Anything spelt like a filter is ours, so a typo such as `filters[limit]` is an error, not ignored.
    if (!key.startsWith("filter")) continue;
    const count = (counts.get(key) ?? 0) + 1;
    counts.set(key, count);
    if (count === 1) entries.push({ key, value });
    if (count === 2) problems.push({ path: key, message: "is given more than once" });
  }
  const json = entries.find((entry) => entry.key === "filter");
  if (!json) return entries;
  if (entries.length > 1) {
    problems.push({ path: "filter", message: "cannot be combined with filter[...] parameters" });
    return [];
  }
  return expandJsonFilter(json.value, problems);
}

function expandJsonFilter(raw: string, problems: ErrorDetail[]): Entry[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    problems.push({ path: "filter", message: "is not valid JSON" });
    return [];
  }
  if (!isPlainObject(parsed)) {
    problems.push({ path: "filter", message: "must be a JSON object" });
    return [];
  }
  const entries: Entry[] = [];
  const push = (key: string, value: unknown) => {
    const text = stringifyJsonValue(value);
    if (text === undefined) problems.push({ path: key, message: "must be a string, number, boolean or array of them" });
    else entries.push({ key, value: text });
  };
  for (const [section, content] of Object.entries(parsed)) {
    if ((section !== "where" && section !== "order") || !isPlainObject(content)) {
      push(`filter[${section}]`, content);
      continue;
    }
    for (const [field, value] of Object.entries(content)) {
      const key = `filter[${section}][${field}]`;
      if (section === "order" || !isPlainObject(value)) push(key, value);
      else if (Object.keys(value).length === 0) problems.push({ path: key, message: "must name an operator" });
      else for (const [operator, operand] of Object.entries(value)) push(`${key}[${operator}]`, operand);
    }
  }
  return entries;
}

function stringifyJsonValue(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "boolean" || (typeof value === "number" && Number.isFinite(value))) return String(value);
  if (!Array.isArray(value)) return undefined;
  const items = value.map((item: unknown) => (Array.isArray(item) ? undefined : stringifyJsonValue(item)));
  return items.every((item) => item !== undefined) ? items.join(",") : undefined;
}

function splitFilterKey(key: string): string[] | undefined {
  const brackets = FILTER_KEY.exec(key)?.[1];
  return brackets === undefined ? undefined : Array.from(brackets.matchAll(SEGMENT), (match) => match[1] ?? "");
}

function readLimit(value: string, query: FilterQuery, report: (message: string) => void): void {
  const text = value.trim();
  const limit = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (limit >= 1 && limit <= MAX_LIMIT) query.limit = limit;
  else report(`must be an integer from 1 to ${MAX_LIMIT}`);
}

function readOffset(value: string, query: FilterQuery, report: (message: string) => void): void {
  const text = value.trim();
  const offset = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (Number.isSafeInteger(offset)) query.offset = offset;
  else report("must be an integer of 0 or more");
}

function readCondition(
  entry: { field: string; operator: string | undefined; value: string },
  spec: FilterSpec,
  query: FilterQuery,
  conditionIds: Set<string>,
  report: (message: string) => void,
): void {
  const { field, value } = entry;
  const fieldSpec = lookUp(spec.fields, field);
  if (!fieldSpec) return report(describeUnknown("filter field", field, Object.keys(spec.fields)));
  const operator = entry.operator ?? getBareOperator(fieldSpec);
  const allowed = fieldSpec.operators.join(", ");
  if (!isFilterOperator(operator)) return report(describeUnknown("operator", operator, fieldSpec.operators));
  if (!fieldSpec.operators.includes(operator)) {
    return report(
      entry.operator === undefined
        ? `needs an operator on '${field}': filter[where][${field}][<operator>] with one of ${allowed}`
        : `operator '${operator}' is not allowed on '${field}'; allowed: ${allowed}`,
    );
  }
  // A bare key and its explicit twin (`[status]` and `[status][in]`) would otherwise both apply.
  const conditionId = `${field}[${operator}]`;
  if (conditionIds.has(conditionId)) return report(`repeats the '${operator}' condition on '${field}'`);
  conditionIds.add(conditionId);

  const values = readValues(fieldSpec, operator, value, report);
  if (values) query.where.push({ field, operator, values });
}

function readValues(
  fieldSpec: FieldSpec,
  operator: FilterOperator,
  value: string,
  report: (message: string) => void,
): string[] | undefined {
  const isList = isListOperator(operator);
  const raws = (isList ? value.split(",") : [value]).map((raw) => raw.trim());
  if (raws.some((raw) => raw === "")) {
    report(isList ? "must be a comma-separated list without empty items" : "must not be empty");
    return undefined;
  }
  const values: string[] = [];
  for (const raw of raws) {
    const result = normalizeValue(fieldSpec, raw);
    if (result.ok) values.push(result.value);
    else report(result.message);
  }
  return values.length === raws.length ? values : undefined;
}

function readOrder(
  field: string,
  value: string,
  spec: FilterSpec,
  query: FilterQuery,
  report: (message: string) => void,
): void {
  if (!lookUp(spec.order, field)) return report(describeUnknown("sort field", field, Object.keys(spec.order)));
  const direction = ORDER_DIRECTIONS.find((candidate) => candidate === value.trim().toLowerCase());
  if (!direction) return report("must be asc or desc");
  query.order.push({ field, direction } satisfies FilterOrder);
}

function describeUnknown(kind: string, name: string, allowed: readonly string[]): string {
  const suggestion = findClosestName(name, allowed);
  return suggestion
    ? `unknown ${kind} ${quote(name)}; did you mean '${suggestion}'?`
    : `unknown ${kind} ${quote(name)}; allowed: ${allowed.join(", ") || "none"}`;
}

/** Own properties only: a field named `constructor` must not find `Object.prototype.constructor`. */
function lookUp<T>(record: Readonly<Record<string, T>>, name: string): T | undefined {
  return Object.hasOwn(record, name) ? record[name] : undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function createFilterError(problems: ErrorDetail[]): ApiError {
  const [first] = problems;
  const message =
    problems.length === 1 && first
      ? `Invalid ${first.path}: ${first.message}`
      : `Invalid filter: ${problems.length} problems, see details`;
  return new ApiError("bad_request", message, problems);
}
