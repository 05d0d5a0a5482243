import { and, asc, desc, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { FilterCondition, FilterOperator, FilterQuery } from "./types";
import { isDateOnly } from "./values";

/**
 * Turns a parsed `FilterQuery` into drizzle SQL. Each collection maps its allowlisted fields to compilers
 * built here; values reach the database only as bound parameters. A compiler meeting an operator it does
 * not handle throws: the parser lets through only what the spec allows, so that is a spec/compiler
 * mismatch (a bug), not a client error.
 */
export type FieldCompiler = (condition: FilterCondition) => SQL;
/** A column, or an expression standing for one (e.g. `lower(name)`). */
export type Operand = AnyColumn | SQL;
export type ScalarKind = "int" | "uuid" | "string" | "enum" | "date";

/** A single-valued column: eq, gte, lte, in; `contains` on text kinds; date-only values cover a UTC day. */
export function scalarField(column: Operand, kind: ScalarKind): FieldCompiler {
  const toValue = (value: string): number | string => (kind === "int" ? Number(value) : value);
  return ({ operator, values }) => {
    if (kind === "date") return compileDate(column, operator, values);
    switch (operator) {
      case "eq":
        return sql`${column} = ${toValue(firstOf(values))}`;
      case "gte":
        return sql`${column} >= ${toValue(firstOf(values))}`;
      case "lte":
        return sql`${column} <= ${toValue(firstOf(values))}`;
      case "in":
        return sql`${column} IN (${joinParams(values.map(toValue))})`;
      case "contains":
        if (kind === "string" || kind === "enum") return matchSubstring(column, firstOf(values));
    }
    return failUnsupported(operator, `a ${kind} field`);
  };
}

/**
 * A PostgreSQL array column (int4[], uuid[], text[] …): eq = contains that element, in = shares any
 * (`&&`), and = contains all (`@>`). Elements are cast to the column's element type because `ARRAY[$1]`
 * alone would be text[], and the array operators need both sides of one type.
 */
export function arrayField(column: AnyColumn, elementType = readElementType(column)): FieldCompiler {
  const toArray = (values: readonly string[]) =>
    sql`ARRAY[${sql.join(
      values.map((value) => sql`${value}::${sql.raw(elementType)}`),
      sql`, `,
    )}]`;
  return ({ operator, values }) => {
    switch (operator) {
      case "eq":
      case "and":
        return sql`${column} @> ${toArray(values)}`;
      case "in":
        return sql`${column} && ${toArray(values)}`;
    }
    return failUnsupported(operator, "an array field");
  };
}

/** A boolean column; NULL counts as false because such flags (`template`) default to false (docs/api.md "Lists"). */
export function booleanField(column: Operand): FieldCompiler {
  return ({ operator, values }) => {
    if (operator !== "eq") return failUnsupported(operator, "a boolean field");
    return sql`coalesce(${column}, false) = ${firstOf(values) === "true"}`;
  };
}

/**
 * A content status stored as jsonb (`{"default": "published", "de": "draft"}`). Each value is
 * `<key>:<status>`; eq matches one entry, in any of them, and all of them (docs/api.md "Lists").
 */
export function statusField(column: Operand): FieldCompiler {
  const matchEntry = (value: string) => {
    const separator = value.indexOf(":");
    const entry = { [value.slice(0, separator)]: value.slice(separator + 1) };
    return sql`${column} @> ${JSON.stringify(entry)}::jsonb`;
  };
  return ({ operator, values }) => {
    switch (operator) {
      case "eq":
        return matchEntry(firstOf(values));
      case "in":
        return joinConditions(values.map(matchEntry), "or");
      case "and":
        return joinConditions(values.map(matchEntry), "and");
    }
    return failUnsupported(operator, "a status field");
  };
}

/** Free text (`q`): the value occurs in any of the operands, case-insensitively; eq means the same. */
export function searchField(operands: readonly Operand[]): FieldCompiler {
  return ({ operator, values }) => {
    if (operator !== "eq" && operator !== "contains") return failUnsupported(operator, "a free-text field");
    const value = firstOf(values);
    return joinConditions(
      operands.map((operand) => matchSubstring(operand, value)),
      "or",
    );
  };
}

/** Every condition of the query, joined with AND; undefined when there are none. */
export function compileWhere(query: FilterQuery, compilers: Readonly<Record<string, FieldCompiler>>): SQL | undefined {
  return and(
    ...query.where.map((condition) => {
      const compile = Object.hasOwn(compilers, condition.field) ? compilers[condition.field] : undefined;
      if (!compile) throw new Error(`No filter compiler for field '${condition.field}'`);
      return compile(condition);
    }),
  );
}

/**
 * ORDER BY terms for the query, ending with the tie-breaker (the id) so that rows with equal sort keys
 * keep one order across requests and pages neither overlap nor skip (docs/api.md "Lists"). It follows the
 * last field's direction so that an index on (field, id) serves a one-field order in a single scan.
 */
export function compileOrder(
  query: FilterQuery,
  columns: Readonly<Record<string, Operand>>,
  tieBreaker: AnyColumn,
): SQL[] {
  const terms = query.order.map(({ field, direction }) => {
    const column = Object.hasOwn(columns, field) ? columns[field] : undefined;
    if (!column) throw new Error(`No sort column for field '${field}'`);
    return direction === "asc" ? asc(column) : desc(column);
  });
  const last = query.order.at(-1)?.direction ?? "asc";
  return [...terms, last === "asc" ? asc(tieBreaker) : desc(tieBreaker)];
}

/** `ILIKE` with the client's `%`, `_` and `\` taken literally, so `50%` does not match everything. */
function matchSubstring(operand: Operand, value: string): SQL {
  const pattern = `%${value.replace(/[\\%_]/g, "\\$&")}%`;
  return sql`${operand} ILIKE ${pattern} ESCAPE '\\'`;
}

/** Date-only values stand for a whole UTC day, so `lte 2024-01-31` includes that day's afternoon. */
function compileDate(column: Operand, operator: FilterOperator, values: readonly string[]): SQL {
  const startOf = (value: string) =>
    isDateOnly(value) ? sql`(${value}::date::timestamp AT TIME ZONE 'UTC')` : sql`${value}::timestamptz`;
  const endOf = (value: string) => sql`((${value}::date + 1)::timestamp AT TIME ZONE 'UTC')`;
  const matchEq = (value: string) =>
    isDateOnly(value)
      ? sql`(${column} >= ${startOf(value)} AND ${column} < ${endOf(value)})`
      : sql`${column} = ${startOf(value)}`;
  switch (operator) {
    case "eq":
      return matchEq(firstOf(values));
    case "in":
      return joinConditions(values.map(matchEq), "or");
    case "gte":
      return sql`${column} >= ${startOf(firstOf(values))}`;
    case "lte": {
      const value = firstOf(values);
      return isDateOnly(value) ? sql`${column} < ${endOf(value)}` : sql`${column} <= ${startOf(value)}`;
    }
  }
  return failUnsupported(operator, "a date field");
}

function readElementType(column: AnyColumn): string {
  const type = column.getSQLType();
  const element = type.replace(/\[\d*\]$/, "");
  if (element === type) throw new Error(`Column '${column.name}' (${type}) is not an array`);
  return element;
}

function joinParams(values: readonly (number | string)[]): SQL {
  return sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
}

function joinConditions(conditions: SQL[], connective: "and" | "or"): SQL {
  if (conditions.length === 1 && conditions[0]) return conditions[0];
  return sql`(${sql.join(conditions, connective === "and" ? sql` AND ` : sql` OR `)})`;
}

function firstOf(values: readonly string[]): string {
  const [value] = values;
  if (value === undefined) throw new Error("A filter condition has no value");
  return value;
}

function failUnsupported(operator: FilterOperator, what: string): never {
  throw new Error(`The '${operator}' filter operator is not supported on ${what}`);
}
