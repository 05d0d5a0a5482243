import type { ContentContext } from "@/lib/content/context";
import { assertChangeAllowed, checkedValues, lockRecord, recordWrite, restoredInput, updateRecord, withoutNestedTexts, type Written } from "@/lib/content/write-record";
import { prepareWorkout } from "./prepare-workout";
import { workoutRecord, type WorkoutRow } from "./workout-record";

/**
 * `POST /content/workouts/{id}/versions/{number}/restore`: a stored version's content written again as
 * the next version, checked as a replace is; its phases' texts as they were, not merged into the current ones.
 */
export function restoreWorkout(ctx: ContentContext, id: string | number, stored: WorkoutRow, number: number, ifMatch: string | null): Promise<Written> {
  return ctx.db.transaction(async (tx) => {
    const current = await lockRecord(tx, ctx, workoutRecord, id, ifMatch);
    const base = withoutNestedTexts(workoutRecord, current);
    const values = await checkedValues(tx, ctx, workoutRecord, prepareWorkout(restoredInput(workoutRecord, stored), base, ctx, "replace"), base);
    await assertChangeAllowed(tx, ctx, workoutRecord, current, values);
    const row = await updateRecord(tx, ctx, workoutRecord, id, values);
    return recordWrite(tx, ctx, workoutRecord, row, { operation: "restore", restoredFrom: number });
  });
}
