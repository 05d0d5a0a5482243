import type { Caller } from "@/lib/core/caller";
import { json } from "@/lib/http/responses";
import { defineOperation } from "@/lib/http/route";
import { getOrganizationExportOrThrow, getOrganizationImportOrThrow, MAX_ARCHIVE_BYTES, startOrganizationExport, startOrganizationImport } from "./archive-jobs";
import { ARCHIVE_MEDIA_TYPE, archiveFileSchema, archiveJobIdParamsSchema, EXPORT_URL_TTL_SECONDS, organizationExportSchema, organizationImportSchema } from "./schemas";

const tags = ["Organization archive"];
const admins = { roles: ["admin"] } as const;
const noStore = { "Cache-Control": "no-store" };

export const postOrganizationExport = defineOperation({
  method: "POST",
  path: "/exports",
  operationId: "startOrganizationExport",
  summary: "Export the organization as an archive (a job)",
  description:
    "Every content and lookup record with its translations, statuses, status history and versions, and the uploads with their files, as one archive (docs/archive-format.md). " +
    `Answers 202 with the export; follow it at \`GET /exports/{id}\`, which gives a signed \`download_url\` valid for ${EXPORT_URL_TTL_SECONDS / 60} minutes once it is completed. See docs/api.md "Organization export and import".`,
  tags,
  auth: admins,
  responses: { 202: { description: "The export, queued", schema: organizationExportSchema } },
  errors: ["forbidden"],
  handle: async ({ db, caller }) => {
    const started = await startOrganizationExport(db, caller as Caller);
    return json(started, { status: 202, headers: { Location: `/api/v3/exports/${started.id}`, ...noStore } });
  },
});

export const getOrganizationExport = defineOperation({
  method: "GET",
  path: "/exports/{id}",
  operationId: "getOrganizationExport",
  summary: "An export's state and, once completed, a signed download address",
  tags,
  auth: admins,
  request: { params: archiveJobIdParamsSchema },
  responses: { 200: { description: "The export", schema: organizationExportSchema } },
  errors: ["forbidden", "not_found"],
  handle: async ({ db, caller, params }) => json(await getOrganizationExportOrThrow(db, (caller as Caller).organizationId, params.id), { headers: noStore }),
});

export const postOrganizationImport = defineOperation({
  method: "POST",
  path: "/imports",
  operationId: "startOrganizationImport",
  summary: "Import an organization archive into this organization (a job)",
  description:
    `The body is an archive written by an export (\`${ARCHIVE_MEDIA_TYPE}\`, at most ${MAX_ARCHIVE_BYTES / 1024 / 1024 / 1024} GB; 413 above, another media type 415). It is stored, then a job checks it whole ` +
    "(format version, the checksum of every entry) and imports it in one transaction: ids are kept when the organization is empty, otherwise remapped consistently. " +
    "A refused archive fails the import with its reason in `error`, and nothing is written. Answers 202; follow it at `GET /imports/{id}`. " +
    "(Bulk imports of records from JSON Lines or CSV are `POST /imports/content`.) See docs/api.md \"Organization export and import\".",
  tags,
  auth: admins,
  rawBody: true,
  rawBodyType: ARCHIVE_MEDIA_TYPE,
  request: { body: archiveFileSchema },
  responses: { 202: { description: "The import, queued", schema: organizationImportSchema } },
  errors: ["forbidden", "payload_too_large", "unsupported_media_type"],
  handle: async ({ db, caller, req }) => {
    const started = await startOrganizationImport(db, caller as Caller, req);
    return json(started, { status: 202, headers: { Location: `/api/v3/imports/${started.id}`, ...noStore } });
  },
});

export const getOrganizationImport = defineOperation({
  method: "GET",
  path: "/imports/{id}",
  operationId: "getOrganizationImport",
  summary: "An archive import's state and result",
  tags,
  auth: admins,
  request: { params: archiveJobIdParamsSchema },
  responses: { 200: { description: "The import", schema: organizationImportSchema } },
  errors: ["forbidden", "not_found"],
  handle: async ({ db, caller, params }) => json(await getOrganizationImportOrThrow(db, (caller as Caller).organizationId, params.id), { headers: noStore }),
});

export const archiveOperations = [postOrganizationExport, getOrganizationExport, postOrganizationImport, getOrganizationImport];
