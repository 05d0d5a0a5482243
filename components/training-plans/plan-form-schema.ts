import { z } from "zod";
import { intoApiSchema, localizedTexts, slugText, uploadChoice, type Languages } from "@/components/collections/form-schemas";
import { levelSchema, locationSchema } from "@/lib/content/schemas";
import { trainingPlanInputSchema } from "@/lib/training-plans/schemas";
import { gridToApi, type Grid } from "./plan-grid";

export const LEVELS = levelSchema.options;
export const LOCATIONS = locationSchema.options;

/** The training plan editor's inputs (metadata and the week grid), piped into the API's trainingPlanInputSchema. */
export function planFormSchema(languages: Languages) {
  return intoApiSchema(
    z.object({
      title: localizedTexts(languages, "title", true),
      description: localizedTexts(languages, "description", true),
      slug: slugText,
      image: uploadChoice("an image"),
      goals: z.array(z.number()),
      types: z.array(z.number()),
      level: z.enum(LEVELS, { error: "Choose a level" }),
      locations: z.array(z.enum(LOCATIONS)),
      content_packages: z.array(z.string()),
      weeks: z.custom<Grid>((value) => Array.isArray(value)).transform(gridToApi),
    }),
    trainingPlanInputSchema,
  );
}

export type PlanFormSchema = ReturnType<typeof planFormSchema>;
export type PlanFormValues = z.input<PlanFormSchema>;
export type PlanFormOutput = z.output<PlanFormSchema>;
