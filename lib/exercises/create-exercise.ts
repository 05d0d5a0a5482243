import type { ContentContext } from "@/lib/content/context";
import { checkedValues, insertRecord, recordWrite, withGeneratedSlugRetry } from "@/lib/content/write-record";
import { prepareExercise } from "./prepare-exercise";
import type { ExerciseInput } from "./exercise-record";
import { exerciseRecord } from "./exercise-record";

/**
 * `POST /content/exercises`: a new exercise, with its first version and its event, in one transaction.
 * Translators are refused by the operation's policy before this runs.
 */
export function createExercise(ctx: ContentContext, input: ExerciseInput) {
  return withGeneratedSlugRetry(input.slug, () =>
    ctx.db.transaction(async (tx) => {
      const values = await checkedValues(tx, ctx, exerciseRecord, prepareExercise(input, undefined, ctx, "create"));
      const row = await insertRecord(tx, ctx, exerciseRecord, values);
      return { ...(await recordWrite(tx, ctx, exerciseRecord, row, { operation: "create" })), id: row.id };
    }),
  );
}
