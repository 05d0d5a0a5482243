import { tables, type Executor } from "@/lib/db";
import { ApiError } from "@/lib/core/errors";
import { isUniqueViolation } from "@/lib/db/errors";
import { validateInput } from "@/lib/validation";
import { buildSearchText, computeCompleteness } from "@/lib/content/text";
import { createOrganizationInputSchema, type CreateOrganizationInput } from "./schemas";

/** "No equipment" in the languages the service knows it in; others fall back to the default. */
const NO_EQUIPMENT: Record<string, string> = { en: "No equipment", de: "Ohne Geräte", fr: "Sans équipement", es: "Sin equipamiento" };

export async function createOrganization(db: Executor, input: CreateOrganizationInput) {
  const data = validateInput(createOrganizationInputSchema, input);
  // Every organization has the special equipment record for exercises that need none (docs/api.md "Content (lookups, exercises, equipment, instructors, workouts, training plans, on-demand)").
  const noEquipment = Object.fromEntries(data.languages.filter((language) => NO_EQUIPMENT[language]).map((language) => [language, NO_EQUIPMENT[language]!]));
  noEquipment[data.defaultLanguage] ??= NO_EQUIPMENT.en!;
  try {
    return await db.transaction(async (tx) => {
      const [organization] = await tx.insert(tables.organizations).values(data).returning();
      await tx.insert(tables.equipment).values({
        organizationId: organization!.id,
        name: noEquipment,
        slug: "no-equipment",
        isNone: true,
        searchText: buildSearchText([noEquipment]),
        textCompleteness: computeCompleteness([noEquipment]),
      });
      return organization!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError("conflict", `an organization with code '${data.code}' already exists`);
    throw error;
  }
}
