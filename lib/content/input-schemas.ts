import { z } from "zod";
import { SLUG_PATTERN } from "@/lib/core/patterns";

/** Input schemas shared by the API and the admin's forms; nothing here touches the database. */
export { textInputSchema } from "@/lib/i18n";

export const slugInputSchema = z
  .string()
  .min(3, "must be at least 3 characters")
  .max(96, "must be at most 96 characters")
  .regex(SLUG_PATTERN, "must be lowercase letters and digits separated by single dashes")
  .nullable()
  .optional()
  .meta({ description: "Generated from the default-language name or title when null or absent", example: "push-up" });

export const levelSchema = z.enum(["beginner", "intermediate", "advanced"]).meta({ description: "FitnessLevel" });
export const durationSchema = z.enum(["0-15", "16-30", "31-45", "46-60", "61+"]).meta({ description: "Duration: a range of minutes" });
export const locationSchema = z.enum(["home", "club", "outdoor"]);
export const intIdsSchema = z.array(z.number().int("must be an integer id").positive("must be a positive id")).max(500);
export const uuidIdsSchema = z.array(z.uuid("must be a uuid")).max(500);

/** An upload reference on input: its id, or an object carrying its id (as GET returns it). */
export const uploadRefInputSchema = z
  .union([z.uuid("must be an upload id"), z.object({ id: z.uuid("must be an upload id") }).loose()])
  .transform((value) => (typeof value === "string" ? value : value.id))
  .meta({ description: "An upload id, or an Upload object with its id" });
