import type { Collection } from "@/lib/content/collection";
import { equipment } from "@/lib/equipment/collection";
import { exercises } from "@/lib/exercises/collection";
import { LOOKUPS } from "@/lib/lookups/collections";

/** What a bulk import can write (docs/api.md "Bulk import"): exercises, equipment and every lookup. */
export const IMPORT_COLLECTIONS: ReadonlyMap<string, Collection> = new Map(
  [exercises as unknown as Collection, equipment as unknown as Collection, ...LOOKUPS.map((lookup) => lookup.collection as unknown as Collection)].map((collection) => [
    collection.key,
    collection,
  ]),
);
export const IMPORT_COLLECTION_KEYS = [...IMPORT_COLLECTIONS.keys()] as [string, ...string[]];

/** CSV columns that reference other records, by slug or id: the lookup they name, and whether one or many (`;`-separated). */
export const CSV_REFERENCES: Record<string, Record<string, { collection: string; field: string; isList: boolean }>> = {
  exercises: {
    muscle_groups: { collection: "muscle-groups", field: "muscle_groups", isList: true },
    equipment: { collection: "equipment", field: "equipment", isList: true },
    types: { collection: "categories", field: "types", isList: true },
  },
  equipment: {
    brand: { collection: "equipment/brands", field: "brand_id", isList: false },
    categories: { collection: "equipment/categories", field: "categories", isList: true },
  },
};

/** CSV columns of each collection besides the texts (`name`, `name:<language>` …) and references. */
export const CSV_PLAIN_COLUMNS: Record<string, string[]> = {
  exercises: ["slug", "level", "gender", "orientation", "video", "gif", "image"],
  equipment: ["slug", "image"],
};
export const CSV_TEXT_COLUMNS: Record<string, string[]> = { exercises: ["name", "summary"], equipment: ["name", "description"] };
/** Exercise steps: one cell, steps separated by `|` (per language: `steps:<language>`). */
export const CSV_LIST_TEXT_COLUMNS: Record<string, string[]> = { exercises: ["steps"] };
