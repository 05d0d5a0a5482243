import { isDeepStrictEqual } from "node:util";
import { ApiError } from "@/lib/core/errors";
import type { LocalizedText } from "@/lib/i18n";

/** Where texts sit inside a JSON column: under these keys at any depth, or as the array's items. */
export type NestedTextSpec = { keys: readonly string[] } | { items: true };

/** Columns derived from texts; they change along with the texts a translator may edit. */
const DERIVED = new Set(["searchText", "textCompleteness"]);

type Split = { structure: unknown; texts: Map<string, LocalizedText> };

function isText(value: unknown): value is LocalizedText {
  return !!value && typeof value === "object" && !Array.isArray(value) && Object.values(value).every((item) => typeof item === "string");
}

/** Separates a JSON value's texts (by path) from the rest of its structure. */
export function splitNestedTexts(value: unknown, spec: NestedTextSpec, path = ""): Split {
  const texts = new Map<string, LocalizedText>();
  const walk = (node: unknown, at: string, isItemText: boolean): unknown => {
    if (isItemText && isText(node)) {
      texts.set(at, node);
      return null;
    }
    if (Array.isArray(node)) return node.map((item, index) => walk(item, `${at}/${index}`, "items" in spec && at === path));
    if (node && typeof node === "object") {
      const structure: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(node)) {
        if ("keys" in spec && spec.keys.includes(key) && isText(child)) {
          texts.set(`${at}/${key}`, child);
          structure[key] = null;
        } else {
          structure[key] = walk(child, `${at}/${key}`, false);
        }
      }
      return structure;
    }
    return node;
  };
  return { structure: walk(value, path, false), texts };
}

function changedLanguages(before: LocalizedText | undefined, after: LocalizedText | undefined): string[] {
  const languages = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  return [...languages].filter((language) => (before?.[language] ?? "") !== (after?.[language] ?? ""));
}

/**
 * A translator may change texts, and only in their own languages (docs/api.md "Publishing"): anything else in
 * the change is a 403 naming the field or the language.
 */
export function assertTranslatorChange(
  current: Record<string, unknown>,
  next: Record<string, unknown>,
  rules: { textFields: readonly string[]; nestedTexts: Record<string, NestedTextSpec>; languages: readonly string[]; defaultLanguage: string },
): void {
  const touched = new Set<string>();
  for (const [key, value] of Object.entries(next)) {
    if (DERIVED.has(key)) continue;
    if (rules.textFields.includes(key)) {
      for (const language of changedLanguages(current[key] as LocalizedText, value as LocalizedText)) touched.add(language);
      continue;
    }
    const nested = rules.nestedTexts[key];
    if (nested) {
      const before = splitNestedTexts(current[key], nested);
      const after = splitNestedTexts(value, nested);
      if (!isDeepStrictEqual(before.structure, after.structure)) throw notText(key);
      for (const [path, text] of after.texts) for (const language of changedLanguages(before.texts.get(path), text)) touched.add(language);
      continue;
    }
    if (!isDeepStrictEqual(normalize(current[key]), normalize(value))) throw notText(key);
  }
  const foreign = [...touched].filter((language) => !rules.languages.includes(language));
  if (foreign.length > 0) {
    throw new ApiError("forbidden", `translators can only change their own languages (${rules.languages.join(", ") || "none"}); this change touches ${foreign.join(", ")}`);
  }
}

function notText(field: string): ApiError {
  return new ApiError("forbidden", `translators can only change texts; '${toSnakeCase(field)}' is not a text field`);
}

/** Upload columns are named after their API field without the `_id`; every other column is snake_case. */
const API_FIELD: Record<string, string> = { imageId: "image", videoId: "video", gifId: "gif", photoId: "photo" };

function toSnakeCase(name: string): string {
  return API_FIELD[name] ?? name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

// Dates and numbers read from the database compare by value with what a write would store.
function normalize(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}
