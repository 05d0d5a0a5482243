import { z } from "zod";
import { defineOperation } from "@/lib/http/route";
import { ifMatchHeaderSchema } from "@/lib/http/conditional";
import { created, json, noContent } from "@/lib/http/responses";
import { createUploadBodySchema, updateUploadBodySchema, uploadIdParamsSchema, uploadListSchema, uploadRecordSchema } from "./schemas";
import { createUpload, deleteUpload, getUploadOrThrow, listUploads, updateUpload, uploadEtag, uploadFilterSpec } from "./uploads";
import { toUploadRecords } from "./records";
import { deleteCaptions, putCaptions } from "./media/captions";
import { changePoster } from "./media/poster";

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
    "limit is passed). Images get `metadata.width`, `height`, `animated` and `formats`, each crop the largest centred one of its ratio. " +
    "The file is stored before the record is written: when the file store does not answer or refuses the file, the answer is 503 and " +
    "no upload is recorded.",
  tags: ["Uploads"],
  auth: writers,
  rawBody: true,
  request: { body: createUploadBodySchema },
  responses: { 201: { description: "The new upload", schema: uploadRecordSchema, headers: etagHeader } },
  errors: ["forbidden", "unsupported_media_type", "unavailable"],
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
    const [record] = await toUploadRecords(db, caller.organizationId, [row]);
    return json(record, { headers: { ETag: uploadEtag(row) } });
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
    "On a processed video, `poster_second` makes the frame at that second (0 to the duration, else 422) the poster: the poster upload keeps " +
    "its id, its bytes and `v` change (409 while the video is not processed yet). Honours `If-Match` (412).",
  tags: ["Uploads"],
  auth: writers,
  request: { params: uploadIdParamsSchema, body: updateUploadBodySchema, headers: z.object({ "if-match": ifMatchHeaderSchema }) },
  responses: { 200: { description: "The updated upload", schema: uploadRecordSchema, headers: etagHeader } },
  errors: ["forbidden", "not_found", "conflict", "precondition_failed"],
  handle: async ({ db, caller, params, body, req }) => {
    const { poster_second: posterSecond, ...changes } = body;
    let { record, row } = await updateUpload(db, caller.organizationId, params.id, changes, req);
    if (posterSecond !== undefined) {
      record = await changePoster(db, caller, params.id, posterSecond);
      row = await getUploadOrThrow(db, caller.organizationId, params.id);
    }
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
  request: { params: uploadIdParamsSchema, headers: z.object({ "if-match": ifMatchHeaderSchema }) },
  responses: { 204: { description: "Deleted" } },
  errors: ["forbidden", "not_found", "conflict", "precondition_failed"],
  handle: async ({ db, caller, params, req }) => {
    await deleteUpload(db, caller.organizationId, params.id, req);
    return noContent();
  },
});

const captionParamsSchema = z.object({
  id: z.uuid("must be a uuid"),
  language: z.string().regex(/^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/, "must be a language code such as en or pt-BR"),
});
const captionWriters = { roles: ["admin", "editor", "translator"] } as const;

export const putUploadCaptions = defineOperation({
  method: "PUT",
  path: "/uploads/{id}/captions/{language}",
  operationId: "putUploadCaptions",
  summary: "Set a video's or audio's captions in one language",
  description:
    "The body is a WebVTT file (`Content-Type: text/vtt`, UTF-8, at most 1 MB: 413 above; another type: 415) for one of the " +
    "organization's languages (translators: their own). It must conform to WebVTT, hold at least one cue and, once the media's duration " +
    "is known, end every cue within it (0.5 s of slack); otherwise 422 with up to 20 details whose `path` is `line N, column M`. The " +
    "captions appear in the record's `captions` and as a subtitle rendition of the stream. Answers the upload record.",
  tags: ["Uploads"],
  auth: captionWriters,
  rawBody: true,
  rawBodyType: "text/vtt",
  request: { params: captionParamsSchema, body: z.string().meta({ description: "A WebVTT file", example: "WEBVTT\n\n00:00.000 --> 00:02.000\nWelcome!\n" }) },
  responses: { 200: { description: "The upload with its captions", schema: uploadRecordSchema } },
  errors: ["forbidden", "not_found", "unsupported_media_type"],
  handle: async ({ db, caller, params, req }) => json(await putCaptions(db, caller, params.id, params.language, req)),
});

export const deleteUploadCaptions = defineOperation({
  method: "DELETE",
  path: "/uploads/{id}/captions/{language}",
  operationId: "deleteUploadCaptions",
  summary: "Remove a video's or audio's captions in one language",
  description: "204; 404 when the upload has no captions in that language.",
  tags: ["Uploads"],
  auth: captionWriters,
  request: { params: captionParamsSchema },
  responses: { 204: { description: "Removed" } },
  errors: ["forbidden", "not_found"],
  handle: async ({ db, caller, params }) => {
    await deleteCaptions(db, caller, params.id, params.language);
    return noContent();
  },
});
