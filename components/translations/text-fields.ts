/**
 * The texts of a record read with `texts=all` (every language): each is a MultiLangString (docs/api.md "Languages")
 * wherever it sits — top-level fields, phase titles, item and exercise notes, exercise steps,
 * fitness activity fields. Finding them by shape rather than by a per-collection list keeps the
 * workspace right for every collection, including fields added later.
 */
export type MultiLangText = { default: string } & Record<string, string>;

export type TextField = {
  /** JSON Pointer of the field in the record (and in the API's error details). */
  pointer: string;
  /** Where the field sits, for people: "Phase 2 (training) › Item 1 (AMRAP) › Notes". */
  label: string;
  text: MultiLangText;
};

export type FieldState = "translated" | "missing" | "empty";

/** An object holding `default` and exactly the requested languages, every value a string. */
export function isMultiLangText(value: unknown, languages: readonly string[]): value is MultiLangText {
  if (!value || typeof value !== "object" || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  if (!keys.includes("default") || keys.length !== languages.length + 1) return false;
  return languages.every((language) => keys.includes(language)) && Object.values(value).every((item) => typeof item === "string");
}

const SEGMENT_NAMES: Record<string, string> = {
  phases: "Phase",
  items: "Item",
  sets: "Set",
  weeks: "Week",
  days: "Day",
  activities: "Activity",
  steps: "Step",
  exercises: "Exercise",
  se_exercises: "Exercise",
  ss_exercises: "Exercise",
  amrap_exercises: "Exercise",
  rft_exercises: "Exercise",
  ct_rounds: "Round",
  cr_rounds: "Round",
  emom_minutes: "Minute",
};

/** Containers whose members are named by their parent (a fitness activity's `fields`). */
const TRANSPARENT = new Set(["fields"]);

function humanize(key: string): string {
  const words = key.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What an array element is called: "Phase 2 (training)", "Item 1 (AMRAP)", "Step 3". */
function elementName(arrayKey: string, index: number, element: unknown): string {
  const name = `${SEGMENT_NAMES[arrayKey] ?? humanize(arrayKey)} ${index + 1}`;
  if (!element || typeof element !== "object") return name;
  const kind = (element as { kind?: unknown; type?: unknown }).kind ?? (element as { type?: unknown }).type;
  return typeof kind === "string" && kind ? `${name} (${kind.replace(/-/g, " ")})` : name;
}

/** Every text of the record, in document order. */
export function collectTextFields(record: unknown, languages: readonly string[]): TextField[] {
  const fields: TextField[] = [];
  const walk = (value: unknown, pointer: string, label: string[], key: string | undefined) => {
    if (isMultiLangText(value, languages)) {
      fields.push({ pointer, label: label.join(" › "), text: value });
      return;
    }
    if (Array.isArray(value)) {
      value.forEach((element, index) => {
        const isText = isMultiLangText(element, languages);
        walk(element, `${pointer}/${index}`, [...label, elementName(key ?? "", index, isText ? undefined : element)], undefined);
      });
      return;
    }
    if (value && typeof value === "object") {
      for (const [childKey, child] of Object.entries(value)) {
        const childLabel = TRANSPARENT.has(childKey) ? label : Array.isArray(child) ? label : [...label, humanize(childKey)];
        walk(child, `${pointer}/${escapePointer(childKey)}`, childLabel, childKey);
      }
    }
  };
  walk(record, "", [], undefined);
  return fields;
}

function escapePointer(key: string): string {
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, "/").replace(/~0/g, "~");
}

/** The state of one field in the target language. */
export function fieldState(text: MultiLangText, language: string, value = text[language] ?? ""): FieldState {
  if (value.trim()) return "translated";
  const hasSource = Object.entries(text).some(([key, item]) => key !== language && item.trim());
  return hasSource ? "missing" : "empty";
}

/** An element id for a field (its pointer, made safe for `id` and `#` links). */
export function fieldAnchorId(pointer: string): string {
  return `text${pointer.replace(/[^A-Za-z0-9_-]/g, "-")}`;
}

/**
 * A JSON merge patch that writes `values` (pointer → text in `language`) and nothing else: top-level
 * texts as `{<language>: text}` (merged per language by PATCH), and each structure holding a changed
 * text sent whole as read, with every text in it reduced to its `language` value — the API merges those
 * with the text at the same place, so the other languages and the structure stay as they are.
 */
export function buildTranslationPatch(record: Record<string, unknown>, values: ReadonlyMap<string, string>, language: string, languages: readonly string[]): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  const containers = new Set<string>();
  for (const [pointer, value] of values) {
    const segments = pointer.split("/").slice(1).map(unescapePointer);
    const [top] = segments;
    if (top === undefined) continue;
    if (segments.length === 1) patch[top] = { [language]: value };
    else containers.add(top);
  }
  for (const top of containers) {
    patch[top] = reduceTexts(record[top], `/${escapePointer(top)}`, values, language, languages);
  }
  return patch;
}

function reduceTexts(value: unknown, pointer: string, values: ReadonlyMap<string, string>, language: string, languages: readonly string[]): unknown {
  if (isMultiLangText(value, languages)) return { [language]: values.get(pointer) ?? value[language] ?? "" };
  if (Array.isArray(value)) return value.map((element, index) => reduceTexts(element, `${pointer}/${index}`, values, language, languages));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, reduceTexts(child, `${pointer}/${escapePointer(key)}`, values, language, languages)]));
  }
  return value;
}
