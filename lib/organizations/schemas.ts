import { z } from "zod";

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const LANGUAGE_CODE_PATTERN = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})?$/;

export const organizationCodeSchema = z
  .string()
  .min(2, "must be at least 2 characters")
  .max(64, "must be at most 64 characters")
  .regex(SLUG_PATTERN, "must be lowercase letters, digits and single dashes");

export const languageCodeSchema = z.string().regex(LANGUAGE_CODE_PATTERN, "must be a language code such as en or pt-BR");

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
