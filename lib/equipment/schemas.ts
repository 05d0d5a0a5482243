import { z } from "zod";
import { intIdsSchema, slugInputSchema, textInputSchema, uploadRefInputSchema } from "@/lib/content/schemas";

/** The equipment API's input, shared with the admin's editor (no database code here). */
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
