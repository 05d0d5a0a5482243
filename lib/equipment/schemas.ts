import { z } from "zod";
import { ALL_TEXTS, intIdsSchema, previewTextSchema, slugInputSchema, SPEC_TEXTS, textInputSchema, uploadRefInputSchema, type TextSchemas } from "@/lib/content/schemas";
import { uploadRecordSchema } from "@/lib/uploads/schemas";

/** The equipment API's input and answers, shared with the admin's editor (no database code here). */
export const equipmentInputSchema = z
  .object({
    name: textInputSchema,
    slug: slugInputSchema,
    brand_id: z.number().int().positive().nullable().meta({ description: "Equipment brand id (required, except on the special no-equipment record)" }),
    categories: intIdsSchema.meta({ description: "Equipment category ids (at least one, except on the special no-equipment record)" }),
    description: textInputSchema.optional(),
    image: uploadRefInputSchema.nullable().optional(),
  })
  .meta({ id: "EquipmentInput", example: { name: "Kettlebell 16 kg", slug: null, brand_id: 1, categories: [1], description: "Cast iron", image: "2f0a3c1e-6d2b-4c8e-9f3a-1b2c3d4e5f62" } });

const previewShape = {
  id: z.number().int(),
  name: previewTextSchema,
  slug: z.string(),
  brand_id: z.number().int().nullable(),
  categories: z.array(z.number().int()),
  no_equipment: z.boolean().meta({ description: "True on the special record for exercises that need no equipment" }),
};
export const equipmentPreviewSchema = z.object(previewShape).meta({ id: "EquipmentPreview" });
// The name is typed `string`, the description "string or MultiLangString" (docs/api.md "Languages").
const equipmentSchemaOf = <Rendered extends z.ZodType, Plain extends z.ZodType>(texts: TextSchemas<Rendered, Plain>) =>
  z
    .object({ ...previewShape, name: texts.plain, description: texts.rendered, image: uploadRecordSchema.nullable() })
    .meta({ id: `Equipment${texts.suffix}` });
export const equipmentSchema = equipmentSchemaOf(SPEC_TEXTS);
export const equipmentAllTextsSchema = equipmentSchemaOf(ALL_TEXTS);

export type EquipmentPreview = z.output<typeof equipmentPreviewSchema>;
/** A piece of equipment with every text in every language (`texts=all`), as the admin's editor reads it. */
export type EquipmentAllTexts = z.output<typeof equipmentAllTextsSchema>;
