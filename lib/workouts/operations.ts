import { z } from "zod";
import { conditionalHeaders, CONTENT_READ, contextOf, NOT_MODIFIED, readHeaders, readResponseHeaders, recordRepresentation } from "@/lib/content/operations";
import { textQuerySchema } from "@/lib/content/context";
import { conditionalJson } from "@/lib/http/conditional";
import { defineOperation } from "@/lib/http/route";
import { getWorkoutTimeline as buildWorkoutTimeline } from "./get-workout-timeline";
import { workoutTimelineSchema } from "./schemas";
import { MAX_TIMELINE_SEGMENTS } from "./timeline";

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
