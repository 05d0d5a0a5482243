import { z } from "zod";
import {
  ALL_TEXTS,
  contentStatusSchema,
  durationSchema,
  intIdsSchema,
  levelSchema,
  slugInputSchema,
  SPEC_TEXTS,
  textInputSchema,
  translationStatusSchema,
  uploadRefInputSchema,
  uuidIdsSchema,
  type TextSchemas,
} from "@/lib/content/schemas";
import { uploadRecordSchema } from "@/lib/uploads/schemas";

export const ON_DEMAND_TYPES = ["virtual-class", "audio-workout"] as const;
export const onDemandTypeSchema = z.enum(ON_DEMAND_TYPES).meta({ description: "`virtual-class` (a video) or `audio-workout` (an audio file)" });

// A BCP 47 tag as media are labelled: a 2–3 letter language, then optional subtags (`en`, `pt-BR`, `zh-Hant`).
const LANGUAGE_CODE = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;
const languagesSchema = z
  .array(z.string().regex(LANGUAGE_CODE, "must be a language code such as en or pt-BR"))
  .max(50)
  .refine((codes) => new Set(codes).size === codes.length, "must not repeat a language")
  .meta({ description: "Language codes the media (video or audio) exists in; not limited to the organization's enabled languages", example: ["en", "pt-BR"], uniqueItems: true });

/** The on-demand API's input, shared with the admin's editor (no database code here). */
export const onDemandInputSchema = z
  .object({
    type: onDemandTypeSchema,
    title: textInputSchema,
    description: textInputSchema.optional(),
    slug: slugInputSchema,
    video: uploadRefInputSchema.meta({ description: "The media: a video upload for a virtual class, an audio (or video) upload for an audio workout" }),
    image: uploadRefInputSchema.meta({ description: "An image upload" }),
    instructor_id: z.uuid("must be an instructor id").nullable().optional(),
    content_packages: uuidIdsSchema.optional().meta({ description: "Content package ids; absent means none" }),
    duration: durationSchema,
    level: levelSchema,
    goals: intIdsSchema.meta({ description: "Fitness goal ids" }),
    equipment: intIdsSchema.meta({ description: "Equipment ids" }),
    categories: uuidIdsSchema.meta({ description: "Content category uuids (the `uuid` of a content category, not its int id)" }),
    languages: languagesSchema,
    content_provider: z.number().int("must be an integer id").positive("must be a positive id").meta({ description: "Content provider id" }),
  })
  .meta({
    id: "OnDemandInput",
    example: {
      type: "virtual-class",
      title: { en: "Morning flow", de: "Morgenfluss" },
      description: "Twenty minutes of gentle mobility",
      slug: null,
      video: "2f0a3c1e-6d2b-4c8e-9f3a-1b2c3d4e5f60",
      image: "2f0a3c1e-6d2b-4c8e-9f3a-1b2c3d4e5f62",
      instructor_id: "6c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
      content_packages: [],
      duration: "16-30",
      level: "beginner",
      goals: [1],
      equipment: [2],
      categories: ["0b7a6c5d-4e3f-4a2b-9c1d-0e9f8a7b6c5d"],
      languages: ["en", "de"],
      content_provider: 1,
    },
  });

const listShape = {
  id: z.uuid(),
  title: z.string().meta({ description: "In the response language (lists always answer plain strings)" }),
  type: onDemandTypeSchema,
  duration: durationSchema,
  level: levelSchema,
  goals: z.array(z.number().int()),
  content_provider: z.number().int().nullable(),
  categories: z.array(z.uuid()).meta({ description: "Content category uuids" }),
  equipment: z.array(z.number().int()),
  instructor_id: z.uuid().nullable(),
  content_packages: z.array(z.uuid()),
  translation_status: translationStatusSchema,
  languages: z.array(z.string()).meta({ description: "Language codes the media exists in" }),
  status: contentStatusSchema,
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  published_at: z.iso.datetime().nullable(),
};
export const onDemandPreviewSchema = z.object(listShape).meta({ id: "OnDemandPreview" });
// `title` and `description` (the specification's "further metadata") are the record's own texts, typed
// as a workout's: "string or MultiLangString" (docs/api.md "Languages").
const onDemandSchemaOf = <Rendered extends z.ZodType, Plain extends z.ZodType>(texts: TextSchemas<Rendered, Plain>) =>
  z
    .object({
      ...listShape,
      title: texts.rendered,
      description: texts.rendered,
      slug: z.string(),
      video: uploadRecordSchema.nullable(),
      image: uploadRecordSchema.nullable(),
    })
    .meta({ id: `OnDemand${texts.suffix}` });
export const onDemandSchema = onDemandSchemaOf(SPEC_TEXTS);
export const onDemandAllTextsSchema = onDemandSchemaOf(ALL_TEXTS);

export type OnDemandPreview = z.output<typeof onDemandPreviewSchema>;
/** An on-demand item in the specification's shape (texts in the response language). */
export type OnDemand = z.output<typeof onDemandSchema>;
/** An on-demand item with every text in every language (`texts=all`), as the admin's editor reads it. */
export type OnDemandAllTexts = z.output<typeof onDemandAllTextsSchema>;
