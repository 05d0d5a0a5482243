import { tables } from "@/lib/db";
import type { ContentContext } from "@/lib/content/context";
import { referencedConflict } from "@/lib/content/references";
import { containsUuid, findReferrersIn } from "@/lib/content/shared";
import { deleteRecord, lockRecord } from "@/lib/content/write-record";
import { exerciseRecord } from "./exercise-record";

/**
 * `DELETE /content/exercises/{id}`: under a row lock and If-Match; an exercise a workout still uses is a
 * 409 naming the workouts. Translators are refused by the operation's policy before this runs.
 */
export function deleteExercise(ctx: ContentContext, id: string | number, ifMatch: string | null): Promise<void> {
  return ctx.db.transaction(async (tx) => {
    const current = await lockRecord(tx, ctx, exerciseRecord, id, ifMatch);
    const w = tables.workouts;
    const referrers = await findReferrersIn(tx, ctx.organization, current.id, [{ table: w, uses: containsUuid(w.exerciseIds), label: "workout", title: w.title }]);
    if (referrers.length > 0) throw referencedConflict("this exercise", referrers);
    await deleteRecord(tx, ctx, exerciseRecord, current);
  });
}
