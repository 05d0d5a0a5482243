import type { ContentContext } from "@/lib/content/context";
import { assertChangeAllowed, checkedValues, lockRecord, patchedInput, recordWrite, updateRecord, type Written } from "@/lib/content/write-record";
import { prepareWorkout } from "./prepare-workout";
import { workoutRecord } from "./workout-record";

/**
 * `PATCH /content/workouts/{id}`: a JSON merge patch applied to the locked, current workout (so no change
 * is lost without If-Match), then written as a replace is.
 */
export function patchWorkout(ctx: ContentContext, id: string | number, patch: Record<string, unknown>, ifMatch: string | null): Promise<Written> {
  return ctx.db.transaction(async (tx) => {
    const current = await lockRecord(tx, ctx, workoutRecord, id, ifMatch);
    const input = patchedInput(workoutRecord, current, patch);
    const values = await checkedValues(tx, ctx, workoutRecord, prepareWorkout(input, current, ctx, "patch"), current);
    await assertChangeAllowed(tx, ctx, workoutRecord, current, values);
    const row = await updateRecord(tx, ctx, workoutRecord, id, values);
    return recordWrite(tx, ctx, workoutRecord, row, { operation: "patch" });
  });
}
