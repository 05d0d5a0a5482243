import { contextOf, listAnswer, recordAnswer, recordEndpoints, writtenRecord } from "@/lib/content/operations";
import { noContent } from "@/lib/http/responses";
import { defineOperation } from "@/lib/http/route";
import { equipment } from "./collection";
// The domain functions share their names with the operations that call them.
import { createEquipment as createEquipmentRecord } from "./create-equipment";
import { deleteEquipment as deleteEquipmentRecord } from "./delete-equipment";
import { getEquipment as getEquipmentRecord } from "./get-equipment";
import { listEquipment as listEquipmentPreviews } from "./list-equipment";
import { patchEquipment as patchEquipmentRecord } from "./patch-equipment";
import { replaceEquipment as replaceEquipmentRecord } from "./replace-equipment";
import { equipmentAllTextsSchema, equipmentInputSchema, equipmentPreviewSchema, equipmentSchema } from "./schemas";

/**
 * Every endpoint of `/content/equipment`, each named after its operationId; route files import these and
 * nothing else. Each handler calls one domain function of this folder (`createEquipment` in
 * ./create-equipment.ts); the input and response schemas are in ./schemas.
 */
const endpoints = recordEndpoints(equipment, {
  name: "Equipment",
  preview: equipmentPreviewSchema,
  full: equipmentSchema,
  fullAllTexts: equipmentAllTextsSchema,
  input: equipmentInputSchema,
  tag: "Equipment",
  listDescription: "Filters: `q`, `id`, `name`, `slug`, `brand_id`, `categories`. The record with `no_equipment: true` stands for exercises that need none.",
});

export const equipmentRecordSchema = endpoints.recordSchema;

export const listEquipments = defineOperation({
  ...endpoints.list,
  handle: async (op) => {
    const ctx = await contextOf(op, false);
    return listAnswer(op.req, ctx, await listEquipmentPreviews(ctx, op.filter));
  },
});

export const createEquipment = defineOperation({
  ...endpoints.create,
  handle: async (op) => {
    const ctx = await contextOf(op, true);
    const { body, etag, id } = await createEquipmentRecord(ctx, op.body);
    return writtenRecord(ctx, body, etag, `/api/v3/content/equipment/${id}`);
  },
});

export const getEquipment = defineOperation({
  ...endpoints.get,
  handle: async (op) => {
    const ctx = await contextOf(op, true);
    const { body, etag } = await getEquipmentRecord(ctx, op.params.id);
    return recordAnswer(op.req, ctx, body, etag);
  },
});

export const replaceEquipment = defineOperation({
  ...endpoints.replace,
  handle: async (op) => {
    const ctx = await contextOf(op, true);
    const { body, etag } = await replaceEquipmentRecord(ctx, op.params.id, op.body, op.req.headers.get("if-match"));
    return writtenRecord(ctx, body, etag);
  },
});

export const patchEquipment = defineOperation({
  ...endpoints.patch,
  handle: async (op) => {
    const ctx = await contextOf(op, true);
    const { body, etag } = await patchEquipmentRecord(ctx, op.params.id, op.body, op.req.headers.get("if-match"));
    return writtenRecord(ctx, body, etag);
  },
});

export const deleteEquipment = defineOperation({
  ...endpoints.remove,
  handle: async (op) => {
    const ctx = await contextOf(op, false);
    await deleteEquipmentRecord(ctx, op.params.id, op.req.headers.get("if-match"));
    return noContent();
  },
});

