/**
 * The `filter[...]` grammar of list endpoints (docs/api.md "Lists"). A `FilterQuery` is what `parseFilter` returns:
 * every value validated and normalised, every default filled in, so `formatFilter` can invert it exactly.
 */

export const FILTER_OPERATORS = ["eq", "contains", "in", "and", "gte", "lte"] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/** Operators whose value is a comma-separated list; the others carry exactly one value. */
export const LIST_OPERATORS: readonly FilterOperator[] = ["in", "and"];

export const ORDER_DIRECTIONS = ["asc", "desc"] as const;
export type OrderDirection = (typeof ORDER_DIRECTIONS)[number];

export type FilterCondition = { field: string; operator: FilterOperator; values: string[] };
export type FilterOrder = { field: string; direction: OrderDirection };
export type FilterQuery = { limit: number; offset: number; where: FilterCondition[]; order: FilterOrder[] };

export type FieldType = "int" | "uuid" | "string" | "enum" | "boolean" | "date" | "status";

export type FieldSpec = {
  type: FieldType;
  /** The allowed values of an `enum` field. */
  values?: readonly string[];
  operators: readonly FilterOperator[];
  /**
   * What `filter[where][<field>]=v` (no operator) means. Defaults to `eq`, except for `status`, whose bare
   * form is a list that matches any entry (docs/api.md "Lists"), i.e. `in`.
   */
  bareOperator?: FilterOperator;
  /** Makes the field required (a 400 without it), saying what its value is for. */
  required?: string;
};

/** A sortable field; the description feeds the API documentation. */
export type OrderSpec = { description?: string };

/** One collection's allowlist: what may be filtered, how, and what may be sorted. */
export type FilterSpec = {
  fields: Readonly<Record<string, FieldSpec>>;
  order: Readonly<Record<string, OrderSpec>>;
  defaultOrder: readonly FilterOrder[];
};

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 250;
export const DEFAULT_OFFSET = 0;

export const CONTENT_STATUSES = ["draft", "published", "unpublished"] as const;
/** The key of a status entry: `default` (the organization's default language) or a language code. */
export const STATUS_KEY = /^(?:default|[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})?)$/;

export function getBareOperator(field: FieldSpec): FilterOperator {
  return field.bareOperator ?? (field.type === "status" ? "in" : "eq");
}

export function isListOperator(operator: FilterOperator): boolean {
  return LIST_OPERATORS.includes(operator);
}
