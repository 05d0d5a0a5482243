import { collectionOperations } from "@/lib/content/operations";
import { equipment } from "./collection";
import { equipmentAllTextsSchema, equipmentInputSchema, equipmentPreviewSchema, equipmentSchema } from "./schemas";

/**
 * Every endpoint of `/content/equipment`, each named after its operationId; route files import these and
 * nothing else. The record's rules are in ./collection, its input and response schemas in ./schemas.
 */
const recordOperations = collectionOperations(equipment, {
  name: "Equipment",
  preview: equipmentPreviewSchema,
  full: equipmentSchema,
  fullAllTexts: equipmentAllTextsSchema,
  input: equipmentInputSchema,
  tag: "Equipment",
  listDescription: "Filters: `q`, `id`, `name`, `slug`, `brand_id`, `categories`. The record with `no_equipment: true` stands for exercises that need none.",
});

export const { list: listEquipments, create: createEquipment, get: getEquipment, replace: replaceEquipment, patch: patchEquipment, remove: deleteEquipment, recordSchema: equipmentRecordSchema } = recordOperations;
