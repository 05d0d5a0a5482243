import { z } from "zod";
import {
  ALL_TEXTS,
  intIdsSchema,
  levelSchema,
  previewTextSchema,
  slugInputSchema,
  SPEC_TEXTS,
  textInputSchema,
  translationStatusSchema,
  uploadRefInputSchema,
  type TextSchemas,
} from "@/lib/content/schemas";
import { uploadRecordSchema } from "@/lib/uploads/schemas";

export const genderSchema = z.enum(["male", "female", "duo"]);
export const orientationSchema = z.enum(["left", "right", "alternating"]).nullable();

/** The exercise API's input, shared with the admin's editor (no database code here); its answers below. */
export const exerciseInputSchema = z
  .object({
    name: textInputSchema,
    slug: slugInputSchema,
    summary: textInputSchema.optional().meta({ description: "A one-line description shown in lists" }),
    level: levelSchema,
    gender: genderSchema,
    orientation: orientationSchema.optional(),
    muscle_groups: intIdsSchema,
    equipment: intIdsSchema,
    types: intIdsSchema.meta({ description: "Content category ids" }),
    video: uploadRefInputSchema,
    gif: uploadRefInputSchema,
    image: uploadRefInputSchema,
    steps: z.array(textInputSchema).max(50).meta({ description: "Ordered instructions" }),
  })
  .meta({
    id: "ExerciseInput",
    example: {
      name: { en: "Push-up", de: "Liegestütz" },
      slug: null,
      level: "beginner",
      gender: "male",
      orientation: null,
      muscle_groups: [3],
      equipment: [1],
      types: [4],
      video: "2f0a3c1e-6d2b-4c8e-9f3a-1b2c3d4e5f60",
      gif: "2f0a3c1e-6d2b-4c8e-9f3a-1b2c3d4e5f61",
      image: "2f0a3c1e-6d2b-4c8e-9f3a-1b2c3d4e5f62",
      steps: [{ en: "Hands under the shoulders", de: "Hände unter die Schultern" }, { en: "Lower your chest to the floor" }],
    },
  });

const previewShape = {
  id: z.uuid(),
  name: previewTextSchema,
  slug: z.string(),
  summary: previewTextSchema,
  types: z.array(z.number().int()),
  level: levelSchema,
  gender: genderSchema,
  orientation: orientationSchema,
  muscle_groups: z.array(z.number().int()),
  equipment: z.array(z.number().int()),
  translation_status: translationStatusSchema,
};
export const exercisePreviewSchema = z.object(previewShape).meta({ id: "ExercisePreview" });
// `name` and `steps` are typed "string or MultiLangString"; `summary`, listed untyped among the
// preview fields, is a plain string (docs/api.md "Languages").
const exerciseSchemaOf = <Rendered extends z.ZodType, Plain extends z.ZodType>(texts: TextSchemas<Rendered, Plain>) =>
  z
    .object({
      ...previewShape,
      name: texts.rendered,
      summary: texts.plain,
      video: uploadRecordSchema.nullable(),
      gif: uploadRecordSchema.nullable(),
      image: uploadRecordSchema.nullable(),
      steps: z.array(texts.rendered),
      created_at: z.iso.datetime(),
      updated_at: z.iso.datetime(),
    })
    .meta({ id: `Exercise${texts.suffix}` });
export const exerciseSchema = exerciseSchemaOf(SPEC_TEXTS);
export const exerciseAllTextsSchema = exerciseSchemaOf(ALL_TEXTS);

export type ExercisePreview = z.output<typeof exercisePreviewSchema>;
/** An exercise with every text in every language (`texts=all`), as the admin's editor reads it. */
export type ExerciseAllTexts = z.output<typeof exerciseAllTextsSchema>;
