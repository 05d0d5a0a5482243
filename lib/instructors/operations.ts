import { contextOf, listAnswer, recordAnswer, recordEndpoints, writtenRecord } from "@/lib/content/operations";
import { noContent } from "@/lib/http/responses";
import { defineOperation } from "@/lib/http/route";
import { instructors } from "./collection";
// The domain functions share their names with the operations that call them.
import { createInstructor as createInstructorRecord } from "./create-instructor";
import { deleteInstructor as deleteInstructorRecord } from "./delete-instructor";
import { getInstructor as getInstructorRecord } from "./get-instructor";
import { listInstructors as listInstructorPreviews } from "./list-instructors";
import { patchInstructor as patchInstructorRecord } from "./patch-instructor";
import { replaceInstructor as replaceInstructorRecord } from "./replace-instructor";
import { instructorInputSchema, instructorSchema } from "./schemas";

/**
 * Every endpoint of `/content/instructors`, each named after its operationId; route files import these and
 * nothing else. Each handler calls one domain function of this folder (`createInstructor` in
 * ./create-instructor.ts); the input and response schemas are in ./schemas.
 */
const endpoints = recordEndpoints(instructors, {
  name: "Instructor",
  preview: instructorSchema,
  full: instructorSchema,
  input: instructorInputSchema,
  tag: "Instructors",
  listDescription: "Filters: `q`, `id`, `name`, `gender`, `user_id`. Order: `updated` (default), `created`, `name`.",
});

export const instructorRecordSchema = endpoints.recordSchema;

export const listInstructors = defineOperation({
  ...endpoints.list,
  handle: async (op) => {
    const ctx = await contextOf(op, false);
    return listAnswer(op.req, ctx, await listInstructorPreviews(ctx, op.filter));
  },
});

export const createInstructor = defineOperation({
  ...endpoints.create,
  handle: async (op) => {
    const ctx = await contextOf(op, true);
    const { body, etag, id } = await createInstructorRecord(ctx, op.body);
    return writtenRecord(ctx, body, etag, `/api/v3/content/instructors/${id}`);
  },
});

export const getInstructor = defineOperation({
  ...endpoints.get,
  handle: async (op) => {
    const ctx = await contextOf(op, true);
    const { body, etag } = await getInstructorRecord(ctx, op.params.id);
    return recordAnswer(op.req, ctx, body, etag);
  },
});

export const replaceInstructor = defineOperation({
  ...endpoints.replace,
  handle: async (op) => {
    const ctx = await contextOf(op, true);
    const { body, etag } = await replaceInstructorRecord(ctx, op.params.id, op.body, op.req.headers.get("if-match"));
    return writtenRecord(ctx, body, etag);
  },
});

export const patchInstructor = defineOperation({
  ...endpoints.patch,
  handle: async (op) => {
    const ctx = await contextOf(op, true);
    const { body, etag } = await patchInstructorRecord(ctx, op.params.id, op.body, op.req.headers.get("if-match"));
    return writtenRecord(ctx, body, etag);
  },
});

export const deleteInstructor = defineOperation({
  ...endpoints.remove,
  handle: async (op) => {
    const ctx = await contextOf(op, false);
    await deleteInstructorRecord(ctx, op.params.id, op.req.headers.get("if-match"));
    return noContent();
  },
});

