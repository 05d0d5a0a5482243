import type { ContentContext } from "@/lib/content/context";
import { checkedValues, insertRecord, recordWrite, withGeneratedSlugRetry } from "@/lib/content/write-record";
import { prepareEquipment } from "./prepare-equipment";
import type { EquipmentInput } from "./equipment-record";
import { equipmentRecord } from "./equipment-record";

/**
 * `POST /content/equipment`: a new equipment record, with its first version and its event, in one transaction.
 * Translators are refused by the operation's policy before this runs.
 */
export function createEquipment(ctx: ContentContext, input: EquipmentInput) {
  return withGeneratedSlugRetry(input.slug, () =>
    ctx.db.transaction(async (tx) => {
      const values = await checkedValues(tx, ctx, equipmentRecord, prepareEquipment(input, undefined, ctx, "create"));
      const row = await insertRecord(tx, ctx, equipmentRecord, values);
      return { ...(await recordWrite(tx, ctx, equipmentRecord, row, { operation: "create" })), id: row.id };
    }),
  );
}
