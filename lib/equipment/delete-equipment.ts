import { tables } from "@/lib/db";
import type { ContentContext } from "@/lib/content/context";
import { ApiError } from "@/lib/core/errors";
import { referencedConflict } from "@/lib/content/references";
import { containsInt, findReferrersIn } from "@/lib/content/shared";
import { deleteRecord, lockRecord } from "@/lib/content/write-record";
import { equipmentRecord } from "./equipment-record";

/**
 * `DELETE /content/equipment/{id}`: under a row lock and If-Match. The no-equipment record is never
 * deleted (409); equipment an exercise or on-demand item still uses is a 409 naming them. Translators
 * are refused by the operation's policy before this runs.
 */
export function deleteEquipment(ctx: ContentContext, id: string | number, ifMatch: string | null): Promise<void> {
  return ctx.db.transaction(async (tx) => {
    const current = await lockRecord(tx, ctx, equipmentRecord, id, ifMatch);
    if (current.isNone) throw new ApiError("conflict", "the no-equipment record cannot be deleted");
    const referrers = await findReferrersIn(tx, ctx.organization, current.id, [
      { table: tables.exercises, uses: containsInt(tables.exercises.equipment), label: "exercise", title: tables.exercises.name },
      { table: tables.onDemand, uses: containsInt(tables.onDemand.equipment), label: "on-demand item", title: tables.onDemand.title },
    ]);
    if (referrers.length > 0) throw referencedConflict("this equipment", referrers);
    await deleteRecord(tx, ctx, equipmentRecord, current);
  });
}
