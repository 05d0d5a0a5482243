import { z } from "zod";
import { SLUG_PATTERN } from "@/lib/core/patterns";
import { languageCodeSchema } from "@/lib/i18n/language-code";

export const organizationCodeSchema = z
  .string()
  .min(2, "must be at least 2 characters")
  .max(64, "must be at most 64 characters")
  .regex(SLUG_PATTERN, "must be lowercase letters, digits and single dashes");


export const createOrganizationInputSchema = z
  .object({
    code: organizationCodeSchema,
    name: z.string().trim().min(1, "is required").max(200),
    languages: z.array(languageCodeSchema).min(1).max(50).default(["en"]),
    defaultLanguage: languageCodeSchema.optional(),
  })
  .transform((input) => ({
    ...input,
    languages: [...new Set(input.languages)],
    defaultLanguage: input.defaultLanguage ?? input.languages[0]!,
  }))
  .refine((input) => input.languages.includes(input.defaultLanguage), {
    message: "must be one of the organization's languages",
    path: ["defaultLanguage"],
  });

export type CreateOrganizationInput = z.input<typeof createOrganizationInputSchema>;
