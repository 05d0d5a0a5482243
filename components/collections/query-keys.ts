import type { AdminCollection } from "@/lib/admin/collections";
import { buildFilterQueryString } from "@/lib/filter/format";
import { parseFilter } from "@/lib/filter/parse";
import type { FilterQuery, FilterSpec } from "@/lib/filter/types";

// Isomorphic on purpose: the screens (client) and the pages that read their first paint on the server
// (docs/decisions/0009, "Data on first paint") must build the same keys and the same API addresses.

/** Query keys per collection: everything of one collection sits under its first two entries. */
export const collectionKeys = {
  all: (collection: AdminCollection) => ["content", collection.apiPath] as const,
  list: (collection: AdminCollection, language: string, queryString: string) => ["content", collection.apiPath, "list", language, queryString] as const,
  record: (collection: AdminCollection, id: string) => ["content", collection.apiPath, "record", String(id)] as const,
};

/**
 * The query that asks for every text of a record in every language: `texts=all` makes nested texts
 * (phase titles, notes, fitness activity fields) MultiLangStrings too, which the specification's shape
 * gives as plain strings (docs/api.md "Languages"). Editors and the translation workspace need them all.
 */
export function everyTextQuery(languages: readonly string[]): string {
  return `lang=${languages.join(",")}&texts=all`;
}

/** The API address of a list page (`queryString` from `readListQuery`). */
export function listPath(collection: AdminCollection, queryString: string): string {
  return `/content/${collection.apiPath}${queryString ? `?${queryString}` : ""}`;
}

/** The API address of a record with every text of every language. */
export function recordPath(collection: AdminCollection, id: string, languages: readonly string[]): string {
  return `/content/${collection.apiPath}/${encodeURIComponent(id)}?${everyTextQuery(languages)}`;
}

/**
 * The list view an admin address holds, and the API query string that fetches it. A hand-edited
 * address the API would refuse shows the default view (`isValid` false, so the screen can say so).
 */
export function readListQuery(search: URLSearchParams, spec: FilterSpec): { query: FilterQuery; queryString: string; isValid: boolean } {
  let query: FilterQuery;
  let isValid = true;
  try {
    query = parseFilter(search, spec);
  } catch {
    query = parseFilter(new URLSearchParams(), spec);
    isValid = false;
  }
  return { query, queryString: buildFilterQueryString(query, spec), isValid };
}
