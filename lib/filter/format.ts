import {
  DEFAULT_LIMIT,
  DEFAULT_OFFSET,
  getBareOperator,
  type FilterOrder,
  type FilterQuery,
  type FilterSpec,
} from "./types";

/**
 * Writes a query in bracket form; the exact inverse of `parseFilter` for anything it returned. Defaults are
 * left out because the parser puts them back. With the spec, conditions use the bare form where it means
 * the same and the default order is left out too; without it, every operator and the order are explicit.
 */
export function formatFilter(query: FilterQuery, spec?: FilterSpec): URLSearchParams {
  const params = new URLSearchParams();
  if (query.limit !== DEFAULT_LIMIT) params.append("filter[limit]", String(query.limit));
  if (query.offset !== DEFAULT_OFFSET) params.append("filter[offset]", String(query.offset));
  for (const { field, operator, values } of query.where) {
    const fieldSpec = spec && Object.hasOwn(spec.fields, field) ? spec.fields[field] : undefined;
    const isBare = fieldSpec !== undefined && getBareOperator(fieldSpec) === operator;
    // Single-valued operators hold one value, so joining is right for both kinds.
    params.append(isBare ? `filter[where][${field}]` : `filter[where][${field}][${operator}]`, values.join(","));
  }
  if (!spec || !isSameOrder(query.order, spec.defaultOrder)) {
    for (const { field, direction } of query.order) params.append(`filter[order][${field}]`, direction);
  }
  return params;
}

/**
 * The query string (without `?`) for a partial query, for links and the admin filter bar. Missing parts
 * take their defaults; `base` keeps its other parameters (such as `lang`) and loses its old filter.
 * Brackets stay readable: `[` and `]` mean nothing to query string decoding, so this parses the same.
 */
export function buildFilterQueryString(
  partial: Partial<FilterQuery>,
  spec: FilterSpec,
  base?: URLSearchParams,
): string {
  const query: FilterQuery = {
    limit: partial.limit ?? DEFAULT_LIMIT,
    offset: partial.offset ?? DEFAULT_OFFSET,
    where: partial.where ?? [],
    order: partial.order ?? [...spec.defaultOrder],
  };
  const params = new URLSearchParams();
  for (const [key, value] of base ?? []) if (!key.startsWith("filter")) params.append(key, value);
  for (const [key, value] of formatFilter(query, spec)) params.append(key, value);
  return params.toString().replace(/%5B/g, "[").replace(/%5D/g, "]");
}

function isSameOrder(a: readonly FilterOrder[], b: readonly FilterOrder[]): boolean {
  return (
    a.length === b.length &&
    a.every((order, index) => order.field === b[index]?.field && order.direction === b[index]?.direction)
  );
}
