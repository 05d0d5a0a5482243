/**
 * Workout phases (docs/api.md "Workout phases"): what a request may send, what is stored, what
 * a response shows, and what the workout service derives from them (texts, exercise references, an
 * editor's summary). Pure and isomorphic: no database, no server-only imports.
 *
 * Further choices:
 * - Unknown keys are dropped (zod's default strip), not refused, so a client can send back what it read
 *   and keeps working when responses gain read-only members. Fields of another item type are unknown
 *   keys too: `ss_sets` on a `SINGLE-EXERCISES` item is dropped.
 * - Every field of an item's type is required except `kind`, `notes` (absent: no notes, in any language)
 *   and the target lists (absent: []). Units are seconds for times and rests, kilograms for weights.
 * - A superset needs at least 2 exercises ("two exercises performed back to back"); more are allowed
 *   (tri-sets, giant sets). Every other exercise, set, round and minute list needs at least one entry.
 * - Lists are capped by PHASE_LIMITS, far above any real workout, to bound the work per request; so is a
 *   superset's `ss_sets`, which multiplies the segments of its timeline (./timeline.ts).
 * - Missing required fields are `invalid_type` issues without input (400 via validateInput); present but
 *   invalid values are any other issue (422). Unions and enums would report an absent value as
 *   `invalid_union`/`invalid_value`, hence `textInputSchema`, `requiredInput` and `discriminatedInput`.
 * - Writes merge texts into the stored phases (see normalizePhases), so a plain string in one language
 *   keeps every other language's translation.
 */
import { z } from "zod";
import { ApiError, type ErrorDetail } from "@/lib/http/errors";
import {
  localizedTextInputSchema,
  mergeTextInput,
  multiLangStringSchema,
  plainTextSchema,
  renderPlainText,
  type LocalizedText,
  type LocalizedTextInput,
  type MultiLangString,
  type SingleTextView,
  type TextInputContext,
  type TextView,
} from "@/lib/i18n";

export const PHASE_KINDS = ["warm-up", "training", "cool-down"] as const;
export type PhaseKind = (typeof PHASE_KINDS)[number];

export const WORKOUT_ITEM_TYPES = [
  "SINGLE-EXERCISES",
  "SUPERSET",
  "CIRCUIT-TIME",
  "CIRCUIT-REPETITIONS",
  "AMRAP",
  "RFT",
  "EMOM",
  "TIMER",
] as const;
export type WorkoutItemType = (typeof WORKOUT_ITEM_TYPES)[number];

export const TARGET_TYPES = ["VALUE", "RANGE"] as const;
export const TARGET_METRICS = ["weight", "repetitions", "duration"] as const;
export type TargetMetric = (typeof TARGET_METRICS)[number];

export const PHASE_LIMITS = {
  phases: 3,
  itemsPerPhase: 100,
  exercisesPerItem: 50,
  setsPerExercise: 50,
  roundsPerItem: 100,
  emomMinutes: 180,
  targetsPerList: 10,
} as const;

// ---------------------------------------------------------------------------------------------------
// Schema building blocks. They are not about phases; they live here until lib/validation offers them.

export const TEXT_INPUT_MESSAGE = "must be a string or an object of translations keyed by language code";

/** Whether `value` is a JSON object (not null, not an array). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A required text field as written (`localizedTextInputSchema`), reporting an absent value as missing
 * and a wrong one with a message for people (the bare union says "Invalid input" for both). Language
 * codes are checked when the text is merged (mergeTextInput), against the organization's languages.
 */
export const textInputSchema = z.preprocess((value: LocalizedTextInput, ctx) => {
  const raw: unknown = value;
  if (raw === undefined) {
    ctx.issues.push({ code: "invalid_type", expected: "string", input: undefined });
  } else if (!isPlainObject(raw)) {
    if (typeof raw !== "string") ctx.issues.push({ code: "invalid_type", expected: "string", input: raw, message: TEXT_INPUT_MESSAGE });
  } else {
    for (const [key, text] of Object.entries(raw)) {
      if (typeof text !== "string") ctx.issues.push({ code: "invalid_type", expected: "string", input: text, path: [key], message: "must be a string" });
    }
  }
  return value;
}, localizedTextInputSchema);

/** A string enum or literal `schema`, with an absent value reported as missing (they would report `invalid_value`). */
export function requiredInput<S extends z.ZodType>(schema: S) {
  return z.preprocess((value: z.input<S>, ctx) => {
    if ((value as unknown) === undefined) ctx.issues.push({ code: "invalid_type", expected: "string", input: undefined });
    return value;
  }, schema);
}

/**
 * A discriminated union whose discriminator is reported as missing when absent (zod reports
 * `invalid_union` for the whole object) and, when unknown, as `invalid_value` listing the allowed values.
 */
export function discriminatedInput<U extends z.ZodType>(union: U, key: string, values: readonly string[]) {
  const message = `must be one of ${values.join(", ")}`;
  return z.preprocess((value: z.input<U>, ctx) => {
    const raw: unknown = value;
    if (isPlainObject(raw)) {
      const tag = raw[key];
      if (tag === undefined) {
        ctx.issues.push({ code: "invalid_type", expected: "string", input: undefined, path: [key] });
      } else if (typeof tag !== "string" || !values.includes(tag)) {
        ctx.issues.push({ code: "invalid_value", values: [...values], input: tag, path: [key], message });
      }
    }
    return value;
  }, union);
}

/** An array with its bounds in words. */
export function listOf<S extends z.ZodType>(item: S, min: number, max: number) {
  return z
    .array(item, "must be an array")
    .min(min, `must have at least ${min} ${min === 1 ? "entry" : "entries"}`)
    .max(max, `must have at most ${max} entries`);
}

export function wholeNumber(min: number, description: string) {
  return z.int("must be a whole number").min(min, `must be at least ${min}`).meta({ description });
}

function amount(description: string) {
  return z.number("must be a number").min(0, "must be at least 0").meta({ description });
}

// ---------------------------------------------------------------------------------------------------
// Targets

const targetMetricSchema = z
  .enum(TARGET_METRICS, `must be one of ${TARGET_METRICS.join(", ")}`)
  .meta({ description: "What the target measures: weight in kilograms, repetitions, or duration in seconds" });

const valueTargetSchema = z.object({
  type: z.literal("VALUE"),
  metric: requiredInput(targetMetricSchema),
  value: amount("The target value, in the metric's unit"),
});

const rangeTargetSchema = z
  .object({
    type: z.literal("RANGE"),
    metric: requiredInput(targetMetricSchema),
    min: amount("The lower bound, in the metric's unit"),
    max: amount("The upper bound, in the metric's unit; at least `min`"),
  })
  .refine((target) => target.min <= target.max, { path: ["max"], message: "must be at least min" });

export const targetSchema = z.discriminatedUnion("type", [valueTargetSchema, rangeTargetSchema]).meta({
  id: "Target",
  description: "A goal or resistance target: one value, or a range from `min` to `max`",
  examples: [
    { type: "VALUE", metric: "repetitions", value: 12 },
    { type: "RANGE", metric: "weight", min: 20, max: 25 },
  ],
});

export const targetInputSchema = discriminatedInput(
  z.discriminatedUnion("type", [valueTargetSchema, rangeTargetSchema]),
  "type",
  TARGET_TYPES,
).meta({ id: "TargetInput", description: "A goal or resistance target; a RANGE needs `min` ≤ `max`" });

export type Target = z.output<typeof targetSchema>;

const targetListInputSchema = listOf(targetInputSchema, 0, PHASE_LIMITS.targetsPerList).default(() => []);

// ---------------------------------------------------------------------------------------------------
// The shapes of phases and items, for any representation of their texts

/** A set of a SINGLE-EXERCISES exercise. */
export type SetOf<T> = { notes: T; rest: number; goal_targets: Target[]; resistance_targets: Target[] };
/** An exercise of a SUPERSET or RFT. */
export type ExerciseEntryOf<T> = { notes: T; exercise_id: string; goal_targets: Target[]; resistance_targets: Target[] };
/** An exercise of a CIRCUIT-REPETITIONS round, an AMRAP, or an EMOM minute. */
export type RestedExerciseEntryOf<T> = {
  notes: T;
  rest: number;
  exercise_id: string;
  goal_targets: Target[];
  resistance_targets: Target[];
};
/** An exercise of a CIRCUIT-TIME round: it works for the round's `work` seconds, so it has no goals. */
export type TimedExerciseEntryOf<T> = { notes: T; exercise_id: string; rest: number; resistance_targets: Target[] };

export type WorkoutItemOf<T> =
  | { type: "SINGLE-EXERCISES"; notes: T; se_exercises: { exercise_id: string; notes: T; sets: SetOf<T>[] }[] }
  | { type: "SUPERSET"; notes: T; ss_sets: number; ss_rest: number; ss_exercises: ExerciseEntryOf<T>[] }
  | {
      type: "CIRCUIT-TIME";
      notes: T;
      ct_rounds: { rest_rounds: number; work: number; rest: number; exercises: TimedExerciseEntryOf<T>[] }[];
    }
  | {
      type: "CIRCUIT-REPETITIONS";
      notes: T;
      cr_rounds: { rest: number; rest_round: number; exercises: RestedExerciseEntryOf<T>[] }[];
    }
  | { type: "AMRAP"; notes: T; amrap_duration: number; amrap_exercises: RestedExerciseEntryOf<T>[] }
  | { type: "RFT"; notes: T; rft_rounds: number; rft_exercises: ExerciseEntryOf<T>[] }
  | { type: "EMOM"; notes: T; emom_rest: number; emom_minutes: RestedExerciseEntryOf<T>[] }
  | { type: "TIMER"; notes: T; timer_title: T; timer_duration: number };

export type PhaseOf<T> = { kind: PhaseKind; title: T; time: number; items: WorkoutItemOf<T>[] };

/** A text field in a response: a plain string, or a MultiLangString (several languages, or `texts=all`). */
export type RenderedText = string | MultiLangString;

/** A phase as stored in `workouts.phases`: every text a LocalizedText, `kind` always present. */
export type StoredPhase = PhaseOf<LocalizedText>;
export type StoredWorkoutItem = WorkoutItemOf<LocalizedText>;
/** A phase in a response. */
export type Phase = PhaseOf<RenderedText>;
export type WorkoutItem = WorkoutItemOf<RenderedText>;

/**
 * The zod objects of the eight item types, written once for requests and responses: they differ only
 * in how texts and target lists are written.
 */
function workoutItemOptions<Text extends z.ZodType, Notes extends z.ZodType, Targets extends z.ZodType>(
  text: Text,
  notes: Notes,
  targets: Targets,
) {
  const limits = PHASE_LIMITS;
  const exerciseId = () => z.uuid("must be a uuid").meta({ description: "An exercise id" });
  const rest = () => wholeNumber(0, "Rest, in seconds");
  const exercises = <S extends z.ZodType>(entry: S, min = 1, max: number = limits.exercisesPerItem) => listOf(entry, min, max);
  const goalsAndResistances = { goal_targets: targets, resistance_targets: targets };
  const restedExercise = z.object({ notes, rest: rest(), exercise_id: exerciseId(), ...goalsAndResistances });
  return [
    z.object({
      type: z.literal("SINGLE-EXERCISES"),
      notes,
      se_exercises: exercises(
        z.object({
          exercise_id: exerciseId(),
          notes,
          sets: listOf(z.object({ notes, rest: rest(), ...goalsAndResistances }), 1, limits.setsPerExercise),
        }),
      ),
    }),
    z.object({
      type: z.literal("SUPERSET"),
      notes,
      ss_sets: z
        .int("must be a whole number")
        .min(1, "must be at least 1")
        .max(limits.roundsPerItem, `must be at most ${limits.roundsPerItem}`)
        .meta({ description: "How many times the exercises are done back to back" }),
      ss_rest: wholeNumber(0, "Rest after each set, in seconds"),
      ss_exercises: exercises(z.object({ notes, exercise_id: exerciseId(), ...goalsAndResistances }), 2),
    }),
    z.object({
      type: z.literal("CIRCUIT-TIME"),
      notes,
      ct_rounds: listOf(
        z.object({
          rest_rounds: wholeNumber(0, "Rest after the round, in seconds"),
          work: wholeNumber(1, "Work interval per exercise, in seconds"),
          rest: wholeNumber(0, "Rest interval after each exercise, in seconds"),
          exercises: exercises(z.object({ notes, exercise_id: exerciseId(), rest: rest(), resistance_targets: targets })),
        }),
        1,
        limits.roundsPerItem,
      ),
    }),
    z.object({
      type: z.literal("CIRCUIT-REPETITIONS"),
      notes,
      cr_rounds: listOf(
        z.object({
          rest: wholeNumber(0, "Rest between the exercises of the round, in seconds"),
          rest_round: wholeNumber(0, "Rest after the round, in seconds"),
          exercises: exercises(restedExercise),
        }),
        1,
        limits.roundsPerItem,
      ),
    }),
    z.object({
      type: z.literal("AMRAP"),
      notes,
      amrap_duration: wholeNumber(1, "The time box, in seconds"),
      amrap_exercises: exercises(restedExercise),
    }),
    z.object({
      type: z.literal("RFT"),
      notes,
      rft_rounds: wholeNumber(1, "Rounds to complete as fast as possible"),
      rft_exercises: exercises(z.object({ notes, exercise_id: exerciseId(), ...goalsAndResistances })),
    }),
    z.object({
      type: z.literal("EMOM"),
      notes,
      emom_rest: wholeNumber(0, "Rest after the last minute, in seconds"),
      emom_minutes: exercises(restedExercise, 1, limits.emomMinutes).meta({
        description: "One entry per minute, in order; each starts on the minute",
      }),
    }),
    z.object({
      type: z.literal("TIMER"),
      notes,
      timer_title: text,
      timer_duration: wholeNumber(1, "The timer's duration, in seconds"),
    }),
  ] as const;
}

// ---------------------------------------------------------------------------------------------------
// Request schemas

export const workoutItemInputSchema = discriminatedInput(
  z.discriminatedUnion("type", workoutItemOptions(textInputSchema, textInputSchema.optional(), targetListInputSchema)),
  "type",
  WORKOUT_ITEM_TYPES,
).meta({
  id: "WorkoutItemInput",
  description: "A workout item; `type` decides its further fields. Unknown fields are ignored.",
});

export const phaseInputSchema = z
  .object({
    kind: z
      .enum(PHASE_KINDS, `must be one of ${PHASE_KINDS.join(", ")}`)
      .optional()
      .meta({ description: "When absent, the position decides: first warm-up, second training, third cool-down" }),
    title: textInputSchema,
    time: wholeNumber(0, "The phase's duration, in seconds"),
    items: listOf(workoutItemInputSchema, 0, PHASE_LIMITS.itemsPerPhase),
  })
  .meta({ id: "PhaseInput" });

export const phasesInputSchema = listOf(phaseInputSchema, 0, PHASE_LIMITS.phases)
  .superRefine(checkPhaseKinds, {
    // Also when some phase is invalid, so that one answer lists every problem; never past the limit,
    // where positions no longer give a kind and `too_big` says all there is to say.
    when: (payload) => Array.isArray(payload.value) && payload.value.length <= PHASE_LIMITS.phases,
  })
  .meta({ description: "At most 3 phases, ordered warm-up, training, cool-down, each kind at most once" });

/** A phase after parsing: `kind` may still be absent, texts are as written, target lists are filled in. */
export type PhaseInput = z.output<typeof phaseInputSchema>;
export type WorkoutItemInput = z.output<typeof workoutItemInputSchema>;

/** The kind a phase has: its own, else the one its position gives; undefined past the third phase. */
export function phaseKindAt(kind: PhaseKind | undefined, index: number): PhaseKind | undefined {
  return kind ?? PHASE_KINDS[index];
}

function isPhaseKind(value: unknown): value is PhaseKind {
  return typeof value === "string" && (PHASE_KINDS as readonly string[]).includes(value);
}

/** Kinds in the order warm-up, training, cool-down, each at most once; reads the phases defensively (see `when`). */
function checkPhaseKinds(phases: readonly unknown[], ctx: z.RefinementCtx) {
  const firstIndexOf = new Map<PhaseKind, number>();
  let latestRank = -1;
  phases.forEach((phase, index) => {
    const written = isPlainObject(phase) ? phase.kind : undefined;
    if (written !== undefined && !isPhaseKind(written)) return; // the phase's own schema reports it
    const kind = phaseKindAt(written, index);
    if (kind === undefined) return;
    const byPosition = written === undefined ? ` (the kind its position gives; set \`kind\` to place it)` : "";
    const rank = PHASE_KINDS.indexOf(kind);
    const earlier = firstIndexOf.get(kind);
    if (earlier !== undefined) {
      ctx.addIssue({ code: "custom", path: [index, "kind"], input: written, message: `'${kind}' is already phase ${earlier}; each kind may appear once${byPosition}` });
    } else if (rank < latestRank) {
      ctx.addIssue({
        code: "custom",
        path: [index, "kind"],
        input: written,
        message: `'${kind}' must come before '${PHASE_KINDS[latestRank]}': phases are ordered ${PHASE_KINDS.join(", ")}${byPosition}`,
      });
    } else {
      firstIndexOf.set(kind, index);
    }
    latestRank = Math.max(latestRank, rank);
  });
}

// ---------------------------------------------------------------------------------------------------
// Response schemas

const WORKOUT_ITEM_DESCRIPTION =
  "A workout item; `type` decides its further fields. Times and rests are seconds. " +
  "`notes` is an empty string when there are none.";

/** The response schema of an item, for one representation of its texts. */
function workoutItemSchemaOf<T extends z.ZodType>(text: T) {
  return z.discriminatedUnion("type", workoutItemOptions(text, text, z.array(targetSchema)));
}

/** An item as responses show it (docs/api.md "Workout phases"): every text a plain string. */
export const workoutItemSchema = workoutItemSchemaOf(plainTextSchema).meta({
  id: "WorkoutItem",
  description: WORKOUT_ITEM_DESCRIPTION,
  examples: [
    {
      type: "SUPERSET",
      notes: "No rest between the two exercises",
      ss_sets: 3,
      ss_rest: 60,
      ss_exercises: [
        {
          notes: "",
          exercise_id: "3f1c2a9e-8b7d-4c6e-9f10-2a3b4c5d6e7f",
          goal_targets: [{ type: "VALUE", metric: "repetitions", value: 12 }],
          resistance_targets: [{ type: "RANGE", metric: "weight", min: 20, max: 25 }],
        },
        {
          notes: "Slow on the way down",
          exercise_id: "8a6b4c2d-1e3f-4a5b-8c7d-9e0f1a2b3c4d",
          goal_targets: [{ type: "VALUE", metric: "duration", value: 45 }],
          resistance_targets: [],
        },
      ],
    },
    { type: "TIMER", notes: "", timer_title: "Catch your breath", timer_duration: 90 },
  ],
});

/** An item with `texts=all`: every text a MultiLangString. */
export const workoutItemAllTextsSchema = workoutItemSchemaOf(multiLangStringSchema).meta({
  id: "WorkoutItemAllTexts",
  description: `${WORKOUT_ITEM_DESCRIPTION} Every text is a MultiLangString (\`texts=all\`).`,
  examples: [{ type: "TIMER", notes: { default: "", de: "" }, timer_title: { default: "Catch your breath", de: "Durchatmen" }, timer_duration: 90 }],
});

function phaseSchemaOf<T extends z.ZodType, I extends z.ZodType>(text: T, item: I) {
  return z.object({
    kind: z.enum(PHASE_KINDS),
    title: text,
    time: wholeNumber(0, "The phase's duration, in seconds"),
    items: z.array(item),
  });
}

/** A phase as responses show it (docs/api.md "Workout phases"): its title and every text of its items plain strings. */
export const phaseSchema = phaseSchemaOf(plainTextSchema, workoutItemSchema).meta({
  id: "Phase",
  description: "A phase of a workout: warm-up, training or cool-down, in that order",
  examples: [
    {
      kind: "warm-up",
      title: "Warm-up",
      time: 300,
      items: [
        {
          type: "AMRAP",
          notes: "",
          amrap_duration: 300,
          amrap_exercises: [
            {
              notes: "",
              rest: 0,
              exercise_id: "3f1c2a9e-8b7d-4c6e-9f10-2a3b4c5d6e7f",
              goal_targets: [{ type: "VALUE", metric: "repetitions", value: 10 }],
              resistance_targets: [],
            },
          ],
        },
      ],
    },
  ],
});

/** A phase with `texts=all`: every text a MultiLangString. */
export const phaseAllTextsSchema = phaseSchemaOf(multiLangStringSchema, workoutItemAllTextsSchema).meta({
  id: "PhaseAllTexts",
  description: "A phase of a workout with every text as a MultiLangString (`texts=all`)",
  examples: [{ kind: "cool-down", title: { default: "Cool-down", de: "Abkühlen" }, time: 300, items: [] }],
});

// ---------------------------------------------------------------------------------------------------
// Writing texts

/** Merges written texts into stored ones, collecting every problem so that one 422 lists them all. */
export type TextWriter = {
  /** A required text: absent is impossible after parsing; merged to no language at all is a 422. */
  required(input: LocalizedTextInput, current: LocalizedText | undefined, path: string): LocalizedText;
  /** An optional text: absent means none, in every language. */
  optional(input: LocalizedTextInput | undefined, current: LocalizedText | undefined, path: string): LocalizedText;
  /** Throws the 422 for every problem met, if any. */
  finish(): void;
};

export function createTextWriter(ctx: Omit<TextInputContext, "path">): TextWriter {
  const details: ErrorDetail[] = [];
  const merge = (input: LocalizedTextInput, current: LocalizedText | undefined, path: string): LocalizedText => {
    try {
      return mergeTextInput(current, input, { ...ctx, path });
    } catch (error) {
      if (!(error instanceof ApiError) || !error.details) throw error;
      details.push(...error.details);
      return {};
    }
  };
  return {
    required(input, current, path) {
      const problems = details.length;
      const text = merge(input, current, path);
      if (details.length === problems && Object.keys(text).length === 0) details.push({ path, message: "must not be empty" });
      return text;
    },
    optional(input, current, path) {
      return input === undefined ? {} : merge(input, current, path);
    },
    finish() {
      const [first] = details;
      if (!first) return;
      const message = details.length === 1 ? `${first.path}: ${first.message}` : `${details.length} problems in text fields; see details`;
      throw new ApiError("unprocessable", message, details);
    },
  };
}

/**
 * The stored phases after a write of `input` (parsed by phasesInputSchema) over `current` (the stored
 * phases before it, undefined on create). `ctx.path` is the JSON Pointer of the phases array in the
 * request body ("/phases"); errors point below it ("/phases/0/items/1/se_exercises/0/sets/2/notes/xx").
 *
 * Each text is merged (mergeTextInput) with the text at the same place in `current`, so languages the
 * write does not mention keep their translations. "The same place" is the phase of the same kind (for
 * three phases that is the same index), then the item at the same index if it has the same type, the
 * exercise at the same index if it is the same exercise, and the set or round at the same index. A text
 * whose place changed its item type or exercise starts afresh instead of inheriting translations written
 * for something else. An absent `notes` means none, in every language. Exercise ids are stored in lower
 * case. Throws a 422 listing every text problem.
 */
export function normalizePhases(
  input: readonly PhaseInput[],
  current: readonly StoredPhase[] | undefined,
  ctx: TextInputContext,
): StoredPhase[] {
  const texts = createTextWriter(ctx);
  const phases = input.map((phase, index): StoredPhase => {
    const kind = phaseKindAt(phase.kind, index);
    if (kind === undefined) throw new Error(`normalizePhases: phase ${index} has no kind; parse with phasesInputSchema first`);
    const at = `${ctx.path}/${index}`;
    const before = current?.find((stored) => stored.kind === kind);
    return {
      kind,
      title: texts.required(phase.title, before?.title, `${at}/title`),
      time: phase.time,
      items: phase.items.map((item, i) => normalizeItem(item, before?.items[i], `${at}/items/${i}`, texts)),
    };
  });
  texts.finish();
  return phases;
}

function normalizeItem(item: WorkoutItemInput, before: StoredWorkoutItem | undefined, at: string, texts: TextWriter): StoredWorkoutItem {
  const notes = texts.optional(item.notes, before?.type === item.type ? before.notes : undefined, `${at}/notes`);
  switch (item.type) {
    case "SINGLE-EXERCISES": {
      const was = before?.type === "SINGLE-EXERCISES" ? before : undefined;
      return {
        ...item,
        notes,
        se_exercises: item.se_exercises.map((exercise, e) => {
          const path = `${at}/se_exercises/${e}`;
          const exercise_id = exercise.exercise_id.toLowerCase();
          const same = sameExercise(was?.se_exercises[e], exercise_id);
          return {
            ...exercise,
            exercise_id,
            notes: texts.optional(exercise.notes, same?.notes, `${path}/notes`),
            sets: exercise.sets.map((set, s) => ({
              ...set,
              notes: texts.optional(set.notes, same?.sets[s]?.notes, `${path}/sets/${s}/notes`),
            })),
          };
        }),
      };
    }
    case "SUPERSET": {
      const was = before?.type === "SUPERSET" ? before : undefined;
      return { ...item, notes, ss_exercises: normalizeEntries(item.ss_exercises, was?.ss_exercises, `${at}/ss_exercises`, texts) };
    }
    case "CIRCUIT-TIME": {
      const was = before?.type === "CIRCUIT-TIME" ? before : undefined;
      return {
        ...item,
        notes,
        ct_rounds: item.ct_rounds.map((round, r) => ({
          ...round,
          exercises: normalizeEntries(round.exercises, was?.ct_rounds[r]?.exercises, `${at}/ct_rounds/${r}/exercises`, texts),
        })),
      };
    }
    case "CIRCUIT-REPETITIONS": {
      const was = before?.type === "CIRCUIT-REPETITIONS" ? before : undefined;
      return {
        ...item,
        notes,
        cr_rounds: item.cr_rounds.map((round, r) => ({
          ...round,
          exercises: normalizeEntries(round.exercises, was?.cr_rounds[r]?.exercises, `${at}/cr_rounds/${r}/exercises`, texts),
        })),
      };
    }
    case "AMRAP": {
      const was = before?.type === "AMRAP" ? before : undefined;
      return { ...item, notes, amrap_exercises: normalizeEntries(item.amrap_exercises, was?.amrap_exercises, `${at}/amrap_exercises`, texts) };
    }
    case "RFT": {
      const was = before?.type === "RFT" ? before : undefined;
      return { ...item, notes, rft_exercises: normalizeEntries(item.rft_exercises, was?.rft_exercises, `${at}/rft_exercises`, texts) };
    }
    case "EMOM": {
      const was = before?.type === "EMOM" ? before : undefined;
      return { ...item, notes, emom_minutes: normalizeEntries(item.emom_minutes, was?.emom_minutes, `${at}/emom_minutes`, texts) };
    }
    case "TIMER": {
      const was = before?.type === "TIMER" ? before : undefined;
      return { ...item, notes, timer_title: texts.required(item.timer_title, was?.timer_title, `${at}/timer_title`) };
    }
  }
}

type StoredEntry = { exercise_id: string; notes: LocalizedText };

function sameExercise<E extends StoredEntry>(before: E | undefined, exerciseId: string): E | undefined {
  return before?.exercise_id === exerciseId ? before : undefined;
}

function normalizeEntries<E extends { exercise_id: string; notes?: LocalizedTextInput }>(
  entries: readonly E[],
  before: readonly StoredEntry[] | undefined,
  path: string,
  texts: TextWriter,
) {
  return entries.map((entry, index) => {
    const exercise_id = entry.exercise_id.toLowerCase();
    const same = sameExercise(before?.[index], exercise_id);
    return { ...entry, exercise_id, notes: texts.optional(entry.notes, same?.notes, `${path}/${index}/notes`) };
  });
}

// ---------------------------------------------------------------------------------------------------
// Reading stored phases

/** A text field of stored content: where it is (JSON Pointer), its translations, and whether it is required. */
export type TextEntry = { path: string; text: LocalizedText; required: boolean };

/** An id a record references, with every place (JSON Pointer) that references it. */
export type ReferenceUse = { id: string; paths: string[] };

type TextVisitor<A, B> = (text: A, path: string, required: boolean) => B;

/** The phases with every text replaced by `visit`'s answer; texts are visited in document order. */
function mapPhaseTexts<A, B>(phases: readonly PhaseOf<A>[], base: string, visit: TextVisitor<A, B>): PhaseOf<B>[] {
  return phases.map((phase, p) => {
    const at = `${base}/${p}`;
    return {
      kind: phase.kind,
      title: visit(phase.title, `${at}/title`, true),
      time: phase.time,
      items: phase.items.map((item, i) => mapItemTexts(item, `${at}/items/${i}`, visit)),
    };
  });
}

function mapItemTexts<A, B>(item: WorkoutItemOf<A>, at: string, visit: TextVisitor<A, B>): WorkoutItemOf<B> {
  const notesOf = (text: A, owner: string) => visit(text, `${owner}/notes`, false);
  const entries = <E extends { notes: A }>(list: readonly E[], path: string) =>
    list.map((entry, index) => ({ ...entry, notes: notesOf(entry.notes, `${path}/${index}`) }));
  switch (item.type) {
    case "SINGLE-EXERCISES":
      return {
        ...item,
        notes: notesOf(item.notes, at),
        se_exercises: item.se_exercises.map((exercise, e) => {
          const path = `${at}/se_exercises/${e}`;
          return { ...exercise, notes: notesOf(exercise.notes, path), sets: entries(exercise.sets, `${path}/sets`) };
        }),
      };
    case "SUPERSET":
      return { ...item, notes: notesOf(item.notes, at), ss_exercises: entries(item.ss_exercises, `${at}/ss_exercises`) };
    case "CIRCUIT-TIME":
      return {
        ...item,
        notes: notesOf(item.notes, at),
        ct_rounds: item.ct_rounds.map((round, r) => ({ ...round, exercises: entries(round.exercises, `${at}/ct_rounds/${r}/exercises`) })),
      };
    case "CIRCUIT-REPETITIONS":
      return {
        ...item,
        notes: notesOf(item.notes, at),
        cr_rounds: item.cr_rounds.map((round, r) => ({ ...round, exercises: entries(round.exercises, `${at}/cr_rounds/${r}/exercises`) })),
      };
    case "AMRAP":
      return { ...item, notes: notesOf(item.notes, at), amrap_exercises: entries(item.amrap_exercises, `${at}/amrap_exercises`) };
    case "RFT":
      return { ...item, notes: notesOf(item.notes, at), rft_exercises: entries(item.rft_exercises, `${at}/rft_exercises`) };
    case "EMOM":
      return { ...item, notes: notesOf(item.notes, at), emom_minutes: entries(item.emom_minutes, `${at}/emom_minutes`) };
    case "TIMER":
      return { ...item, notes: notesOf(item.notes, at), timer_title: visit(item.timer_title, `${at}/timer_title`, true) };
  }
}

/**
 * Every text field of the phases in document order, for translation status, search text and lists of
 * missing translations. Phase titles and timer titles are required; notes are not (and are `{}` when
 * there are none). `base` is the pointer of the phases array.
 */
export function collectPhaseTexts(phases: readonly StoredPhase[], base = "/phases"): TextEntry[] {
  const entries: TextEntry[] = [];
  mapPhaseTexts(phases, base, (text, path, required) => {
    entries.push({ path, text, required });
    return text;
  });
  return entries;
}

/** Each exercise the phases reference, once, with every `exercise_id` pointer that names it, in document order. */
export function phaseExerciseIds(phases: readonly PhaseOf<unknown>[], base = "/phases"): ReferenceUse[] {
  return groupReferenceUses(
    phases.flatMap((phase, p) => phase.items.flatMap((item, i) => itemExerciseRefs(item, `${base}/${p}/items/${i}`))),
  );
}

/** References grouped by id (compared in lower case, as ids are stored), keeping the order of first use. */
export function groupReferenceUses(refs: readonly { id: string; path: string }[]): ReferenceUse[] {
  const byId = new Map<string, ReferenceUse>();
  for (const { id, path } of refs) {
    const key = id.toLowerCase();
    const use = byId.get(key);
    if (use) use.paths.push(path);
    else byId.set(key, { id: key, paths: [path] });
  }
  return [...byId.values()];
}

function itemExerciseRefs(item: WorkoutItemOf<unknown>, at: string): { id: string; path: string }[] {
  const refs = (entries: readonly { exercise_id: string }[], path: string) =>
    entries.map((entry, index) => ({ id: entry.exercise_id, path: `${path}/${index}/exercise_id` }));
  switch (item.type) {
    case "SINGLE-EXERCISES":
      return refs(item.se_exercises, `${at}/se_exercises`);
    case "SUPERSET":
      return refs(item.ss_exercises, `${at}/ss_exercises`);
    case "CIRCUIT-TIME":
      return item.ct_rounds.flatMap((round, r) => refs(round.exercises, `${at}/ct_rounds/${r}/exercises`));
    case "CIRCUIT-REPETITIONS":
      return item.cr_rounds.flatMap((round, r) => refs(round.exercises, `${at}/cr_rounds/${r}/exercises`));
    case "AMRAP":
      return refs(item.amrap_exercises, `${at}/amrap_exercises`);
    case "RFT":
      return refs(item.rft_exercises, `${at}/rft_exercises`);
    case "EMOM":
      return refs(item.emom_minutes, `${at}/emom_minutes`);
    case "TIMER":
      return [];
  }
}

/**
 * The phases as a response shows them. Every text of a phase is typed `string` (docs/api.md "Languages"), so they are
 * plain strings, also for several languages; only `texts=all` makes them MultiLangStrings.
 */
export function renderPhases(phases: readonly StoredPhase[], view: SingleTextView): PhaseOf<string>[];
export function renderPhases(phases: readonly StoredPhase[], view: TextView): Phase[];
export function renderPhases(phases: readonly StoredPhase[], view: TextView): Phase[] {
  return mapPhaseTexts(phases, "", (text): RenderedText => renderPlainText(text, view));
}

