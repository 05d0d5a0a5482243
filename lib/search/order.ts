import type { SearchCollection, SortDirection, SortField, SortKey } from "./schemas";

export const DEFAULT_SORT: readonly SortKey[] = [{ field: "match_score", direction: "desc" }];

/** `sort_by` as an ordered list of keys (object key order is the precedence), or the default. */
export function sortKeysOf(sortBy: Record<string, SortDirection> | undefined): SortKey[] {
  if (!sortBy) return [...DEFAULT_SORT];
  return Object.entries(sortBy).map(([field, direction]) => ({ field: field as SortField, direction }));
}

/**
 * What a hit is ordered by, as the collection query returned it. Each collection's SQL orders by the
 * same values with the same rules, so merging the pages here agrees with every page's own order.
 */
export type RankedHit = {
  collection: SearchCollection;
  entityId: string;
  matchScore: number;
  /** The title in the response language, lower-cased by the database. */
  titleKey: string;
  duration: number | null;
  /** ISO 8601 UTC with milliseconds: they compare as strings in time order. */
  createdAt: string;
  updatedAt: string;
};

/** Code point order, which is how PostgreSQL's "C" collation orders UTF-8 text. */
export function compareCodePoints(a: string, b: string): number {
  const left = a[Symbol.iterator]();
  const right = b[Symbol.iterator]();
  for (;;) {
    const x = left.next();
    const y = right.next();
    if (x.done || y.done) return x.done === y.done ? 0 : x.done ? -1 : 1;
    const difference = x.value.codePointAt(0)! - y.value.codePointAt(0)!;
    if (difference !== 0) return difference;
  }
}

function compareField(a: RankedHit, b: RankedHit, key: SortKey): number {
  const sign = key.direction === "asc" ? 1 : -1;
  switch (key.field) {
    case "match_score":
      return sign * (a.matchScore - b.matchScore);
    case "title":
      return sign * compareCodePoints(a.titleKey, b.titleKey);
    case "duration":
      // Items without a duration come last in both directions (NULLS LAST).
      if (a.duration === null || b.duration === null) return a.duration === b.duration ? 0 : a.duration === null ? 1 : -1;
      return sign * (a.duration - b.duration);
    case "created_at":
      return sign * compareCodePoints(a.createdAt, b.createdAt);
    case "updated_at":
      return sign * compareCodePoints(a.updatedAt, b.updatedAt);
  }
}

/** The order of `sort_by`, ties broken by the later keys, then the entity id, then the collection. */
export function compareHits(keys: readonly SortKey[]): (a: RankedHit, b: RankedHit) => number {
  return (a, b) => {
    for (const key of keys) {
      const difference = compareField(a, b, key);
      if (difference !== 0) return difference;
    }
    return compareCodePoints(a.entityId, b.entityId) || compareCodePoints(a.collection, b.collection);
  };
}
