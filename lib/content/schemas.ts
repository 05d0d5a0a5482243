import { z } from "zod";
import { SLUG_PATTERN } from "@/lib/core/patterns";
import { multiLangStringSchema, plainTextSchema, renderedTextSchema, translationStatusEntrySchema } from "@/lib/i18n";

/** The content schemas every collection shares, in the API and the admin's forms; nothing here touches the database. */
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

export const translationStatusSchema = z.array(translationStatusEntrySchema);
export const contentStatusSchema = z
  .record(z.string(), z.enum(["draft", "published", "unpublished"]))
  .meta({ id: "ContentStatus", description: "Status per language key (`default` or a language code)", example: { default: "published", de: "draft" } });

// A response shows a text in one of three ways, each with one name for its schema and the function
// that renders it (docs/api.md "Languages"):
// - rendered (`renderedTextSchema`, `renderedText`): a field typed "string or MultiLangString", a
//   record's own title, name, description, steps;
// - plain (`plainTextSchema`, `plainText`): a field typed `string`, a plain string unless the request
//   asked for every text (`texts=all`);
// - preview (`previewTextSchema`, `previewText`): a text of a list's preview, always a plain string in
//   the response language.

/** A text of a list's preview: always a plain string in the response language (docs/api.md "Content (lookups, exercises, equipment, instructors, workouts, training plans, on-demand)"). */
export const previewTextSchema = z.string().meta({ description: "In the response language (lists always answer plain strings)" });

/**
 * The response schemas of a record's texts in one representation (docs/api.md "Languages"): `rendered`
 * for the fields typed "string or MultiLangString", `plain` for every other text. A collection builds its
 * full-record schema from them twice: in the specification's shape and in the `texts=all` shape.
 */
export type TextSchemas<Rendered extends z.ZodType = z.ZodType, Plain extends z.ZodType = z.ZodType> = { rendered: Rendered; plain: Plain; suffix: "" | "AllTexts" };
// Each keeps its schemas' own types (`satisfies`), so a record schema built from one (generic in
// `Rendered` and `Plain`) infers its texts.
export const SPEC_TEXTS = { rendered: renderedTextSchema, plain: plainTextSchema, suffix: "" } satisfies TextSchemas;
export const PREVIEW_TEXTS = { rendered: previewTextSchema, plain: previewTextSchema, suffix: "" } satisfies TextSchemas;
export const ALL_TEXTS = { rendered: multiLangStringSchema, plain: multiLangStringSchema, suffix: "AllTexts" } satisfies TextSchemas;
