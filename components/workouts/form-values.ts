import { workoutInputSchema, type WorkoutAllTexts, type WorkoutInput } from "@/lib/workouts/schemas";
import { textsOf, type Languages } from "@/components/collections/form-schemas";
import { visitPhases } from "@/lib/workouts/item-visitor";
import {
  PHASE_KINDS,
  type PhaseKind,
  type PhaseOf,
  type Target,
  type TargetMetric,
  type WorkoutItemOf,
  type WorkoutItemType,
} from "@/lib/workouts/phases";

/**
 * The workout editor's form values: the API's input shape (lib/workouts/schemas) with every text
 * as one string per enabled language and the upload as its id. Keeping the API's shape means a zod
 * issue path or a 422 JSON Pointer names the form field directly (only texts add their language).
 * Pure and isomorphic, so the conversions are unit-tested.
 */
export type Texts = Record<string, string>;
export type FormItem = WorkoutItemOf<Texts>;
export type FormPhase = PhaseOf<Texts>;

export type WorkoutFormValues = {
  title: Texts;
  slug: string;
  description: Texts;
  /** The upload id; "" while none is chosen. */
  image: string;
  gender: string;
  level: string;
  types: number[];
  goals: number[];
  body_parts: number[];
  locations: string[];
  duration: string;
  /** Minutes; NaN while the input is empty. */
  estimated_duration: number;
  template: boolean;
  content_packages: string[];
  phases: FormPhase[];
};

export type { Languages };

export const PHASE_LABELS: Record<PhaseKind, string> = { "warm-up": "Warm up", training: "Training", "cool-down": "Cool down" };

export const ITEM_LABELS: Record<WorkoutItemType, string> = {
  "SINGLE-EXERCISES": "Single exercises",
  SUPERSET: "Superset",
  "CIRCUIT-TIME": "Time circuit",
  "CIRCUIT-REPETITIONS": "Repetition circuit",
  AMRAP: "AMRAP",
  RFT: "Rounds for time",
  EMOM: "EMOM",
  TIMER: "Timer",
};

export const METRIC_LABELS: Record<TargetMetric, string> = { repetitions: "repetitions", weight: "kg", duration: "seconds" };

// ---------------------------------------------------------------------------------------------------
// Reading a record

export function emptyTexts({ languages }: Languages): Texts {
  return Object.fromEntries(languages.map((language) => [language, ""]));
}

/** The form's values for a workout read with `texts=all`; no record: an empty workout. */
export function toFormValues(record: WorkoutAllTexts | undefined, langs: Languages): WorkoutFormValues {
  return {
    title: textsOf(record?.title, langs),
    slug: record?.slug ?? "",
    description: textsOf(record?.description, langs),
    image: record?.image?.id ?? "",
    gender: record?.gender ?? "",
    level: record?.level ?? "",
    types: record?.types ?? [],
    goals: record?.goals ?? [],
    body_parts: record?.body_parts ?? [],
    locations: record?.locations ?? [],
    duration: record?.duration ?? "",
    estimated_duration: record?.estimated_duration ?? Number.NaN,
    template: record?.template ?? false,
    content_packages: record?.content_packages ?? [],
    phases: visitPhases(record?.phases ?? [], "", { text: (text) => textsOf(text, langs) }),
  };
}

/**
 * A copy to open as a new workout: no slug (the API makes a new one), not a template. A duplicate's
 * titles say it is a copy; a workout started from a template keeps the template's texts.
 */
export function copyFormValues(values: WorkoutFormValues, as: "duplicate" | "from-template"): WorkoutFormValues {
  const title = as === "duplicate" ? Object.fromEntries(Object.entries(values.title).map(([language, text]) => [language, text ? `${text} (copy)` : ""])) : values.title;
  return { ...structuredClone(values), title, slug: "", template: false };
}

// ---------------------------------------------------------------------------------------------------
// Writing a record

/**
 * The request body for the form's values. Every language is sent, "" for an empty one: texts inside
 * phases merge with the stored ones (docs/api.md "Content (lookups, exercises, equipment, instructors, workouts, training plans, on-demand)"), so a language left out would keep its old text.
 */
export function toRequestBody(values: WorkoutFormValues): Record<string, unknown> {
  return {
    title: values.title,
    slug: values.slug.trim() === "" ? null : values.slug.trim(),
    description: values.description,
    image: values.image === "" ? undefined : values.image,
    gender: values.gender === "" ? undefined : values.gender,
    level: values.level === "" ? undefined : values.level,
    types: values.types,
    goals: values.goals,
    body_parts: values.body_parts,
    locations: values.locations,
    duration: values.duration === "" ? undefined : values.duration,
    estimated_duration: Number.isNaN(values.estimated_duration) ? null : values.estimated_duration,
    template: values.template,
    content_packages: values.content_packages,
    phases: visitPhases(values.phases, "", { text: (text) => text }),
  };
}

type Issue = { path: (string | number)[]; message: string };

const REQUIRED_MESSAGES: Record<string, string> = {
  image: "Choose an image",
  gender: "Choose a gender",
  level: "Choose a level",
  duration: "Choose a duration",
};

/** Required texts need the default language; the API checks the same when it merges texts (422). */
function requiredTextIssues(values: WorkoutFormValues, { defaultLanguage }: Languages): Issue[] {
  const issues: Issue[] = [];
  const need = (texts: Texts | undefined, path: (string | number)[], label: string) => {
    if (!texts?.[defaultLanguage]?.trim()) issues.push({ path: [...path, defaultLanguage], message: `Enter the ${label} in ${defaultLanguage}, the default language` });
  };
  need(values.title, ["title"], "title");
  need(values.description, ["description"], "description");
  values.phases.forEach((phase, p) => {
    need(phase.title, ["phases", p, "title"], "phase title");
    phase.items.forEach((item, i) => {
      if (item.type === "TIMER") need(item.timer_title, ["phases", p, "items", i, "timer_title"], "timer title");
    });
  });
  return issues;
}

export type ValidationResult = { body: WorkoutInput; issues: [] } | { body: undefined; issues: Issue[] };

/**
 * Validates the form's values with the API's own schema (workoutInputSchema) and the required-text
 * rule, returning every problem at once with form paths.
 */
export function validateWorkoutForm(values: WorkoutFormValues, langs: Languages): ValidationResult {
  const body = toRequestBody(values);
  const parsed = workoutInputSchema.safeParse(body, { reportInput: true });
  const issues: Issue[] = requiredTextIssues(values, langs);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.filter((segment): segment is string | number => typeof segment !== "symbol");
      const head = path.length === 1 ? String(path[0]) : "";
      const message = issue.input === undefined ? REQUIRED_MESSAGES[head] : undefined;
      issues.push({ path, message: message ?? issue.message });
    }
  }
  return issues.length === 0 && parsed.success ? { body: parsed.data, issues: [] } : { body: undefined, issues };
}

const TEXT_KEYS = new Set(["title", "description", "notes", "timer_title"]);

/**
 * The form field a 422 detail names: its JSON Pointer as a dotted path; a text field without a
 * language gets the language the message names (a text required in a published language), else the
 * default language (where the API's "required in the default language" belongs).
 */
export function formPathOfPointer(pointer: string, { languages, defaultLanguage }: Languages, message = ""): string | undefined {
  if (!pointer.startsWith("/")) return undefined;
  // "is required in de: the record is published in de" names the whole text; it belongs to the German input.
  const named = /^is required in ([A-Za-z0-9-]+):/.exec(message)?.[1];
  const textLanguage = named && languages.includes(named) ? named : defaultLanguage;
  const segments = pointer
    .slice(1)
    .split("/")
    .map((segment) => segment.replace(/~1/g, "/").replace(/~0/g, "~"));
  const last = segments.at(-1) ?? "";
  const before = segments.at(-2) ?? "";
  if (TEXT_KEYS.has(last)) segments.push(textLanguage);
  else if (TEXT_KEYS.has(before) && !languages.includes(last)) segments[segments.length - 1] = last === "default" ? defaultLanguage : last;
  return segments.join(".");
}

// ---------------------------------------------------------------------------------------------------
// New parts

export function newPhase(kind: PhaseKind, langs: Languages): FormPhase {
  return { kind, title: { ...emptyTexts(langs), [langs.defaultLanguage]: PHASE_LABELS[kind] }, time: 0, items: [] };
}

/**
 * The phases that can still be added and where each goes: every missing kind, at the position that
 * keeps warm up, training, cool down in order. None once all three are there.
 */
export function phaseAdditions(existing: readonly PhaseKind[]): { kind: PhaseKind; index: number }[] {
  return PHASE_KINDS.filter((kind) => !existing.includes(kind)).map((kind) => ({
    kind,
    index: existing.filter((other) => PHASE_KINDS.indexOf(other) < PHASE_KINDS.indexOf(kind)).length,
  }));
}

export function newTarget(metric: TargetMetric): Target {
  return { type: "VALUE", metric, value: 0 };
}

/** A target switched to `type`, keeping its numbers (a value becomes a range from it to itself). */
export function retypeTarget(target: Target, type: Target["type"]): Target {
  if (target.type === type) return target;
  return target.type === "VALUE" ? { type: "RANGE", metric: target.metric, min: target.value, max: target.value } : { type: "VALUE", metric: target.metric, value: target.min };
}

export type ExerciseEntryKind = "single" | "plain" | "timed" | "rested";

/** A new exercise entry of the kind the item's structure needs (docs/api.md "Workout phases"). */
export function newExerciseEntry(kind: ExerciseEntryKind, exerciseId: string, langs: Languages) {
  const notes = emptyTexts(langs);
  switch (kind) {
    case "single":
      return { exercise_id: exerciseId, notes, sets: [newSet(langs)] };
    case "plain":
      return { notes, exercise_id: exerciseId, goal_targets: [], resistance_targets: [] };
    case "timed":
      return { notes, exercise_id: exerciseId, rest: 0, resistance_targets: [] };
    case "rested":
      return { notes, rest: 0, exercise_id: exerciseId, goal_targets: [], resistance_targets: [] };
  }
}

export function newSet(langs: Languages) {
  return { notes: emptyTexts(langs), rest: 60, goal_targets: [newTarget("repetitions")], resistance_targets: [] };
}

export function newTimeRound() {
  return { rest_rounds: 60, work: 40, rest: 20, exercises: [] };
}

export function newRepetitionRound() {
  return { rest: 0, rest_round: 60, exercises: [] };
}

/** A new item of `type`; exercise lists start empty (the editor asks for exercises before saving). */
export function newItem(type: WorkoutItemType, langs: Languages): FormItem {
  const notes = emptyTexts(langs);
  switch (type) {
    case "SINGLE-EXERCISES":
      return { type, notes, se_exercises: [] };
    case "SUPERSET":
      return { type, notes, ss_sets: 3, ss_rest: 60, ss_exercises: [] };
    case "CIRCUIT-TIME":
      return { type, notes, ct_rounds: [newTimeRound()] };
    case "CIRCUIT-REPETITIONS":
      return { type, notes, cr_rounds: [newRepetitionRound()] };
    case "AMRAP":
      return { type, notes, amrap_duration: 600, amrap_exercises: [] };
    case "RFT":
      return { type, notes, rft_rounds: 3, rft_exercises: [] };
    case "EMOM":
      return { type, notes, emom_rest: 0, emom_minutes: [] };
    case "TIMER":
      return { type, notes, timer_title: emptyTexts(langs), timer_duration: 60 };
  }
}

// ---------------------------------------------------------------------------------------------------
// Errors for react-hook-form

/**
 * The issues as react-hook-form's nested errors object. An issue about a list as a whole ("must have
 * at least 2 entries") goes under the list's `root`, as useFieldArray keeps it; the first issue of a
 * field wins.
 */
export function issuesToErrors(issues: readonly Issue[], values: WorkoutFormValues): Record<string, unknown> {
  const errors: Record<string, unknown> = {};
  const isError = (node: unknown) => typeof node === "object" && node !== null && "message" in node && typeof (node as { message: unknown }).message === "string";
  for (const issue of issues) {
    let path = issue.path.map(String);
    let value: unknown = values;
    for (const segment of path) value = value && typeof value === "object" ? (value as Record<string, unknown>)[segment] : undefined;
    if (Array.isArray(value)) path = [...path, "root"];
    let node: Record<string, unknown> = errors;
    for (const [index, segment] of path.entries()) {
      const next = node[segment];
      if (index === path.length - 1) {
        if (next === undefined) node[segment] = { type: "validation", message: issue.message };
        break;
      }
      if (isError(next)) break; // a parent with its own error shows that one
      if (next === undefined) node[segment] = /^\d+$/.test(path[index + 1]!) ? [] : {};
      node = node[segment] as Record<string, unknown>;
    }
  }
  return errors;
}
