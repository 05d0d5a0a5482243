import { contextOf, listAnswer, recordAnswer, recordEndpoints, writtenRecord } from "@/lib/content/operations";
import { noContent } from "@/lib/http/responses";
import { defineOperation } from "@/lib/http/route";
import { exercises } from "./collection";
// The domain functions share their names with the operations that call them.
import { createExercise as createExerciseRecord } from "./create-exercise";
import { deleteExercise as deleteExerciseRecord } from "./delete-exercise";
import { getExercise as getExerciseRecord } from "./get-exercise";
import { listExercises as listExercisePreviews } from "./list-exercises";
import { patchExercise as patchExerciseRecord } from "./patch-exercise";
import { replaceExercise as replaceExerciseRecord } from "./replace-exercise";
import { exerciseAllTextsSchema, exerciseInputSchema, exercisePreviewSchema, exerciseSchema } from "./schemas";

/**
 * Every endpoint of `/content/exercises`, each named after its operationId; route files import these and
 * nothing else. Each handler calls one domain function of this folder (`createExercise` in
 * ./create-exercise.ts); the input and response schemas are in ./schemas.
 */
const endpoints = recordEndpoints(exercises, {
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

export const exerciseRecordSchema = endpoints.recordSchema;

export const listExercises = defineOperation({
  ...endpoints.list,
  handle: async (op) => {
    const ctx = await contextOf(op, false);
    return listAnswer(op.req, ctx, await listExercisePreviews(ctx, op.filter));
  },
});

export const createExercise = defineOperation({
  ...endpoints.create,
  handle: async (op) => {
    const ctx = await contextOf(op, true);
    const { body, etag, id } = await createExerciseRecord(ctx, op.body);
    return writtenRecord(ctx, body, etag, `/api/v3/content/exercises/${id}`);
  },
});

export const getExercise = defineOperation({
  ...endpoints.get,
  handle: async (op) => {
    const ctx = await contextOf(op, true);
    const { body, etag } = await getExerciseRecord(ctx, op.params.id);
    return recordAnswer(op.req, ctx, body, etag);
  },
});

export const replaceExercise = defineOperation({
  ...endpoints.replace,
  handle: async (op) => {
    const ctx = await contextOf(op, true);
    const { body, etag } = await replaceExerciseRecord(ctx, op.params.id, op.body, op.req.headers.get("if-match"));
    return writtenRecord(ctx, body, etag);
  },
});

export const patchExercise = defineOperation({
  ...endpoints.patch,
  handle: async (op) => {
    const ctx = await contextOf(op, true);
    const { body, etag } = await patchExerciseRecord(ctx, op.params.id, op.body, op.req.headers.get("if-match"));
    return writtenRecord(ctx, body, etag);
  },
});

export const deleteExercise = defineOperation({
  ...endpoints.remove,
  handle: async (op) => {
    const ctx = await contextOf(op, false);
    await deleteExerciseRecord(ctx, op.params.id, op.req.headers.get("if-match"));
    return noContent();
  },
});

