import type { ContentContext } from "@/lib/content/context";
import { etagOf } from "@/lib/content/etag";
import { ApiError } from "@/lib/core/errors";
import { renderPlainText, type LocalizedText, type MultiLangString, type TextView } from "@/lib/i18n";
import { findWorkout } from "./get-workout";
import type { WorkoutTimeline } from "./schemas";
import { MAX_TIMELINE_SEGMENTS, planWorkoutTimeline, TimelineTooLongError } from "./timeline";

/**
 * A workout as the segments an app plays (docs/api.md "Workout timelines"), with the same visibility
 * as the workout itself: 404 where `GET /content/workouts/{id}` would answer 404 (another organization,
 * not published for a mobile or integration caller in the response language, not in the visible
 * training plan named by `trainingPlanId`). `versionTag` is the workout version's `"<id>.<version>"`.
 */
export async function getWorkoutTimeline(
  ctx: ContentContext,
  id: string,
  options: { trainingPlanId?: string },
): Promise<{ body: WorkoutTimeline; versionTag: string }> {
  const row = await findWorkout(ctx, id, options);
  let plan;
  try {
    plan = planWorkoutTimeline(row.phases);
  } catch (error) {
    if (error instanceof TimelineTooLongError) {
      throw new ApiError("conflict", `the workout has more than ${MAX_TIMELINE_SEGMENTS} segments; a timeline plays at most that many`);
    }
    throw error;
  }
  const cue = (parts: readonly LocalizedText[]) => renderCue(parts, ctx.view);
  return {
    versionTag: etagOf(row.id, row.version),
    body: {
      id: row.id,
      total_seconds: plan.total_seconds,
      segments: plan.segments.map((segment) => ({
        ...segment,
        block: segment.block && { ...segment.block, exercises: segment.block.exercises.map((exercise) => ({ ...exercise, cue: cue(exercise.cue) })) },
        cue: cue(segment.cue),
      })),
    },
  };
}

/**
 * The texts that apply to a segment, one per line, each as a text of type `string` is rendered (the
 * response language, else the default; every language with `texts=all`); null when all are empty.
 */
export function renderCue(parts: readonly LocalizedText[], view: TextView): string | MultiLangString | null {
  const rendered = parts.map((part) => renderPlainText(part, view));
  const join = (texts: string[]) => texts.filter((text) => text !== "").join("\n");
  if (rendered.every((text) => typeof text === "string")) return join(rendered as string[]) || null;
  const multi = rendered as MultiLangString[];
  const joined = Object.fromEntries(Object.keys(multi[0]!).map((key) => [key, join(multi.map((text) => text[key] ?? ""))])) as MultiLangString;
  return Object.values(joined).some((text) => text !== "") ? joined : null;
}
