/**
 * Response schemas of the workout domain beyond the record itself (isomorphic: no server code). The
 * record and its input are in ./collection and ./input-schemas; phases in ./phases.
 */
import { z } from "zod";
import { renderedTextSchema } from "@/lib/i18n";
import { PHASE_KINDS, targetSchema, WORKOUT_ITEM_TYPES } from "./phases";
import { SEGMENT_KINDS, SEGMENT_TIMINGS } from "./timeline";

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
