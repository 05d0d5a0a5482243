import { z } from "zod";
import type { Collection } from "@/lib/content/collection";
import { textQuerySchema } from "@/lib/content/context";
import {
  conditionalHeaders,
  CONTENT_READ,
  contextOf,
  listAnswer,
  NOT_MODIFIED,
  readResponseHeaders,
  recordAnswer,
  recordEndpoints,
  writtenRecord,
} from "@/lib/content/operations";
import { defineOperation } from "@/lib/http/route";
import { noContent } from "@/lib/http/responses";
import { statusOperations } from "@/lib/publishing/operations";
import { workouts } from "./collection";
// The domain functions share their names with the operations that call them.
import { createWorkout as createWorkoutRecord } from "./create-workout";
import { deleteWorkout as deleteWorkoutRecord } from "./delete-workout";
import { getWorkout as getWorkoutRecord } from "./get-workout";
import { getWorkoutTimeline as buildWorkoutTimeline } from "./get-workout-timeline";
import { listWorkouts as listWorkoutPreviews } from "./list-workouts";
import { patchWorkout as patchWorkoutRecord } from "./patch-workout";
import { replaceWorkout as replaceWorkoutRecord } from "./replace-workout";
import { workoutAllTextsSchema, workoutInputSchema, workoutPreviewSchema, workoutSchema, workoutTimelineSchema } from "./schemas";
import { MAX_TIMELINE_SEGMENTS } from "./timeline";

/**
 * Every endpoint of `/content/workouts`, each named after its operationId; route files import these and
 * nothing else. Each handler calls one domain function of this folder (`createWorkout` in
 * ./create-workout.ts); the input and response schemas are in ./schemas.
 */
const endpoints = recordEndpoints(workouts, {
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

export const workoutRecordSchema = endpoints.recordSchema;

export const listWorkouts = defineOperation({
  ...endpoints.list,
  handle: async (op) => {
    const ctx = await contextOf(op, false);
    return listAnswer(op.req, ctx, await listWorkoutPreviews(ctx, op.filter));
  },
});

export const createWorkout = defineOperation({
  ...endpoints.create,
  handle: async (op) => {
    const ctx = await contextOf(op, true);
    const { body, etag, id } = await createWorkoutRecord(ctx, op.body);
    return writtenRecord(ctx, body, etag, `/api/v3/content/workouts/${id}`);
  },
});

export const getWorkout = defineOperation({
  ...endpoints.get,
  handle: async (op) => {
    const ctx = await contextOf(op, true);
    const { body, etag } = await getWorkoutRecord(ctx, op.params.id, { trainingPlanId: op.query["training-plan"] });
    return recordAnswer(op.req, ctx, body, etag);
  },
});

export const replaceWorkout = defineOperation({
  ...endpoints.replace,
  handle: async (op) => {
    const ctx = await contextOf(op, true);
    const { body, etag } = await replaceWorkoutRecord(ctx, op.params.id, op.body, op.req.headers.get("if-match"));
    return writtenRecord(ctx, body, etag);
  },
});

export const patchWorkout = defineOperation({
  ...endpoints.patch,
  handle: async (op) => {
    const ctx = await contextOf(op, true);
    const { body, etag } = await patchWorkoutRecord(ctx, op.params.id, op.body, op.req.headers.get("if-match"));
    return writtenRecord(ctx, body, etag);
  },
});

export const deleteWorkout = defineOperation({
  ...endpoints.remove,
  handle: async (op) => {
    const ctx = await contextOf(op, false);
    await deleteWorkoutRecord(ctx, op.params.id, op.req.headers.get("if-match"));
    return noContent();
  },
});

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
    return recordAnswer(op.req, ctx, body, versionTag);
  },
});
