import { z } from "zod";
import { intIdsSchema, levelSchema, locationSchema, slugInputSchema, textInputSchema, uploadRefInputSchema, uuidIdsSchema } from "@/lib/content/schemas";
import { weeksInputSchema } from "./weeks";

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
