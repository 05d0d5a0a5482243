import { z } from "zod";
import { localizedTextInputSchema } from "@/lib/i18n";
import { SLUG_PATTERN } from "@/lib/organizations/schemas";

/** Input schemas shared by the API and the admin's forms; nothing here touches the database. */
export const slugInputSchema = z
  .string()
  .min(3, "must be at least 3 characters")
  .max(96, "must be at most 96 characters")
  .regex(SLUG_PATTERN, "must be lowercase letters and digits separated by single dashes")
  .nullable()
  .optional()
  .meta({ description: "Generated from the default-language name or title when null or absent", example: "push-up" });

export const textInput = localizedTextInputSchema;
