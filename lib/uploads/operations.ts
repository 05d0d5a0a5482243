import { z } from "zod";
import { defineOperation } from "@/lib/http/route";
import { created, json, noContent } from "@/lib/http/responses";
import { createUploadBodySchema, updateUploadBodySchema, uploadIdParamsSchema, uploadListSchema, uploadRecordSchema } from "./schemas";
import { createUpload, deleteUpload, getUploadOrThrow, listUploads, updateUpload, uploadEtag, uploadFilterSpec } from "./uploads";
import { toUploadRecord } from "./records";

const writers = { roles: ["admin", "editor"] } as const;
const readers = { roles: ["admin", "editor", "translator"] } as const;
const etagHeader = { ETag: { description: "Version of the record; send it as If-Match with PATCH and DELETE", schema: z.string() } };

export const postUpload = defineOperation({
  method: "POST",
  path: "/uploads",
  operationId: "createUpload",
  summary: "Upload an image, video or audio file",
  description:
    "A `multipart/form-data` body with the file in the part `file` and optionally a `name`. The file is streamed to storage. Its type is " +
    "read from its first bytes, not its name: jpg, jpeg, bmp, png, tif, tiff, gif and webp images; mp4 video; mp3 and m4a audio (else 422). " +
    "The stored name's extension is made to agree with that type. At most `UPLOAD_MAX_MB` (default 50) MB (else 413, sent as soon as the " +
    "limit is passed). Images get `metadata.width`, `height`, `animated` and `formats`, each crop the largest centred one of its ratio.",
  tags: ["Uploads"],
  auth: writers,
  rawBody: true,
  request: { body: createUploadBodySchema },
  responses: { 201: { description: "The new upload", schema: uploadRecordSchema, headers: etagHeader } },
  errors: ["forbidden", "unsupported_media_type"],
  handle: async ({ db, caller, req }) => {
    const upload = await createUpload(db, caller.organizationId, req);
    return created(upload, `/api/v3/uploads/${upload.id}`, { ETag: uploadEtag({ updatedAt: new Date(upload.updated_at) }) });
  },
});

export const getUploads = defineOperation({
  method: "GET",
  path: "/uploads",
  operationId: "listUploads",
  summary: "List the organization's uploads",
  description: "Newest first unless `filter[order][...]` says otherwise.",
  tags: ["Uploads"],
  auth: readers,
  filter: uploadFilterSpec,
  responses: { 200: { description: "Uploads", schema: uploadListSchema } },
  errors: ["forbidden", "bad_request"],
  handle: async ({ db, caller, filter }) => json(await listUploads(db, caller.organizationId, filter)),
});

export const getUpload = defineOperation({
  method: "GET",
  path: "/uploads/{id}",
  operationId: "getUpload",
  summary: "Get an upload",
  description: "The Upload record with a freshly signed `url` and an `ETag` for `If-Match`.",
  tags: ["Uploads"],
  auth: readers,
  request: { params: uploadIdParamsSchema },
  responses: { 200: { description: "The upload", schema: uploadRecordSchema, headers: etagHeader } },
  errors: ["forbidden", "not_found"],
  handle: async ({ db, caller, params }) => {
    const row = await getUploadOrThrow(db, caller.organizationId, params.id);
    return json(toUploadRecord(row), { headers: { ETag: uploadEtag(row) } });
  },
});

export const patchUpload = defineOperation({
  method: "PATCH",
  path: "/uploads/{id}",
  operationId: "updateUpload",
  summary: "Rename an upload or change its crops",
  description:
    "JSON merge patch of `name` and `metadata.formats`. Each crop must lie inside the image and have its style's ratio " +
    "(portrait 2:3, landscape 7:5, widescreen 16:9, square 1:1; ±1 px), else 422 naming the field. Thumbnails follow the new crops at once. " +
    "Honours `If-Match` (412).",
  tags: ["Uploads"],
  auth: writers,
  request: { params: uploadIdParamsSchema, body: updateUploadBodySchema },
  responses: { 200: { description: "The updated upload", schema: uploadRecordSchema, headers: etagHeader } },
  errors: ["forbidden", "not_found", "precondition_failed"],
  handle: async ({ db, caller, params, body, req }) => {
    const { record, row } = await updateUpload(db, caller.organizationId, params.id, body, req);
    return json(record, { headers: { ETag: uploadEtag(row) } });
  },
});

export const deleteUploadById = defineOperation({
  method: "DELETE",
  path: "/uploads/{id}",
  operationId: "deleteUpload",
  summary: "Delete an upload",
  description: "Removes the record, its file and its thumbnails. 409 while content records use it (the message lists them). Honours `If-Match` (412).",
  tags: ["Uploads"],
  auth: writers,
  request: { params: uploadIdParamsSchema },
  responses: { 204: { description: "Deleted" } },
  errors: ["forbidden", "not_found", "conflict", "precondition_failed"],
  handle: async ({ db, caller, params, req }) => {
    await deleteUpload(db, caller.organizationId, params.id, req);
    return noContent();
  },
});
