import { z } from "zod";
import { intoApiSchema, optionalChoice, uploadChoice } from "@/components/collections/form-schemas";
import { instructorGenderSchema, instructorInputSchema } from "@/lib/instructors/schemas";

export const INSTRUCTOR_GENDERS = instructorGenderSchema.options;

/** The instructor editor's inputs, piped into the API's instructorInputSchema (the name is one text for every language). */
export const instructorFormSchema = intoApiSchema(
  z.object({
    name: z.string().trim().min(1, "Enter the name"),
    gender: optionalChoice(INSTRUCTOR_GENDERS),
    photo: uploadChoice(false),
    user_id: z.string().nullable(),
  }),
  instructorInputSchema,
);

export type InstructorFormValues = z.input<typeof instructorFormSchema>;
export type InstructorFormOutput = z.output<typeof instructorFormSchema>;
