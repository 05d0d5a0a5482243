import { z } from "zod";
import {
  ALL_TEXTS,
  contentStatusSchema,
  intIdsSchema,
  levelSchema,
  locationSchema,
  previewTextSchema,
  slugInputSchema,
  SPEC_TEXTS,
  textInputSchema,
  translationStatusSchema,
  uploadRefInputSchema,
  uuidIdsSchema,
  type TextSchemas,
} from "@/lib/content/schemas";
import { uploadRecordSchema } from "@/lib/uploads/schemas";
import { trainingPlanWeekAllTextsSchema, trainingPlanWeekSchema, weeksInputSchema } from "./weeks";

/** The training plan API's input, shared with the admin's editor (isomorphic: no database code here or in ./weeks). */
export const trainingPlanInputSchema = z
  .object({
    title: textInputSchema,
    slug: slugInputSchema,
    description: textInputSchema,
    image: uploadRefInputSchema,
    goals: intIdsSchema.meta({ description: "Fitness goal ids" }),
    types: intIdsSchema.meta({ description: "Content category ids" }),
    level: levelSchema,
    locations: z.array(locationSchema).max(3),
    content_packages: uuidIdsSchema.optional(),
    weeks: weeksInputSchema,
  })
  .meta({
    id: "TrainingPlanInput",
    description: "weeks_total, days_total and max_days_per_week are derived from `weeks` (days with at least one activity count).",
    example: {
      title: "First 5K",
      slug: null,
      description: "Four weeks from the couch to your first five kilometres.",
      image: "2f0a3c1e-6d2b-4c8e-9f3a-1b2c3d4e5f62",
      goals: [1],
      types: [4],
      level: "beginner",
      locations: ["outdoor"],
      content_packages: [],
      weeks: [
        {
          days: [
            { activities: [{ type: "workouts", id: "7c9e6679-7425-40de-944b-e07fc1f90ae7" }] },
            { activities: [] },
            { activities: [{ type: "fitness-activities", fields: { title: "Easy run", description: "Conversational pace", distance: 3000, duration: 1200 } }] },
          ],
        },
      ],
    },
  });

const previewShape = {
  id: z.uuid(),
  title: previewTextSchema,
  slug: z.string(),
  description: previewTextSchema,
  weeks_total: z.number().int(),
  days_total: z.number().int(),
  max_days_per_week: z.number().int().meta({ description: "Most days with an activity in one week (0 for an empty plan)" }),
  goals: z.array(z.number().int()),
  types: z.array(z.number().int()),
  level: levelSchema,
  locations: z.array(locationSchema),
  content_packages: z.array(z.uuid()),
  translation_status: translationStatusSchema,
  status: contentStatusSchema,
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  published_at: z.iso.datetime().nullable(),
};
export const trainingPlanPreviewSchema = z.object(previewShape).meta({ id: "TrainingPlanPreview" });
const trainingPlanSchemaOf = <Rendered extends z.ZodType, Plain extends z.ZodType, Week extends z.ZodType>(texts: TextSchemas<Rendered, Plain>, week: Week) =>
  z
    .object({ ...previewShape, title: texts.rendered, description: texts.rendered, image: uploadRecordSchema.nullable(), weeks: z.array(week) })
    .meta({ id: `TrainingPlan${texts.suffix}` });
export const trainingPlanSchema = trainingPlanSchemaOf(SPEC_TEXTS, trainingPlanWeekSchema);
export const trainingPlanAllTextsSchema = trainingPlanSchemaOf(ALL_TEXTS, trainingPlanWeekAllTextsSchema);

export type TrainingPlanPreview = z.output<typeof trainingPlanPreviewSchema>;
/** A training plan with every text in every language (`texts=all`), as the admin's editor reads it. */
export type TrainingPlanAllTexts = z.output<typeof trainingPlanAllTextsSchema>;
