import { collectionOperations } from "@/lib/content/operations";
import { instructors } from "./collection";
import { instructorInputSchema, instructorSchema } from "./schemas";

/**
 * Every endpoint of `/content/instructors`, each named after its operationId; route files import these and
 * nothing else. The record's rules are in ./collection, its input and response schemas in ./schemas.
 */
const recordOperations = collectionOperations(instructors, {
  name: "Instructor",
  preview: instructorSchema,
  full: instructorSchema,
  input: instructorInputSchema,
  tag: "Instructors",
  listDescription: "Filters: `q`, `id`, `name`, `gender`, `user_id`. Order: `updated` (default), `created`, `name`.",
});

export const { list: listInstructors, create: createInstructor, get: getInstructor, replace: replaceInstructor, patch: patchInstructor, remove: deleteInstructor, recordSchema: instructorRecordSchema } = recordOperations;
