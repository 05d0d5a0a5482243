import { json } from "@/lib/http/responses";
import { defineOperation } from "@/lib/http/route";
import { getOrganizationRecord, organizationPatchSchema, organizationSchema, updateOrganizationSettings } from "./settings";

export const getOrganization = defineOperation({
  method: "GET",
  path: "/organization",
  operationId: "getOrganization",
  summary: "The caller's organization and its settings",
  tags: ["Organization"],
  auth: { roles: ["admin", "editor", "translator"] },
  responses: { 200: { description: "The organization", schema: organizationSchema } },
  errors: ["forbidden"],
  handle: async ({ db, caller }) => json(await getOrganizationRecord(db, caller.organizationId)),
});

export const patchOrganization = defineOperation({
  method: "PATCH",
  path: "/organization",
  operationId: "updateOrganization",
  summary: "Change the organization's settings (admins)",
  description: "`strict_publishing`: whether publishing a language needs every text of the record in it (docs/api.md \"Publishing\"). Other members are read-only and ignored.",
  tags: ["Organization"],
  auth: { roles: ["admin"] },
  request: { body: organizationPatchSchema },
  responses: { 200: { description: "The organization with its new settings", schema: organizationSchema } },
  errors: ["forbidden"],
  handle: async ({ db, caller, body }) => json(await updateOrganizationSettings(db, caller.organizationId, body)),
});
