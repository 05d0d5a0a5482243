import type { ContentContext } from "@/lib/content/context";
import { assertChangeAllowed, checkedValues, lockRecord, recordWrite, restoredInput, updateRecord, withoutNestedTexts, type Written } from "@/lib/content/write-record";
import { prepareExercise } from "./prepare-exercise";
import { exerciseRecord, type ExerciseRow } from "./exercise-record";

/**
 * `POST /content/exercises/{id}/versions/{number}/restore`: a stored version's content written again as the next
 * version, checked as a replace is; its nested texts as they were, not merged into the current ones.
 */
export function restoreExercise(ctx: ContentContext, id: string | number, stored: ExerciseRow, number: number, ifMatch: string | null): Promise<Written> {
  return ctx.db.transaction(async (tx) => {
    const current = await lockRecord(tx, ctx, exerciseRecord, id, ifMatch);
    const base = withoutNestedTexts(exerciseRecord, current);
    const values = await checkedValues(tx, ctx, exerciseRecord, prepareExercise(restoredInput(exerciseRecord, stored), base, ctx, "replace"), base);
    await assertChangeAllowed(tx, ctx, exerciseRecord, current, values);
    const row = await updateRecord(tx, ctx, exerciseRecord, id, values);
    return recordWrite(tx, ctx, exerciseRecord, row, { operation: "restore", restoredFrom: number });
  });
}
