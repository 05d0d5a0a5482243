import { tables } from "@/lib/db";
import type { ContentContext } from "@/lib/content/context";
import { referencedConflict } from "@/lib/content/references";
import { containsUuid, findReferrersIn } from "@/lib/content/shared";
import { deleteRecord, lockRecord } from "@/lib/content/write-record";
import { workoutRecord } from "./workout-record";

/**
 * `DELETE /content/workouts/{id}`: under a row lock and If-Match; a workout a training plan still uses
 * is a 409 naming the plans. Translators are refused by the operation's policy before this runs.
 */
export function deleteWorkout(ctx: ContentContext, id: string | number, ifMatch: string | null): Promise<void> {
  return ctx.db.transaction(async (tx) => {
    const current = await lockRecord(tx, ctx, workoutRecord, id, ifMatch);
    const plans = tables.trainingPlans;
    const referrers = await findReferrersIn(tx, ctx.organization, current.id, [{ table: plans, uses: containsUuid(plans.workoutIds), label: "training plan", title: plans.title }]);
    if (referrers.length > 0) throw referencedConflict("this workout", referrers);
    await deleteRecord(tx, ctx, workoutRecord, current);
  });
}
