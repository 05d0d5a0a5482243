import type { ContentContext } from "@/lib/content/context";
import { checkedValues, insertRecord, recordWrite, withGeneratedSlugRetry } from "@/lib/content/write-record";
import { prepareWorkout } from "./prepare-workout";
import type { WorkoutInput } from "./schemas";
import { workoutRecord } from "./workout-record";

/**
 * `POST /content/workouts`: a new workout, with its first version and its event, in one transaction.
 * Translators are refused by the operation's policy before this runs.
 */
export function createWorkout(ctx: ContentContext, input: WorkoutInput) {
  return withGeneratedSlugRetry(input.slug, () =>
    ctx.db.transaction(async (tx) => {
      const values = await checkedValues(tx, ctx, workoutRecord, prepareWorkout(input, undefined, ctx, "create"));
      const row = await insertRecord(tx, ctx, workoutRecord, values);
      return { ...(await recordWrite(tx, ctx, workoutRecord, row, { operation: "create" })), id: row.id };
    }),
  );
}
