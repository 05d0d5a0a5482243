import { z } from "zod";
import { intIdsSchema, levelSchema, slugInputSchema, textInputSchema, uploadRefInputSchema } from "@/lib/content/schemas";

export const genderSchema = z.enum(["male", "female", "duo"]);
export const orientationSchema = z.enum(["left", "right", "alternating"]).nullable();

/** The exercise API's input, shared with the admin's editor (no database code here). */
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
