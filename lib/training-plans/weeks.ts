/**
 * Training plan weeks (docs/api.md "Training plan weeks"): weeks of days of activity references, as
 * requests write them, as stored, and as responses show them, plus the totals and references derived
 * from them. Pure and isomorphic: no database, no server-only imports.
 *
 * Further choices:
 * - A plan has at most 104 weeks (two years), a week at most 7 days, a day at most 20 activities
 *   (WEEK_LIMITS). Days are the week's days in order; a day without activities is a rest day, and a week
 *   without days (or only rest days) is a rest week. Both count in `weeks_total`.
 * - A fitness activity's `id` is a short string (1–64 of A–Z a–z 0–9 _ -). Left out, the activity keeps
 *   the id of the fitness activity stored at the same place, or gets a new one: "fa_" and 8 random base36
 *   characters. Its `distance` is meters and `duration` seconds; both may be left out or null (null in
 *   responses). `description` left out means none, in every language.
 * - Unknown keys are dropped, as for phases: a workout reference carrying `fields` loses them.
 * - Workout and on-demand ids are stored in lower case; that they exist is the plan service's check
 *   (planReferences gives it the ids and where each is used).
 */
import { z } from "zod";
import { groupReferences, type ReferenceGroup } from "@/lib/content/reference-groups";
import {
  createTextWriter,
  multiLangStringSchema,
  plainTextSchema,
  renderPlainText,
  nestedTextInputSchema,
  type LocalizedText,
  type RenderedText,
  type SingleTextView,
  type TextEntry,
  type TextInputContext,
  type TextView,
} from "@/lib/i18n";
import { discriminatedInput, listOf, wholeNumber } from "@/lib/validation/schema-builders";

export const ACTIVITY_TYPES = ["workouts", "on-demand", "fitness-activities"] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const WEEK_LIMITS = { weeks: 104, daysPerWeek: 7, activitiesPerDay: 20 } as const;

export const FITNESS_ACTIVITY_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

// ---------------------------------------------------------------------------------------------------
// Shapes

export type FitnessActivityFieldsOf<T> = { title: T; description: T; distance: number | null; duration: number | null };

export type ActivityReferenceOf<T> =
  | { type: "workouts"; id: string }
  | { type: "on-demand"; id: string }
  | { type: "fitness-activities"; id: string; fields: FitnessActivityFieldsOf<T> };

export type TrainingPlanDayOf<T> = { activities: ActivityReferenceOf<T>[] };
export type TrainingPlanWeekOf<T> = { days: TrainingPlanDayOf<T>[] };

/** A week as stored in `training_plans.weeks`: texts as LocalizedText, every fitness activity with an id. */
export type StoredWeek = TrainingPlanWeekOf<LocalizedText>;
export type StoredActivity = ActivityReferenceOf<LocalizedText>;
/** A week in a response. */
export type TrainingPlanWeek = TrainingPlanWeekOf<RenderedText>;
export type ActivityReference = ActivityReferenceOf<RenderedText>;

const workoutReferenceSchema = z.object({
  type: z.literal("workouts"),
  id: z.uuid("must be a uuid").meta({ description: "A workout id" }),
});

const onDemandReferenceSchema = z.object({
  type: z.literal("on-demand"),
  id: z.uuid("must be a uuid").meta({ description: "An on-demand id" }),
});

const fitnessActivityIdSchema = z
  .string("must be a string")
  .regex(FITNESS_ACTIVITY_ID_PATTERN, "must be 1 to 64 letters, digits, '_' or '-'")
  .meta({ description: "Identifies the activity within the plan", example: "fa_k3x9q2m7" });

const distanceSchema = z.number("must be a number").min(0, "must be at least 0").meta({ description: "Meters" });
const durationSchema = wholeNumber(0, "Seconds");

// ---------------------------------------------------------------------------------------------------
// Request schemas

export const activityInputSchema = discriminatedInput(
  z.discriminatedUnion("type", [
    workoutReferenceSchema,
    onDemandReferenceSchema,
    z.object({
      type: z.literal("fitness-activities"),
      id: fitnessActivityIdSchema.optional().meta({ description: "Left out: the id of the activity stored at this place, or a new one" }),
      fields: z.object({
        title: nestedTextInputSchema,
        description: nestedTextInputSchema.optional(),
        distance: distanceSchema.nullable().optional(),
        duration: durationSchema.nullable().optional(),
      }),
    }),
  ]),
  "type",
  ACTIVITY_TYPES,
).meta({
  id: "ActivityReferenceInput",
  description: "A workout or on-demand record by id, or a fitness activity described in place",
});

export const weekInputSchema = z
  .object({
    days: listOf(z.object({ activities: listOf(activityInputSchema, 0, WEEK_LIMITS.activitiesPerDay) }), 0, WEEK_LIMITS.daysPerWeek),
  })
  .meta({ id: "TrainingPlanWeekInput" });

export const weeksInputSchema = listOf(weekInputSchema, 0, WEEK_LIMITS.weeks).meta({
  description: "The plan's weeks in order, at most 104; each has at most 7 days",
});

export type WeekInput = z.output<typeof weekInputSchema>;
export type ActivityInput = z.output<typeof activityInputSchema>;

// ---------------------------------------------------------------------------------------------------
// Response schemas

const ACTIVITY_REFERENCE_DESCRIPTION =
  "A workout or on-demand record by id (fetch it with the `training-plan` query parameter), or a fitness " +
  "activity described in place. `distance` is meters, `duration` seconds.";

/** The response schema of an activity reference, for one representation of a fitness activity's texts. */
function activityReferenceSchemaOf<T extends z.ZodType>(text: T) {
  return z.discriminatedUnion("type", [
    workoutReferenceSchema,
    onDemandReferenceSchema,
    z.object({
      type: z.literal("fitness-activities"),
      id: fitnessActivityIdSchema,
      fields: z.object({
        title: text,
        description: text,
        distance: distanceSchema.nullable(),
        duration: durationSchema.nullable(),
      }),
    }),
  ]);
}

/** A fitness activity's `title` and `description` are untyped texts: plain strings, as every text but a record's own (docs/api.md "Languages"). */
export const activityReferenceSchema = activityReferenceSchemaOf(plainTextSchema).meta({
  id: "ActivityReference",
  description: ACTIVITY_REFERENCE_DESCRIPTION,
  examples: [
    { type: "workouts", id: "3f1c2a9e-8b7d-4c6e-9f10-2a3b4c5d6e7f" },
    { type: "on-demand", id: "8a6b4c2d-1e3f-4a5b-8c7d-9e0f1a2b3c4d" },
    {
      type: "fitness-activities",
      id: "fa_k3x9q2m7",
      fields: { title: "Easy run", description: "Conversational pace", distance: 5000, duration: 1800 },
    },
  ],
});

export const activityReferenceAllTextsSchema = activityReferenceSchemaOf(multiLangStringSchema).meta({
  id: "ActivityReferenceAllTexts",
  description: `${ACTIVITY_REFERENCE_DESCRIPTION} A fitness activity's texts are MultiLangStrings (\`texts=all\`).`,
  examples: [
    {
      type: "fitness-activities",
      id: "fa_k3x9q2m7",
      fields: { title: { default: "Easy run", de: "Lockerer Lauf" }, description: { default: "", de: "" }, distance: 5000, duration: null },
    },
  ],
});

const weekSchemaOf = <A extends z.ZodType>(activity: A) => z.object({ days: z.array(z.object({ activities: z.array(activity) })) });
const WEEK_DESCRIPTION = "A week of a training plan: up to 7 days in order; a day without activities is a rest day";

export const trainingPlanWeekSchema = weekSchemaOf(activityReferenceSchema).meta({
  id: "TrainingPlanWeek",
  description: WEEK_DESCRIPTION,
  examples: [
    {
      days: [
        { activities: [{ type: "workouts", id: "3f1c2a9e-8b7d-4c6e-9f10-2a3b4c5d6e7f" }] },
        { activities: [] },
        {
          activities: [
            { type: "fitness-activities", id: "fa_k3x9q2m7", fields: { title: "Easy run", description: "", distance: 5000, duration: null } },
          ],
        },
      ],
    },
  ],
});

export const trainingPlanWeekAllTextsSchema = weekSchemaOf(activityReferenceAllTextsSchema).meta({
  id: "TrainingPlanWeekAllTexts",
  description: `${WEEK_DESCRIPTION}; texts as MultiLangStrings (\`texts=all\`)`,
  examples: [{ days: [{ activities: [{ type: "workouts", id: "3f1c2a9e-8b7d-4c6e-9f10-2a3b4c5d6e7f" }] }] }],
});

export const planTotalsSchema = z.object({
  weeks_total: z.int().min(0).meta({ description: "Weeks in the plan, rest weeks included" }),
  days_total: z.int().min(0).meta({ description: "Days with at least one activity, over all weeks" }),
  max_days_per_week: z
    .int()
    .min(0)
    .max(7)
    .meta({ description: "The most days with an activity in any one week: 1 to 7, or 0 for a plan without activities" }),
});

export type PlanTotals = z.output<typeof planTotalsSchema>;

// ---------------------------------------------------------------------------------------------------
// Writing

export type NormalizeWeeksOptions = {
  /** Makes the id of a new fitness activity; by default "fa_" and 8 random base36 characters. */
  generateId?: () => string;
};

/**
 * The stored weeks after a write of `input` (parsed by weeksInputSchema) over `current` (the stored weeks
 * before it, undefined on create). `ctx.path` is the JSON Pointer of the weeks array ("/weeks").
 *
 * A fitness activity's texts are merged (mergeTextInput) with those of the activity it continues, so
 * languages the write does not mention keep their translations. It continues the fitness activity at the
 * same week, day and index, if that one has the same id or the write gives none (then it also keeps
 * that id); else, when the write gives an id, the first stored fitness activity with that id, wherever
 * it is (so moving an activity keeps its translations). Throws a 422 listing every text problem.
 */
export function normalizeWeeks(
  input: readonly WeekInput[],
  current: readonly StoredWeek[] | undefined,
  ctx: TextInputContext,
  options: NormalizeWeeksOptions = {},
): StoredWeek[] {
  const generateId = options.generateId ?? generateFitnessActivityId;
  const texts = createTextWriter(ctx);
  const storedById = new Map<string, FitnessActivity>();
  for (const week of current ?? []) {
    for (const day of week.days) {
      for (const activity of day.activities) {
        if (activity.type === "fitness-activities" && !storedById.has(activity.id)) storedById.set(activity.id, activity);
      }
    }
  }

  const weeks = input.map((week, w) => ({
    days: week.days.map((day, d) => ({
      activities: day.activities.map((activity, a): StoredActivity => {
        if (activity.type !== "fitness-activities") return { type: activity.type, id: activity.id.toLowerCase() };
        const path = `${ctx.path}/${w}/days/${d}/activities/${a}/fields`;
        const atPlace = current?.[w]?.days[d]?.activities[a];
        const samePlace = atPlace?.type === "fitness-activities" ? atPlace : undefined;
        const before =
          activity.id === undefined || samePlace?.id === activity.id ? samePlace : storedById.get(activity.id);
        const { fields } = activity;
        return {
          type: "fitness-activities",
          id: activity.id ?? before?.id ?? generateId(),
          fields: {
            title: texts.required(fields.title, before?.fields.title, `${path}/title`),
            description: texts.optional(fields.description, before?.fields.description, `${path}/description`),
            distance: fields.distance ?? null,
            duration: fields.duration ?? null,
          },
        };
      }),
    })),
  }));
  texts.finish();
  return weeks;
}

type FitnessActivity = Extract<StoredActivity, { type: "fitness-activities" }>;

const BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz";

/** "fa_" and 8 random base36 characters: 36^8 ≈ 2.8·10^12 ids, so a plan's ids do not collide in practice. */
export function generateFitnessActivityId(): string {
  // 252 is the largest multiple of 36 below 256: dropping bytes from 252 up keeps every character equally likely.
  let id = "fa_";
  while (id.length < 11) {
    for (const byte of crypto.getRandomValues(new Uint8Array(16))) {
      if (byte < 252 && id.length < 11) id += BASE36[byte % 36];
    }
  }
  return id;
}

// ---------------------------------------------------------------------------------------------------
// Reading

/**
 * The derived preview fields, never taken from the client (docs/api.md "Training plan weeks"). Days count when they have at least
 * one activity. A plan without activities has `max_days_per_week` 0, below the 1 to 7 of any other
 * plan: no week has a day to count (docs/api.md "Content (lookups, exercises, equipment, instructors, workouts, training plans, on-demand)").
 */
export function deriveTotals(weeks: readonly { days: readonly { activities: readonly unknown[] }[] }[]): PlanTotals {
  const activeDays = weeks.map((week) => week.days.filter((day) => day.activities.length > 0).length);
  return {
    weeks_total: weeks.length,
    days_total: activeDays.reduce((total, days) => total + days, 0),
    max_days_per_week: Math.max(0, ...activeDays),
  };
}

/** The workouts and on-demand records the weeks reference, each once, with every `id` pointer that names it. */
export function planReferences(
  weeks: readonly TrainingPlanWeekOf<unknown>[],
  base = "/weeks",
): { workouts: ReferenceGroup[]; onDemand: ReferenceGroup[] } {
  const workouts: { id: string; path: string }[] = [];
  const onDemand: { id: string; path: string }[] = [];
  weeks.forEach((week, w) =>
    week.days.forEach((day, d) =>
      day.activities.forEach((activity, a) => {
        const ref = { id: activity.id, path: `${base}/${w}/days/${d}/activities/${a}/id` };
        if (activity.type === "workouts") workouts.push(ref);
        else if (activity.type === "on-demand") onDemand.push(ref);
      }),
    ),
  );
  return { workouts: groupReferences(workouts), onDemand: groupReferences(onDemand) };
}

/**
 * Every text field of the weeks in document order: each fitness activity's title (required) and
 * description (optional, `{}` when there is none). `base` is the pointer of the weeks array.
 */
export function collectWeekTexts(weeks: readonly StoredWeek[], base = "/weeks"): TextEntry[] {
  const entries: TextEntry[] = [];
  mapWeekTexts(weeks, base, (text, path, required) => {
    entries.push({ path, text, required });
    return text;
  });
  return entries;
}

/** The weeks as a response shows them: texts as plain strings, MultiLangStrings only with `texts=all`. */
export function renderWeeks(weeks: readonly StoredWeek[], view: SingleTextView): TrainingPlanWeekOf<string>[];
export function renderWeeks(weeks: readonly StoredWeek[], view: TextView): TrainingPlanWeek[];
export function renderWeeks(weeks: readonly StoredWeek[], view: TextView): TrainingPlanWeek[] {
  return mapWeekTexts(weeks, "", (text): RenderedText => renderPlainText(text, view));
}

function mapWeekTexts<A, B>(
  weeks: readonly TrainingPlanWeekOf<A>[],
  base: string,
  visit: (text: A, path: string, required: boolean) => B,
): TrainingPlanWeekOf<B>[] {
  return weeks.map((week, w) => ({
    days: week.days.map((day, d) => ({
      activities: day.activities.map((activity, a): ActivityReferenceOf<B> => {
        if (activity.type !== "fitness-activities") return activity;
        const path = `${base}/${w}/days/${d}/activities/${a}/fields`;
        const { fields } = activity;
        return {
          ...activity,
          fields: {
            ...fields,
            title: visit(fields.title, `${path}/title`, true),
            description: visit(fields.description, `${path}/description`, false),
          },
        };
      }),
    })),
  }));
}
