import { z } from "zod";
import { intoApiSchema, localizedTexts, optionalChoice, slugText, uploadChoice, type Languages } from "@/components/collections/form-schemas";
import { levelSchema } from "@/lib/content/schemas";
import { exerciseInputSchema, genderSchema, orientationSchema } from "@/lib/exercises/schemas";

export const LEVELS = levelSchema.options;
export const GENDERS = genderSchema.options;
export const ORIENTATIONS = orientationSchema.unwrap().options;

/** The exercise editor's inputs, piped into the API's exerciseInputSchema. */
export function exerciseFormSchema(languages: Languages) {
  return intoApiSchema(
    z.object({
      name: localizedTexts(languages, "name", true),
      summary: localizedTexts(languages, "summary", false),
      slug: slugText,
      level: z.enum(LEVELS, { error: "Choose a level" }),
      gender: z.enum(GENDERS, { error: "Choose a gender" }),
      orientation: optionalChoice(ORIENTATIONS),
      muscle_groups: z.array(z.number()),
      equipment: z.array(z.number()),
      types: z.array(z.number()),
      video: uploadChoice("a video"),
      gif: uploadChoice("a gif"),
      image: uploadChoice("an image"),
      steps: z.array(z.object({ text: localizedTexts(languages, "step", true) }).transform((step) => step.text)),
    }),
    exerciseInputSchema,
  );
}

export type ExerciseFormSchema = ReturnType<typeof exerciseFormSchema>;
export type ExerciseFormValues = z.input<ExerciseFormSchema>;
export type ExerciseFormOutput = z.output<ExerciseFormSchema>;
