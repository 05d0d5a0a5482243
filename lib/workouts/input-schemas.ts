import { z } from "zod";
import { durationSchema, intIdsSchema, levelSchema, locationSchema, slugInputSchema, textInputSchema, uploadRefInputSchema, uuidIdsSchema } from "@/lib/content/input-schemas";
import { phasesInputSchema } from "./phases";

/** The workout API's input, shared with the admin's editor (isomorphic: no database code here or in ./phases). */
export const genderSchema = z.enum(["male", "female", "non-binary"]);

export const workoutInputSchema = z
  .object({
    title: textInputSchema,
    slug: slugInputSchema,
    description: textInputSchema,
    image: uploadRefInputSchema,
    gender: genderSchema,
    level: levelSchema,
    types: intIdsSchema.meta({ description: "Content category ids" }),
    goals: intIdsSchema.meta({ description: "Fitness goal ids" }),
    body_parts: intIdsSchema.meta({ description: "Body part ids" }),
    locations: z.array(locationSchema).max(3),
    duration: durationSchema,
    estimated_duration: z.number().int("must be a whole number of minutes").min(0).max(1440).nullable().optional(),
    template: z.boolean().optional(),
    content_packages: uuidIdsSchema.optional(),
    phases: phasesInputSchema,
  })
  .meta({
    id: "WorkoutInput",
    example: {
      title: { en: "Full body burner", de: "Ganzkörper-Brenner" },
      slug: null,
      description: "Twenty minutes, no breaks you don't earn.",
      image: "2f0a3c1e-6d2b-4c8e-9f3a-1b2c3d4e5f62",
      gender: "female",
      level: "intermediate",
      types: [4],
      goals: [1],
      body_parts: [2],
      locations: ["home"],
      duration: "16-30",
      estimated_duration: 22,
      template: false,
      content_packages: [],
      phases: [
        { title: "Warm up", time: 300, items: [{ type: "TIMER", notes: "", timer_title: "Mobilise", timer_duration: 300 }] },
        {
          title: "Training",
          time: 900,
          items: [
            {
              type: "AMRAP",
              notes: "Keep a steady pace",
              amrap_duration: 600,
              amrap_exercises: [
                {
                  exercise_id: "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                  notes: "",
                  rest: 0,
                  goal_targets: [{ type: "VALUE", metric: "repetitions", value: 12 }],
                  resistance_targets: [{ type: "RANGE", metric: "weight", min: 8, max: 12 }],
                },
              ],
            },
          ],
        },
      ],
    },
  });

export type WorkoutInput = z.output<typeof workoutInputSchema>;
