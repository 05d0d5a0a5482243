/**
 * What someone else changed in a record, field by field and language by language, for the conflict
 * dialog: the record as the editor opened it against the record as it is stored now (both as the API
 * answers with every text). Bookkeeping fields are left out; long values are shortened.
 */
export type RecordChange = { field: string; value: string };

const BOOKKEEPING = new Set(["id", "created_at", "updated_at", "version"]);
const MAX_VALUE_LENGTH = 120;

const isPlainObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);
/** `{en: "…", de: "…"}`: a text in every language (`default` mirrors the default language). */
const isTexts = (value: unknown): value is Record<string, string> => isPlainObject(value) && Object.values(value).every((text) => typeof text === "string");

export function fieldLabel(key: string): string {
  const words = key.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function describeValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "(empty)";
  const text = typeof value === "string" ? `“${value}”` : JSON.stringify(value);
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text;
}

export function recordChanges(base: Record<string, unknown>, current: Record<string, unknown>): RecordChange[] {
  const changes: RecordChange[] = [];
  const keys = [...new Set([...Object.keys(base), ...Object.keys(current)])].filter((key) => !BOOKKEEPING.has(key));
  for (const key of keys) {
    const before = base[key];
    const after = current[key];
    if (JSON.stringify(before) === JSON.stringify(after)) continue;
    if ((isTexts(before) || before === undefined) && isTexts(after)) {
      const languages = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after)])].filter((language) => language !== "default");
      for (const language of languages) {
        if ((before?.[language] ?? "") !== (after[language] ?? "")) changes.push({ field: `${fieldLabel(key)} (${language})`, value: describeValue(after[language]) });
      }
      continue;
    }
    changes.push({ field: fieldLabel(key), value: describeValue(after) });
  }
  return changes;
}
