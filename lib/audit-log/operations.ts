import { z } from "zod";
import { json } from "@/lib/http/responses";
import { defineOperation } from "@/lib/http/route";
import { auditFilterSpec, exportAuditEntries, listAuditEntries } from "./list-audit-entries";
import { auditEntryListSchema } from "./schemas";

const adminOnly = { roles: ["admin"] } as const;
const tags = ["Audit log"];
const noStore = { "Cache-Control": "no-store" };

export const getAuditLog = defineOperation({
  method: "GET",
  path: "/audit-log",
  operationId: "listAuditEntries",
  summary: "Read the organization's audit log",
  description:
    "Who did what: sign-ins and their failures, tokens issued and revoked, users and roles changed, content created, changed and deleted (with the version), status changes and schedules, webhooks and integrations changed. Append-only; newest first. No entry holds a secret.",
  tags,
  auth: adminOnly,
  filter: auditFilterSpec,
  responses: { 200: { description: "A page of entries", schema: auditEntryListSchema } },
  errors: ["forbidden"],
  handle: async ({ db, caller, filter }) => json(await listAuditEntries(db, caller.organizationId, filter), { headers: noStore }),
});

export const getAuditLogExport = defineOperation({
  method: "GET",
  path: "/audit-log/export",
  operationId: "exportAuditEntries",
  summary: "Export the audit log as JSON lines",
  description:
    "Every entry the filter matches, one `AuditEntry` JSON object a line (`application/jsonl`), streamed: `filter[order][at]` sets the direction, paging parameters are ignored.",
  tags,
  auth: adminOnly,
  filter: auditFilterSpec,
  responses: {
    200: {
      description: "One AuditEntry per line",
      contentType: "application/jsonl",
      schema: z.string().meta({ example: '{"id":1,"at":"2026-11-27T06:00:00.000Z","action":"auth.signed_in","actor":{"type":"user","id":"0b0c7f5e-6a0f-4a59-9c55-0e3c2a1b7d10","label":"admin@example.com"},"credential":"password","request_id":"0d4f3c1a-5b2e-4a7c-8f19-2e6b7c9d0a13","target":{"type":"User","id":"0b0c7f5e-6a0f-4a59-9c55-0e3c2a1b7d10","label":null},"details":{"scope":"platform"}}\n' }),
    },
  },
  errors: ["forbidden"],
  handle: async ({ db, caller, filter }) =>
    new Response(exportAuditEntries(db, caller.organizationId, filter), {
      headers: { ...noStore, "Content-Type": "application/jsonl; charset=utf-8", "Content-Disposition": 'attachment; filename="audit-log.jsonl"' },
    }),
});

export const auditLogOperations = [getAuditLog, getAuditLogExport];
