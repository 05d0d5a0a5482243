import { sql, type SQL } from "drizzle-orm";
import { DURATION_RANGES, LEVELS, admittedValues, dateSpan, isDurationRange, type DurationRange, type Level } from "./filter-values";
import type { DurationValue, SearchFilter } from "./schemas";
import { sqlArray, type SearchSource } from "./sources";

type Operator = "eq" | "in" | "gte" | "lte";
type Conditions<V> = { eq?: V; in?: V[]; gte?: V; lte?: V };

/** Each operator given, as [operator, value] pairs (`in` keeps its list). */
function entriesOf<V>(conditions: Conditions<V>): [Operator, V | V[]][] {
  return (Object.entries(conditions) as [Operator, V | V[]][]).filter(([, value]) => value !== undefined);
}

function anyOf(parts: SQL[]): SQL {
  return parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql` OR `)})`;
}

function levelCondition(column: SQL, operator: Operator, value: Level | Level[]): SQL {
  const admitted = operator === "in" ? (value as Level[]) : admittedValues(LEVELS, operator, value as Level);
  return sql`${column} = ANY(${sqlArray(admitted, "text")})`;
}

function durationCondition(source: SearchSource, operator: Operator, value: DurationValue | DurationValue[]): SQL {
  if (operator === "in") return anyOf((value as DurationValue[]).map((one) => durationCondition(source, "eq", one)));
  const single = value as DurationValue;
  if (isDurationRange(single)) {
    // Training plans have no Duration range: a range condition leaves them out.
    if (!source.durationRange) return sql`false`;
    const admitted = admittedValues<DurationRange>(DURATION_RANGES, operator, single);
    return sql`${source.durationRange} = ANY(${sqlArray(admitted, "text")})`;
  }
  const comparison = { eq: sql`=`, gte: sql`>=`, lte: sql`<=` }[operator];
  return sql`${source.durationMinutes} ${comparison} ${single}`;
}

function dateCondition(column: SQL, operator: Operator, value: string | string[]): SQL {
  if (operator === "in") return anyOf((value as string[]).map((one) => dateCondition(column, "eq", one)));
  const { start, end } = dateSpan(value as string);
  if (operator === "gte") return sql`${column} >= ${start.toISOString()}::timestamptz`;
  if (operator === "lte") return sql`${column} < ${end.toISOString()}::timestamptz`;
  return sql`(${column} >= ${start.toISOString()}::timestamptz AND ${column} < ${end.toISOString()}::timestamptz)`;
}

/** `eq` = has the value, `in` = has any of them (array columns). */
function memberCondition(column: SQL, value: string | number | (string | number)[], type: "int" | "uuid"): SQL {
  return sql`${column} && ${sqlArray(Array.isArray(value) ? value : [value], type)}`;
}

/** The SQL conditions of `filter_by` for one collection; all must hold. */
export function filterConditions(filter: SearchFilter | undefined, source: SearchSource, organizationId: string): SQL[] {
  if (!filter) return [];
  const table = source.table;
  const conditions: SQL[] = [];
  for (const [operator, value] of entriesOf(filter.level ?? {})) conditions.push(levelCondition(sql`${table.level}`, operator, value));
  for (const [operator, value] of entriesOf(filter.duration ?? {})) conditions.push(durationCondition(source, operator, value));
  for (const [, value] of entriesOf(filter.goals ?? {})) conditions.push(memberCondition(sql`${table.goals}`, value, "int"));
  for (const [, value] of entriesOf(filter.types ?? {})) conditions.push(memberCondition(source.categoryIds(organizationId), value, "int"));
  for (const [, value] of entriesOf(filter.categories ?? {})) conditions.push(memberCondition(source.categoryUuids(organizationId), value, "uuid"));
  for (const [operator, value] of entriesOf(filter.created_at ?? {})) conditions.push(dateCondition(sql`${table.createdAt}`, operator, value));
  for (const [operator, value] of entriesOf(filter.updated_at ?? {})) conditions.push(dateCondition(sql`${table.updatedAt}`, operator, value));
  return conditions;
}

