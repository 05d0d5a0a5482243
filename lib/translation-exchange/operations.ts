import { z } from "zod";
import type { Caller } from "@/lib/core/caller";
import { buildContentContext } from "@/lib/content/context";
import { json } from "@/lib/http/responses";
import { defineOperation } from "@/lib/http/route";
import { exportXliff } from "./export-xliff";
import { importXliff, MAX_XLIFF_BYTES } from "./import-xliff";
import {
  translationExportQuerySchema,
  translationImportQuerySchema,
  translationImportResultSchema,
  XLIFF_MEDIA_TYPE,
  xliffFileSchema,
} from "./schemas";

const tags = ["Publishing"];
const translationRoles = { roles: ["admin", "editor", "translator"] } as const;

export const getTranslationExport = defineOperation({
  method: "GET",
  path: "/translations/export",
  operationId: "exportTranslations",
  summary: "Export one collection's texts for translation as XLIFF 2.1",
  description:
    "An XLIFF 2.1 document (`application/xliff+xml`) for CAT tools: one `<file>` for the collection, one `<group>` per record, one `<unit>` per text " +
    "(nested phase, item, step and week texts included) with the default language as `<source>`, the language's current text as `<target>` (absent when empty), " +
    "a note naming the field, and the source text's SHA-256 in the unit's metadata (`mda:meta type=\"sha256\"`), by which the import finds texts changed since. " +
    "The document is streamed, records read a page at a time. A language that is not one of the organization's, or its default language: 422. See docs/api.md \"Translation exchange (XLIFF)\".",
  tags,
  auth: translationRoles,
  request: { query: translationExportQuerySchema },
  responses: {
    200: {
      description: "The XLIFF 2.1 document",
      contentType: XLIFF_MEDIA_TYPE,
      schema: xliffFileSchema,
      headers: { "Content-Disposition": { description: "attachment; filename=\"<collection>-<language>.xlf\"", schema: z.string().meta({ example: 'attachment; filename="workouts-de.xlf"' }) } },
    },
  },
  errors: ["forbidden", "unprocessable"],
  handle: async ({ db, caller, req, url, query }) => {
    const ctx = await buildContentContext({ db, caller: caller as Caller, req, url, multiLanguage: false });
    const body = exportXliff(ctx, query);
    return new Response(body, {
      headers: {
        "Content-Type": `${XLIFF_MEDIA_TYPE}; charset=utf-8`,
        "Content-Disposition": `attachment; filename="${query.collection}-${query.language}.xlf"`,
        "Cache-Control": "no-store",
      },
    });
  },
});

export const postTranslationImport = defineOperation({
  method: "POST",
  path: "/translations/import",
  operationId: "importTranslations",
  summary: "Import the target texts of an XLIFF 2.1 file",
  description:
    `The body is an XLIFF 2.0 or 2.1 file as exported by GET /translations/export (\`Content-Type: application/xliff+xml\`; at most ${MAX_XLIFF_BYTES / 1024 / 1024} MB: 413 above; another type: 415). ` +
    "Writes the file's target language only (`trgLang`; translators: only their own languages, else 403), one transaction for the whole file. " +
    "A unit whose source text changed since the export (its SHA-256 no longer matches) is listed in `conflicts` and skipped, unless `force=true`. " +
    "Units without a target are left as stored. Malformed XML, a document type declaration, a wrong `srcLang` or `trgLang`, or a unit that names no text of the collection: 422 naming the unit " +
    "(`details[].path` is the unit's id, or the line and column outside any unit), and nothing is written. See docs/api.md \"Translation exchange (XLIFF)\".",
  tags,
  auth: translationRoles,
  rawBody: true,
  rawBodyType: XLIFF_MEDIA_TYPE,
  request: { query: translationImportQuerySchema, body: xliffFileSchema },
  responses: { 200: { description: "What was written and the conflicts", schema: translationImportResultSchema } },
  errors: ["forbidden", "payload_too_large", "unsupported_media_type", "unprocessable"],
  handle: async ({ db, caller, req, url, query }) => {
    const ctx = await buildContentContext({ db, caller: caller as Caller, req, url, multiLanguage: false });
    return json(await importXliff(ctx, req, { force: query.force }), { headers: { "Cache-Control": "no-store" } });
  },
});

export const translationExchangeOperations = [getTranslationExport, postTranslationImport];
