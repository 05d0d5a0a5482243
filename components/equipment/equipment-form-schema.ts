import { z } from "zod";
import { intoApiSchema, localizedTexts, slugText, uploadChoice, type Languages } from "@/components/collections/form-schemas";
import { equipmentInputSchema } from "@/lib/equipment/schemas";

/**
 * The equipment editor's inputs, piped into the API's equipmentInputSchema. The API asks for a brand, a
 * category and an image on every record but the special no-equipment one, which has none of them.
 */
export function equipmentFormSchema(languages: Languages, isNoEquipment: boolean) {
  return intoApiSchema(
    z.object({
      name: localizedTexts(languages, "name", true),
      description: localizedTexts(languages, "description", false),
      slug: slugText,
      brand_id: isNoEquipment ? z.null() : z.number().nullable().refine((value) => value !== null, "Choose a brand"),
      categories: isNoEquipment ? z.array(z.number()).max(0) : z.array(z.number()).min(1, "Choose at least one category"),
      image: uploadChoice(isNoEquipment ? false : "an image"),
    }),
    equipmentInputSchema,
  );
}

export type EquipmentFormSchema = ReturnType<typeof equipmentFormSchema>;
export type EquipmentFormValues = z.input<EquipmentFormSchema>;
export type EquipmentFormOutput = z.output<EquipmentFormSchema>;
