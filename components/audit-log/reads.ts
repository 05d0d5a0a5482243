import { auditFilterSpec } from "@/lib/audit-log/schemas";
import { buildFilterQueryString } from "@/lib/filter/format";
import type { FilterQuery } from "@/lib/filter/types";

// Isomorphic: the screen's hook and its page's first paint on the server (ADR 9, "Data on first
// paint") build the same key and API address.

export const AUDIT_PAGE_SIZE = 50;

/** The screen's view: newest first, a page at a time, optionally one action only. */
export function auditFilter(action: string, offset: number): Partial<FilterQuery> {
  return { limit: AUDIT_PAGE_SIZE, offset, where: action ? [{ field: "action", operator: "eq", values: [action] }] : [] };
}

/** The page's `filter[...]` query, written with the filter language's own formatter. */
export function auditQueryString(filter: Partial<FilterQuery>): string {
  return buildFilterQueryString(filter, auditFilterSpec);
}

export const auditEntriesRead = (filter: Partial<FilterQuery>) => {
  const query = auditQueryString(filter);
  return { key: ["audit-log", query] as const, path: `/audit-log?${query}` };
};
