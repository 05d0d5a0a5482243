import type { ContentContext } from "@/lib/content/context";
import { assertChangeAllowed, checkedValues, lockRecord, recordWrite, updateRecord, type Written } from "@/lib/content/write-record";
import { prepareEquipment } from "./prepare-equipment";
import type { EquipmentInput } from "./equipment-record";
import { equipmentRecord } from "./equipment-record";

/**
 * `PUT /content/equipment/{id}`: the equipment record as `input` describes it, under a row lock and If-Match, as its next
 * version. A published language keeps its texts; a translator changes only texts, in their languages.
 */
export function replaceEquipment(ctx: ContentContext, id: string | number, input: EquipmentInput, ifMatch: string | null): Promise<Written> {
  return ctx.db.transaction(async (tx) => {
    const current = await lockRecord(tx, ctx, equipmentRecord, id, ifMatch);
    const values = await checkedValues(tx, ctx, equipmentRecord, prepareEquipment(input, current, ctx, "replace"), current);
    await assertChangeAllowed(tx, ctx, equipmentRecord, current, values);
    const row = await updateRecord(tx, ctx, equipmentRecord, id, values);
    return recordWrite(tx, ctx, equipmentRecord, row, { operation: "replace" });
  });
}
