import type { Collection } from "@/lib/content/collection";
import { collectionOperations } from "@/lib/content/operations";
import { statusOperations } from "@/lib/publishing/operations";
import { trainingPlans } from "./collection";
import { trainingPlanAllTextsSchema, trainingPlanInputSchema, trainingPlanPreviewSchema, trainingPlanSchema } from "./schemas";

/**
 * Every endpoint of `/content/training-plans`, each named after its operationId; route files import these and
 * nothing else. The record's rules are in ./collection, its input and response schemas in ./schemas.
 */
const recordOperations = collectionOperations(trainingPlans, {
  name: "TrainingPlan",
  preview: trainingPlanPreviewSchema,
  full: trainingPlanSchema,
  fullAllTexts: trainingPlanAllTextsSchema,
  input: trainingPlanInputSchema,
  tag: "Training plans",
  readsWithPreviewLinks: true,
  listDescription:
    "Filters: `q`, `title[contains]`, `goals[in|eq|and]`, `types`, `locations[eq|in|and]`, `level`, `days_total[gte|lte|eq]`, `weeks_total[gte|lte|eq]`, `max_days_per_week[eq|gte|lte]`, `status` (`default:published,de:draft`, any; `[and]` all), `content_packages`, `workouts`. Order: `created`, `updated` (default desc), `title`, `published`.",
});

export const { list: listTrainingPlans, create: createTrainingPlan, get: getTrainingPlan, replace: replaceTrainingPlan, patch: patchTrainingPlan, remove: deleteTrainingPlan, recordSchema: trainingPlanRecordSchema } = recordOperations;

export const { patchStatus: changeTrainingPlanStatus, getHistory: getTrainingPlanStatusHistory } = statusOperations(trainingPlans as unknown as Collection, { name: "TrainingPlan", tag: "Training plans", full: trainingPlanRecordSchema });
