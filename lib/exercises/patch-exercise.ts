import type { ContentContext } from "@/lib/content/context";
import { assertChangeAllowed, checkedValues, lockRecord, patchedInput, recordWrite, updateRecord, type Written } from "@/lib/content/write-record";
import { prepareExercise } from "./prepare-exercise";
import { exerciseRecord } from "./exercise-record";

/**
 * `PATCH /content/exercises/{id}`: a JSON merge patch applied to the locked, current exercise (so no change is lost
 * without If-Match), then written as a replace is.
 */
export function patchExercise(ctx: ContentContext, id: string | number, patch: Record<string, unknown>, ifMatch: string | null): Promise<Written> {
  return ctx.db.transaction(async (tx) => {
    const current = await lockRecord(tx, ctx, exerciseRecord, id, ifMatch);
    const input = patchedInput(exerciseRecord, current, patch);
    const values = await checkedValues(tx, ctx, exerciseRecord, prepareExercise(input, current, ctx, "patch"), current);
    await assertChangeAllowed(tx, ctx, exerciseRecord, current, values);
    const row = await updateRecord(tx, ctx, exerciseRecord, id, values);
    return recordWrite(tx, ctx, exerciseRecord, row, { operation: "patch" });
  });
}
