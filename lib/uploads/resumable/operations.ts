import { z } from "zod";
import { ApiError } from "@/lib/core/errors";
import { defineOperation } from "@/lib/http/route";
import { uploadIdParamsSchema } from "../schemas";
import { handleResumableRequest } from "./resumable-server";
import { finishIfComplete, handlers } from "./resumable-uploads";

/**
 * Resumable uploads over the tus protocol 1.0 (creation, creation-with-upload, termination,
 * expiration), for files up to `MEDIA_UPLOAD_MAX_MB`. The operations here document the endpoints and
 * run the API's wrapper (rate limit, credential, roles); the protocol itself is @tus/server's.
 */
const writers = { roles: ["admin", "editor"] } as const;
/** The media type of the bytes a PATCH sends (tus 1.0); anything else is a 415. */
export const TUS_CONTENT_TYPE = "application/offset+octet-stream";
const tusHeader = { "Tus-Resumable": { description: "The protocol version: 1.0.0", schema: z.string() } };
/** Request headers of the protocol; a request without `Tus-Resumable: 1.0.0` gets 412 (tus 1.0). */
const tusVersion = { "tus-resumable": z.literal("1.0.0").meta({ description: "The protocol version; without it (or with another) 412" }) };
const offsetHeaders = {
  ...tusHeader,
  "Upload-Offset": { description: "How many bytes the server has: resume from here", schema: z.string() },
};

export const postResumableUpload = defineOperation({
  method: "POST",
  path: "/uploads/resumable",
  operationId: "createResumableUpload",
  summary: "Start a resumable upload (tus)",
  description:
    "Creates a tus 1.0 upload (https://tus.io/protocols/resumable-upload): headers `Tus-Resumable: 1.0.0`, `Upload-Length` (required; " +
    "at most `MEDIA_UPLOAD_MAX_MB`, default 4096 MB, else 413) and `Upload-Metadata` with the file's `filename`. The answer's `Location` " +
    "is the upload's address; its last segment is the id the finished upload will have. Send the bytes with `PATCH` (the body may also " +
    "start here, `Content-Type: application/offset+octet-stream`). The file's type is read from its first bytes as for `POST /uploads` " +
    "(422 at once for anything else); images stay within `UPLOAD_MAX_MB`. When the last byte has arrived the upload is recorded: " +
    "`GET /uploads/{id}`. An unfinished upload expires 24 hours after it was started.",
  tags: ["Uploads"],
  auth: writers,
  rawBody: true,
  request: {
    headers: z.object({
      ...tusVersion,
      "upload-length": z.string().regex(/^(?:0|[1-9][0-9]{0,14})$/).meta({ description: "The file's size in bytes" }),
      "upload-metadata": z.string().optional().meta({ description: "`filename <base64 of the name>` (tus metadata pairs)" }),
    }),
  },
  responses: {
    201: {
      description: "Created; `Location` is the upload's address",
      headers: { ...tusHeader, Location: { description: "The upload's address", schema: z.string() } },
    },
  },
  errors: ["bad_request", "precondition_failed", "payload_too_large", "unprocessable", "unavailable"],
  handle: async ({ req, caller }) => handleResumableRequest(req, caller, handlers),
});

export const headResumableUpload = defineOperation({
  method: "HEAD",
  path: "/uploads/resumable/{id}",
  operationId: "getResumableUploadOffset",
  summary: "How much of a resumable upload has arrived",
  description:
    "`Upload-Offset` is where to resume, `Upload-Length` the declared size. 404 for an unknown, expired or cancelled upload. A " +
    "complete upload whose record was not written yet (the server stopped after the last byte) is recorded now.",
  tags: ["Uploads"],
  auth: writers,
  request: { params: uploadIdParamsSchema, headers: z.object(tusVersion) },
  responses: { 200: { description: "The upload's progress", headers: { ...offsetHeaders, "Upload-Length": { description: "The declared size", schema: z.string() } } } },
  errors: ["not_found", "precondition_failed"],
  handle: async ({ req, caller, params }) => finishIfComplete(caller, params.id, await handleResumableRequest(req, caller, handlers)),
});

export const patchResumableUpload = defineOperation({
  method: "PATCH",
  path: "/uploads/resumable/{id}",
  operationId: "appendResumableUpload",
  summary: "Send bytes of a resumable upload",
  description:
    "`Content-Type: application/offset+octet-stream`, `Upload-Offset` equal to the server's (409 otherwise), the bytes as the body. " +
    "Interrupted, the bytes that arrived are kept: ask `HEAD` and go on from there. The request that completes the file records " +
    "the upload (422 when the file is refused, which removes it).",
  tags: ["Uploads"],
  auth: writers,
  rawBody: true,
  rawBodyType: TUS_CONTENT_TYPE,
  request: {
    params: uploadIdParamsSchema,
    body: z.custom<Blob>().meta({ format: "binary", contentMediaType: "application/octet-stream", description: "The next bytes of the file" }),
    headers: z.object({ ...tusVersion, "upload-offset": z.string().regex(/^(?:0|[1-9][0-9]{0,14})$/).meta({ description: "Where these bytes start: the server's offset (409 otherwise)" }) }),
  },
  responses: { 204: { description: "The bytes are stored", headers: offsetHeaders } },
  errors: ["bad_request", "not_found", "conflict", "precondition_failed", "payload_too_large", "unsupported_media_type", "unavailable"],
  handle: async ({ req, caller }) => {
    // @tus/server answers a missing Content-Type with 403; the document promises 415.
    if (req.headers.get("content-type")?.split(";", 1)[0]?.trim().toLowerCase() !== TUS_CONTENT_TYPE) {
      throw new ApiError("unsupported_media_type", `the bytes of a resumable upload are sent as ${TUS_CONTENT_TYPE}`);
    }
    return handleResumableRequest(req, caller, handlers);
  },
});

export const deleteResumableUpload = defineOperation({
  method: "DELETE",
  path: "/uploads/resumable/{id}",
  operationId: "cancelResumableUpload",
  summary: "Cancel a resumable upload",
  description: "Removes an unfinished upload and its bytes (tus termination). A finished upload is an upload: `DELETE /uploads/{id}` (400 here).",
  tags: ["Uploads"],
  auth: writers,
  request: { params: uploadIdParamsSchema, headers: z.object(tusVersion) },
  responses: { 204: { description: "Cancelled", headers: tusHeader } },
  errors: ["bad_request", "not_found", "precondition_failed"],
  handle: async ({ req, caller }) => handleResumableRequest(req, caller, handlers),
});
