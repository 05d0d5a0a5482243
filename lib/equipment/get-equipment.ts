import type { ContentContext } from "@/lib/content/context";
import { findVisible, recordRead } from "@/lib/content/record";
import { equipmentRecord } from "./equipment-record";

/** `GET /content/equipment/{id}`: the equipment record (404 when it is not the organization's) and the version part of its ETag. */
export async function getEquipment(ctx: ContentContext, id: string | number) {
  return recordRead(ctx, equipmentRecord, await findVisible(ctx, equipmentRecord, id));
}
