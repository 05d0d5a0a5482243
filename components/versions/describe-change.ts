/**
 * Words for the changes of the API's version diff (docs/api.md "Version history"): where a JSON Pointer
 * points, as an editor names it ("Phase 2 › Item 1 › Notes"), and what a value was or became.
 */

export type VersionChange = {
  type: "added" | "removed" | "changed" | "moved";
  path: string;
  from_path?: string;
  language?: string;
  old_value?: unknown;
  new_value?: unknown;
};

/** The element a list's index names, by the list's member name; others fall back to "<List> n". */
const ELEMENT_NAMES: Record<string, string> = {
  phases: "Phase",
  items: "Item",
  exercises: "Exercise",
  amrap_exercises: "Exercise",
  superset_exercises: "Exercise",
  weeks: "Week",
  days: "Day",
  activities: "Activity",
  steps: "Step",
  sets: "Set",
  goal_targets: "Goal target",
  resistance_targets: "Resistance target",
  captions: "Caption",
};

const MAX_VALUE_LENGTH = 120;

function unescape(segment: string): string {
  return segment.replace(/~1/g, "/").replace(/~0/g, "~");
}

function humanize(member: string): string {
  const words = member.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** "/phases/1/items/0/notes/de" → "Phase 2 › Item 1 › Notes (de)"; the language is left out when `language` is not given. */
export function describePointer(pointer: string, language?: string): string {
  const segments = pointer.split("/").slice(1).map(unescape);
  if (language !== undefined && segments.at(-1) === language) segments.pop();
  const parts: string[] = [];
  segments.forEach((segment, index) => {
    const parent = segments[index - 1];
    if (/^\d+$/.test(segment) && parent !== undefined) {
      const name = ELEMENT_NAMES[parent];
      const number = Number(segment) + 1;
      // "Phases › Phase 2" says the same twice: the element replaces its list's name.
      parts.pop();
      parts.push(`${name ?? humanize(parent)} ${number}`);
    } else parts.push(humanize(segment));
  });
  const place = parts.join(" › ") || "Record";
  return language !== undefined ? `${place} (${language})` : place;
}

function truncate(text: string): string {
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text;
}

/** A value as a short line of text: strings quoted, lists joined, texts by language, other objects as JSON. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "nothing";
  if (typeof value === "string") return `“${truncate(value)}”`;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value) && value.every((element) => typeof element !== "object" || element === null)) {
    return value.length === 0 ? "none" : truncate(value.map((element) => String(element)).join(", "));
  }
  const entries = typeof value === "object" && !Array.isArray(value) ? Object.entries(value) : [];
  // A text (MultiLangString): each language with its text.
  if (entries.length > 0 && entries.every(([, text]) => typeof text === "string")) {
    return truncate(entries.map(([language, text]) => `${language}: “${String(text)}”`).join(", "));
  }
  return truncate(JSON.stringify(value));
}

/** One change as the history panel lists it: where, and what happened there. */
export function describeChange(change: VersionChange): { place: string; what: string } {
  const place = describePointer(change.path, change.language);
  switch (change.type) {
    case "changed":
      return { place, what: `${formatValue(change.old_value)} → ${formatValue(change.new_value)}` };
    case "added":
      return { place, what: `added: ${formatValue(change.new_value)}` };
    case "removed":
      return { place, what: `removed (was ${formatValue(change.old_value)})` };
    case "moved":
      return { place, what: `moved from ${describePointer(change.from_path ?? "")}` };
  }
}
