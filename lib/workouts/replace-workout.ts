import type { ContentContext } from "@/lib/content/context";
import { assertChangeAllowed, checkedValues, lockRecord, recordWrite, updateRecord, type Written } from "@/lib/content/write-record";
import { prepareWorkout } from "./prepare-workout";
import type { WorkoutInput } from "./schemas";
import { workoutRecord } from "./workout-record";

/**
 * `PUT /content/workouts/{id}`: the workout as `input` describes it, under a row lock and If-Match, as its
 * next version. A published language keeps its texts; a translator changes only texts, in their languages.
 */
export function replaceWorkout(ctx: ContentContext, id: string | number, input: WorkoutInput, ifMatch: string | null): Promise<Written> {
  return ctx.db.transaction(async (tx) => {
    const current = await lockRecord(tx, ctx, workoutRecord, id, ifMatch);
    const values = await checkedValues(tx, ctx, workoutRecord, prepareWorkout(input, current, ctx, "replace"), current);
    await assertChangeAllowed(tx, ctx, workoutRecord, current, values);
    const row = await updateRecord(tx, ctx, workoutRecord, id, values);
    return recordWrite(tx, ctx, workoutRecord, row, { operation: "replace" });
  });
}
