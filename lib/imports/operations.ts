import type { Caller } from "@/lib/core/caller";
import { json } from "@/lib/http/responses";
import { defineOperation } from "@/lib/http/route";
import { getContentImportOrThrow, importLineFilterSpec, listImportLines, MAX_IMPORT_BYTES, startContentImport } from "./content-imports";
import { contentImportSchema, CSV_MEDIA_TYPE, importFileSchema, importIdParamsSchema, importLineListSchema, JSONL_MEDIA_TYPE, startImportQuerySchema } from "./schemas";

const tags = ["Imports"];
const writers = { roles: ["admin", "editor"] } as const;

export const postContentImport = defineOperation({
  method: "POST",
  path: "/imports/content",
  operationId: "startContentImport",
  summary: "Import records from a JSON Lines or CSV file (a job, with a dry run)",
  description:
    "The body is the file: JSON Lines (`application/x-ndjson`, one create body of `collection` per line) or CSV (`text/csv`, a header row of the collection's documented columns; " +
    `lookups by slug or id). At most ${MAX_IMPORT_BYTES / 1024 / 1024} MB (413); another media type: 415. The file is stored, then a job reads it line by line: ` +
    "records match existing ones by `slug` (replaced) or are created. `dry_run=true` only reports each line's outcome; `atomic=true` (default) writes every line or, when one is invalid, none; " +
    "`atomic=false` writes each valid line. Answers 202 with the import; follow it at `GET /imports/content/{id}` and its lines at `…/lines`. See docs/api.md \"Bulk import\".",
  tags,
  auth: writers,
  rawBody: true,
  rawBodyType: [JSONL_MEDIA_TYPE, CSV_MEDIA_TYPE],
  request: { query: startImportQuerySchema, body: importFileSchema },
  responses: { 202: { description: "The import, queued", schema: contentImportSchema } },
  errors: ["forbidden", "payload_too_large", "unsupported_media_type", "unprocessable"],
  handle: async ({ db, caller, req, query }) => {
    const started = await startContentImport(db, caller as Caller, req, { collection: query.collection, isDryRun: query.dry_run, isAtomic: query.atomic, columns: query.columns });
    return json(started, { status: 202, headers: { Location: `/api/v3/imports/content/${started.id}`, "Cache-Control": "no-store" } });
  },
});

export const getContentImport = defineOperation({
  method: "GET",
  path: "/imports/content/{id}",
  operationId: "getContentImport",
  summary: "An import's state, progress and counts",
  tags,
  auth: writers,
  request: { params: importIdParamsSchema },
  responses: { 200: { description: "The import", schema: contentImportSchema } },
  errors: ["forbidden", "not_found"],
  handle: async ({ db, caller, params }) => json(await getContentImportOrThrow(db, (caller as Caller).organizationId, params.id), { headers: { "Cache-Control": "no-store" } }),
});

export const getContentImportLines = defineOperation({
  method: "GET",
  path: "/imports/content/{id}/lines",
  operationId: "listContentImportLines",
  summary: "Each line's outcome: created, updated, or invalid with the 422 details",
  description: "Filter `outcome[eq|in]`; order `line` (default ascending). Paged like every list.",
  tags,
  auth: writers,
  request: { params: importIdParamsSchema },
  filter: importLineFilterSpec,
  responses: { 200: { description: "One page of line outcomes", schema: importLineListSchema } },
  errors: ["forbidden", "not_found"],
  handle: async ({ db, caller, params, filter }) => json(await listImportLines(db, (caller as Caller).organizationId, params.id, filter), { headers: { "Cache-Control": "no-store" } }),
});

export const importOperations = [postContentImport, getContentImport, getContentImportLines];
