/**
 * Workout phases (docs/api.md "Workout phases"): their shapes, what a request may send and what a
 * response shows. What is done with them lives beside: ./item-visitor.ts walks them, ./phase-walkers.ts
 * writes, lists and renders their texts and finds their exercises, ./timeline.ts plays them. Pure and
 * isomorphic: no database, no server-only imports.
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
 *   `invalid_union`/`invalid_value`, hence `nestedTextInputSchema` (lib/i18n), `requiredInput` and
 *   `discriminatedInput` (lib/validation/schema-builders.ts).
 * - Writes merge texts into the stored phases (see normalizePhases), so a plain string in one language
 *   keeps every other language's translation.
 */
import { z } from "zod";
import { multiLangStringSchema, plainTextSchema, nestedTextInputSchema, type LocalizedText, type RenderedText } from "@/lib/i18n";
import { amount, discriminatedInput, isPlainObject, listOf, requiredInput, wholeNumber } from "@/lib/validation/schema-builders";

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
  z.discriminatedUnion("type", workoutItemOptions(nestedTextInputSchema, nestedTextInputSchema.optional(), targetListInputSchema)),
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
    title: nestedTextInputSchema,
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
