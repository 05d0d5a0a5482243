/**
 * The workout domain's isomorphic schemas (no database or server-only code, here or in ./phases and
 * ./timeline): the API's input, shared with the admin's editor, and its responses (the record, its
 * preview, the timeline); phases in ./phases.
 */
import { z } from "zod";
import {
  ALL_TEXTS,
  contentStatusSchema,
  durationSchema,
  intIdsSchema,
  levelSchema,
  locationSchema,
  previewTextSchema,
  slugInputSchema,
  SPEC_TEXTS,
  textInputSchema,
  translationStatusSchema,
  uploadRefInputSchema,
  uuidIdsSchema,
  type TextSchemas,
} from "@/lib/content/schemas";
import { renderedTextSchema } from "@/lib/i18n";
import { uploadRecordSchema } from "@/lib/uploads/schemas";
import { PHASE_KINDS, phaseAllTextsSchema, phaseSchema, phasesInputSchema, targetSchema, WORKOUT_ITEM_TYPES } from "./phases";
import { SEGMENT_KINDS, SEGMENT_TIMINGS } from "./timeline";

/** The workout API's input, shared with the admin's editor. */
export const genderSchema = z.enum(["male", "female", "non-binary"]);

export const workoutInputSchema = z
  .object({
    title: textInputSchema,
    slug: slugInputSchema,
    description: textInputSchema,
    image: uploadRefInputSchema,
    gender: genderSchema,
    level: levelSchema,
    types: intIdsSchema.meta({ description: "Content category ids" }),
    goals: intIdsSchema.meta({ description: "Fitness goal ids" }),
    body_parts: intIdsSchema.meta({ description: "Body part ids" }),
    locations: z.array(locationSchema).max(3),
    duration: durationSchema,
    estimated_duration: z.number().int("must be a whole number of minutes").min(0).max(1440).nullable().optional(),
    template: z.boolean().optional(),
    content_packages: uuidIdsSchema.optional(),
    phases: phasesInputSchema,
  })
  .meta({
    id: "WorkoutInput",
    example: {
      title: { en: "Full body burner", de: "Ganzkörper-Brenner" },
      slug: null,
      description: "Twenty minutes, no breaks you don't earn.",
      image: "2f0a3c1e-6d2b-4c8e-9f3a-1b2c3d4e5f62",
      gender: "female",
      level: "intermediate",
      types: [4],
      goals: [1],
      body_parts: [2],
      locations: ["home"],
      duration: "16-30",
      estimated_duration: 22,
      template: false,
      content_packages: [],
      phases: [
        { title: "Warm up", time: 300, items: [{ type: "TIMER", notes: "", timer_title: "Mobilise", timer_duration: 300 }] },
        {
          title: "Training",
          time: 900,
          items: [
            {
              type: "AMRAP",
              notes: "Keep a steady pace",
              amrap_duration: 600,
              amrap_exercises: [
                {
                  exercise_id: "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                  notes: "",
                  rest: 0,
                  goal_targets: [{ type: "VALUE", metric: "repetitions", value: 12 }],
                  resistance_targets: [{ type: "RANGE", metric: "weight", min: 8, max: 12 }],
                },
              ],
            },
          ],
        },
      ],
    },
  });

export type WorkoutInput = z.output<typeof workoutInputSchema>;

const index = (what: string) => z.int().min(0).nullable().meta({ description: `${what}, from 0; null where it does not apply` });

const cueSchema = renderedTextSchema.nullable().meta({
  description:
    "The notes that apply, from the item's to the set's, one per line (a timer's title first); null when there are none. " +
    "A plain string in the response language, a MultiLangString with `texts=all`.",
});

export const timelineBlockSchema = z
  .object({
    rounds: z.int().min(1).nullable().meta({ description: "RFT: the rounds to complete; null for an AMRAP" }),
    time_cap: z.int().min(1).nullable().meta({ description: "AMRAP: the time cap in seconds; null for an RFT" }),
    exercises: z.array(
      z.object({
        exercise: z.int().min(0).meta({ description: "The exercise's position in the item, from 0" }),
        exercise_id: z.uuid(),
        goal_targets: z.array(targetSchema),
        resistance_targets: z.array(targetSchema),
        rest: z.int().min(0).meta({ description: "Rest after the exercise inside the block, in seconds (0 in an RFT)" }),
        cue: cueSchema,
      }),
    ),
  })
  .meta({ id: "TimelineBlock", description: "An AMRAP or RFT, played as one work segment: its target and its exercises in order" });

export const timelineSegmentSchema = z
  .object({
    kind: z.enum(SEGMENT_KINDS),
    start: z.int().min(0).meta({ description: "Seconds from the workout's start" }),
    end: z.int().min(0).meta({ description: "Seconds from the workout's start; equal to `start` for an open segment of no nominal length" }),
    timing: z.enum(SEGMENT_TIMINGS).meta({ description: "Where the segment's length comes from (docs: Workout timelines)" }),
    is_open: z.boolean().meta({ description: "The athlete ends it (repetitions, rounds for time); `end` is where it ends at its nominal length" }),
    phase: z.int().min(0).meta({ description: "The phase's position in `phases`, from 0" }),
    phase_kind: z.enum(PHASE_KINDS),
    item: index("The item's position in its phase"),
    item_type: z.enum(WORKOUT_ITEM_TYPES).nullable(),
    round: index("The round (circuits) or set (supersets)"),
    set: index("The set of a single exercise"),
    minute: index("The EMOM minute"),
    exercise: index("The exercise's position in its item, round or minute"),
    exercise_id: z.uuid().nullable(),
    goal_targets: z.array(targetSchema),
    resistance_targets: z.array(targetSchema),
    block: timelineBlockSchema.nullable(),
    cue: cueSchema,
  })
  .meta({ id: "TimelineSegment" });

export const workoutTimelineSchema = z
  .object({
    id: z.uuid().meta({ description: "The workout's id" }),
    total_seconds: z.int().min(0).meta({ description: "Where the last segment ends: the workout's estimated length, as the admin shows it" }),
    segments: z.array(timelineSegmentSchema),
  })
  .meta({ id: "WorkoutTimeline" });

export type WorkoutTimeline = z.output<typeof workoutTimelineSchema>;

const previewShape = {
  id: z.uuid(),
  title: previewTextSchema,
  slug: z.string(),
  gender: genderSchema,
  level: levelSchema,
  goals: z.array(z.number().int()),
  types: z.array(z.number().int()),
  locations: z.array(locationSchema),
  body_parts: z.array(z.number().int()),
  duration: durationSchema,
  content_packages: z.array(z.uuid()),
  translation_status: translationStatusSchema,
  status: contentStatusSchema,
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  published_at: z.iso.datetime().nullable(),
};
export const workoutPreviewSchema = z.object(previewShape).meta({ id: "WorkoutPreview" });
const workoutSchemaOf = <Rendered extends z.ZodType, Plain extends z.ZodType, Phase extends z.ZodType>(texts: TextSchemas<Rendered, Plain>, phase: Phase) =>
  z
    .object({
      ...previewShape,
      title: texts.rendered,
      description: texts.rendered,
      image: uploadRecordSchema.nullable(),
      estimated_duration: z.number().int().nullable(),
      template: z.boolean(),
      phases: z.array(phase),
    })
    .meta({ id: `Workout${texts.suffix}` });
export const workoutSchema = workoutSchemaOf(SPEC_TEXTS, phaseSchema);
export const workoutAllTextsSchema = workoutSchemaOf(ALL_TEXTS, phaseAllTextsSchema);

export type WorkoutPreview = z.output<typeof workoutPreviewSchema>;
/** A workout in the specification's shape (texts in the response language). */
export type Workout = z.output<typeof workoutSchema>;
/** A workout with every text in every language (`texts=all`), as the admin's editor reads it. */
export type WorkoutAllTexts = z.output<typeof workoutAllTextsSchema>;
