import type { ContentContext } from "@/lib/content/context";
import { assertChangeAllowed, checkedValues, lockRecord, patchedInput, recordWrite, updateRecord, type Written } from "@/lib/content/write-record";
import { prepareEquipment } from "./prepare-equipment";
import { equipmentRecord } from "./equipment-record";

/**
 * `PATCH /content/equipment/{id}`: a JSON merge patch applied to the locked, current equipment record (so no change is lost
 * without If-Match), then written as a replace is.
 */
export function patchEquipment(ctx: ContentContext, id: string | number, patch: Record<string, unknown>, ifMatch: string | null): Promise<Written> {
  return ctx.db.transaction(async (tx) => {
    const current = await lockRecord(tx, ctx, equipmentRecord, id, ifMatch);
    const input = patchedInput(equipmentRecord, current, patch);
    const values = await checkedValues(tx, ctx, equipmentRecord, prepareEquipment(input, current, ctx, "patch"), current);
    await assertChangeAllowed(tx, ctx, equipmentRecord, current, values);
    const row = await updateRecord(tx, ctx, equipmentRecord, id, values);
    return recordWrite(tx, ctx, equipmentRecord, row, { operation: "patch" });
  });
}
