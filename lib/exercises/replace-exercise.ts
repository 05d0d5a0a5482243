import type { ContentContext } from "@/lib/content/context";
import { assertChangeAllowed, checkedValues, lockRecord, recordWrite, updateRecord, type Written } from "@/lib/content/write-record";
import { prepareExercise } from "./prepare-exercise";
import type { ExerciseInput } from "./exercise-record";
import { exerciseRecord } from "./exercise-record";

/**
 * `PUT /content/exercises/{id}`: the exercise as `input` describes it, under a row lock and If-Match, as its next
 * version. A published language keeps its texts; a translator changes only texts, in their languages.
 */
export function replaceExercise(ctx: ContentContext, id: string | number, input: ExerciseInput, ifMatch: string | null): Promise<Written> {
  return ctx.db.transaction(async (tx) => {
    const current = await lockRecord(tx, ctx, exerciseRecord, id, ifMatch);
    const values = await checkedValues(tx, ctx, exerciseRecord, prepareExercise(input, current, ctx, "replace"), current);
    await assertChangeAllowed(tx, ctx, exerciseRecord, current, values);
    const row = await updateRecord(tx, ctx, exerciseRecord, id, values);
    return recordWrite(tx, ctx, exerciseRecord, row, { operation: "replace" });
  });
}
