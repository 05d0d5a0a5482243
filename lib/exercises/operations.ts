import { collectionOperations } from "@/lib/content/operations";
import { exercises } from "./collection";
import { exerciseAllTextsSchema, exerciseInputSchema, exercisePreviewSchema, exerciseSchema } from "./schemas";

/**
 * Every endpoint of `/content/exercises`, each named after its operationId; route files import these and
 * nothing else. The record's rules are in ./collection, its input and response schemas in ./schemas.
 */
const recordOperations = collectionOperations(exercises, {
  name: "Exercise",
  preview: exercisePreviewSchema,
  full: exerciseSchema,
  fullAllTexts: exerciseAllTextsSchema,
  input: exerciseInputSchema,
  tag: "Exercises",
  readsWithPreviewLinks: true,
  listDescription:
    "Filters: `q` (exercise name or equipment name), `name[contains]`, `level`, `gender`, `equipment[in|and|eq]`, `equipment_brands` (list, any), `muscle_groups[and|in|eq]`, `types`. Order: `updated` (default, desc), `created`, `name`.",
});

export const { list: listExercises, create: createExercise, get: getExercise, replace: replaceExercise, patch: patchExercise, remove: deleteExercise, recordSchema: exerciseRecordSchema } = recordOperations;
