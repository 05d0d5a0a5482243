/**
 * The CSV columns a bulk import reads (docs/api.md "Bulk import"). Isomorphic: the job checks a file's
 * header against them, and the admin's import screen offers them when it maps a file's columns.
 */
import { IMPORTABLE_KEYS } from "@/lib/collections/registry";

/** Every collection a bulk import can write: exercises, equipment and every lookup (paths under /content; `importable` in lib/collections/registry.ts). */
export const IMPORT_COLLECTION_KEYS = IMPORTABLE_KEYS;

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

/**
 * The columns a CSV file of `key` may have, in the documented order: plain columns, references, then
 * each text in the default language and per language (`name`, `name:de` …). `lookupTexts` are a
 * lookup's texts (`name`, and `description` where it has one).
 */
export function csvColumnsOf(key: string, lookupTexts: readonly string[], languages: readonly string[]): string[] {
  const texts = CSV_TEXT_COLUMNS[key] ?? lookupTexts;
  const listTexts = CSV_LIST_TEXT_COLUMNS[key] ?? [];
  const columns = [...(CSV_PLAIN_COLUMNS[key] ?? ["slug"]), ...Object.keys(CSV_REFERENCES[key] ?? {})];
  for (const text of [...texts, ...listTexts]) columns.push(text, ...languages.map((language) => `${text}:${language}`));
  return columns;
}

/** At most this many columns may be named in an import's `columns` parameter. */
export const MAX_MAPPED_COLUMNS = 200;
