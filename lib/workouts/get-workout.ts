import type { ContentContext } from "@/lib/content/context";
import { assertPreviewReads, findVisibleRow, recordRead } from "@/lib/content/record";
import { assertInTrainingPlan } from "@/lib/training-plans/assert-in-training-plan";
import { workoutRecord, type WorkoutRow } from "./workout-record";

/**
 * The stored workout as the caller may see it: 404 when it is not the organization's, not visible to
 * the caller (published in the response language for mobile and integration callers), not covered by
 * the caller's preview link, or — with `trainingPlanId` — not in that visible training plan.
 */
export async function findWorkout(ctx: ContentContext, id: string | number, options: { trainingPlanId?: string } = {}): Promise<WorkoutRow> {
  await assertPreviewReads(ctx, workoutRecord, id);
  if (options.trainingPlanId) await assertInTrainingPlan(ctx, "workouts", id, options.trainingPlanId);
  return findVisibleRow(ctx, workoutRecord, id);
}

/** `GET /content/workouts/{id}`: the workout and the version part of its ETag. */
export async function getWorkout(ctx: ContentContext, id: string | number, options: { trainingPlanId?: string } = {}) {
  return recordRead(ctx, workoutRecord, await findWorkout(ctx, id, options));
}
