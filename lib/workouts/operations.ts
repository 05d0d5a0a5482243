import { z } from "zod";
import type { Collection } from "@/lib/content/collection";
import { textQuerySchema } from "@/lib/content/context";
import {
  collectionOperations,
  conditionalHeaders,
  CONTENT_READ,
  contextOf,
  NOT_MODIFIED,
  readHeaders,
  readResponseHeaders,
  recordRepresentation,
} from "@/lib/content/operations";
import { conditionalJson } from "@/lib/http/conditional";
import { defineOperation } from "@/lib/http/route";
import { statusOperations } from "@/lib/publishing/operations";
import { workouts } from "./collection";
import { getWorkoutTimeline as buildWorkoutTimeline } from "./get-workout-timeline";
import { workoutAllTextsSchema, workoutInputSchema, workoutPreviewSchema, workoutSchema, workoutTimelineSchema } from "./schemas";
import { MAX_TIMELINE_SEGMENTS } from "./timeline";

/**
 * Every endpoint of `/content/workouts`, each named after its operationId; route files import these and
 * nothing else. The record's rules are in ./collection, its input and response schemas in ./schemas.
 */
const recordOperations = collectionOperations(workouts, {
  name: "Workout",
  preview: workoutPreviewSchema,
  full: workoutSchema,
  fullAllTexts: workoutAllTextsSchema,
  input: workoutInputSchema,
  tag: "Workouts",
  readsWithPreviewLinks: true,
  acceptsTrainingPlan: true,
  listDescription:
    "Filters: `q`, `title[contains]`, `level`, `gender`, `duration`, `body_parts[in|and]`, `goals[in|and]`, `types`, `locations`, `template` (true/false/1/0), `status` (`default:published,de:draft`, any; `[and]` all), `content_packages`, `exercises`. Order: `updated` (default desc), `created`, `title`, `published`.",
});

export const { list: listWorkouts, create: createWorkout, get: getWorkout, replace: replaceWorkout, patch: patchWorkout, remove: deleteWorkout, recordSchema: workoutRecordSchema } = recordOperations;

export const { patchStatus: changeWorkoutStatus, getHistory: getWorkoutStatusHistory } = statusOperations(workouts as unknown as Collection, { name: "Workout", tag: "Workouts", full: workoutRecordSchema });

/** `GET /content/workouts/{id}/timeline` (docs/api.md "Workout timelines"). */
export const getWorkoutTimeline = defineOperation({
  method: "GET",
  path: "/content/workouts/{id}/timeline",
  operationId: "getWorkoutTimeline",
  summary: "A workout as the segments an app plays",
  description:
    "The phases flattened into ordered work, rest and transition segments with their start and end seconds, where each comes from " +
    "(phase, item, round, set, minute, exercise), the exercise and its targets, and the cue. Every item type expands by its meaning; " +
    "`timing` names where each length comes from, `is_open` marks segments the athlete ends. `total_seconds` is the estimate the " +
    `admin shows. Visible exactly when the workout is (same \`lang\`, \`texts\` and \`training-plan\`). At most ${MAX_TIMELINE_SEGMENTS} segments (409 beyond).`,
  tags: ["Workouts"],
  auth: CONTENT_READ,
  request: {
    params: z.object({ id: z.uuid("must be a uuid") }),
    query: textQuerySchema.extend({
      "training-plan": z.uuid("must be a uuid").optional().meta({ description: "The training plan this workout is opened from; it must belong to it" }),
    }),
    headers: conditionalHeaders,
  },
  responses: {
    200: { description: "The workout's timeline", schema: workoutTimelineSchema, headers: readResponseHeaders("strong") },
    304: { description: NOT_MODIFIED, headers: readResponseHeaders("strong") },
  },
  // `lang` naming a language the organization does not have is a 400 (docs/api.md "Languages").
  errors: ["not_found", "bad_request", "conflict"],
  handle: async (op) => {
    const ctx = await contextOf(op, true);
    const { body, versionTag } = await buildWorkoutTimeline(ctx, op.params.id, { trainingPlanId: op.query["training-plan"] });
    const { text, etag } = recordRepresentation(ctx, body, versionTag);
    return conditionalJson(op.req, text, etag, readHeaders(ctx));
  },
});
