import type { z } from "zod";
import { tables } from "@/lib/db";
import { defineRecord } from "@/lib/content/record";
import { plainText, renderedText } from "@/lib/content/shared";
import { ownWrite, storedFields } from "@/lib/content/stored-fields";
import { equipmentInputSchema } from "./schemas";

const q = tables.equipment;
export type EquipmentRow = typeof q.$inferSelect;
export type EquipmentInput = z.output<typeof equipmentInputSchema>;

/** Every request field and its column: the equipment's fields as a request body (`toInput`), and those written as given. */
export const equipmentFields = storedFields<EquipmentRow, EquipmentInput>({
  name: ownWrite("name"),
  slug: ownWrite("slug"),
  brand_id: "brandId",
  categories: "categories",
  description: ownWrite("description"),
  image: "imageId",
});

/** What the content toolkit knows of an equipment record: its table, texts and full record. */
export const equipmentRecord = defineRecord<EquipmentRow, EquipmentInput>({
  key: "equipment",
  entity: "Equipment",
  label: "equipment",
  table: q,
  idKind: "int",
  inputSchema: equipmentInputSchema,
  textFields: ["name", "description"],
  uploadIds: (row) => [row.imageId],
  toFull: (row, ctx, related) => ({
    id: row.id,
    name: plainText(row.name, ctx),
    slug: row.slug,
    brand_id: row.brandId,
    categories: row.categories,
    no_equipment: row.isNone,
    description: renderedText(row.description, ctx),
    image: (row.imageId && related.uploads.get(row.imageId)) || null,
  }),
  toInput: equipmentFields.toInput,
});
