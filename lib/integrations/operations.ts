import { defineOperation } from "@/lib/http/route";
import { created, json, noContent } from "@/lib/http/responses";
import { connectionFilterSpec, createConnection, deleteConnection, getConnection, listConnections, listIntegrations, updateConnection } from "./connections";
import {
  connectionIdParamsSchema,
  connectionListSchema,
  connectionSchema,
  createConnectionBodySchema,
  integrationListSchema,
  updateConnectionBodySchema,
} from "./schemas";

const adminOnly = { roles: ["admin"] } as const;
const tags = ["Integrations"];
const SECRETS = "Values of `secret` settings are stored encrypted (AES-256-GCM) and answered masked (`••••` and at most the last four characters).";

export const getIntegrations = defineOperation({
  method: "GET",
  path: "/integrations",
  operationId: "listIntegrations",
  summary: "List the integrations the service offers, with their settings",
  description: "Provider definitions; a connection's `settings` refer to their settings by `id`.",
  tags,
  auth: { roles: ["admin", "editor", "translator"] },
  responses: { 200: { description: "Provider definitions", schema: integrationListSchema } },
  errors: ["forbidden"],
  usesDatabase: false,
  handle: async () => json(listIntegrations()),
});

export const getConnections = defineOperation({
  method: "GET",
  path: "/integrations/connections",
  operationId: "listIntegrationConnections",
  summary: "List the organization's integration connections",
  description: SECRETS,
  tags,
  auth: adminOnly,
  filter: connectionFilterSpec,
  responses: { 200: { description: "A page of connections, newest first unless `filter[order]` says otherwise", schema: connectionListSchema } },
  errors: ["forbidden"],
  handle: async ({ db, caller, filter }) => json(await listConnections(db, caller.organizationId, filter)),
});

export const postConnection = defineOperation({
  method: "POST",
  path: "/integrations/connections",
  operationId: "createIntegrationConnection",
  summary: "Connect an integration",
  description: `Settings refer to the integration's settings by \`setting_id\`; an unknown setting, an invalid value or a missing required setting is a 422. ${SECRETS}`,
  tags,
  auth: adminOnly,
  request: { body: createConnectionBodySchema },
  responses: { 201: { description: "The connection", schema: connectionSchema } },
  errors: ["forbidden", "unprocessable"],
  handle: async ({ db, caller, body }) => {
    const connection = await createConnection(db, caller.organizationId, body);
    return created(connection, `/api/v3/integrations/connections/${connection.id}`);
  },
});

export const getConnectionById = defineOperation({
  method: "GET",
  path: "/integrations/connections/{id}",
  operationId: "getIntegrationConnection",
  summary: "Get an integration connection",
  description: SECRETS,
  tags,
  auth: adminOnly,
  request: { params: connectionIdParamsSchema },
  responses: { 200: { description: "The connection", schema: connectionSchema } },
  errors: ["forbidden", "not_found"],
  handle: async ({ db, caller, params }) => json(await getConnection(db, caller.organizationId, params.id)),
});

export const patchConnection = defineOperation({
  method: "PATCH",
  path: "/integrations/connections/{id}",
  operationId: "updateIntegrationConnection",
  summary: "Rename a connection or change its settings",
  description: `Settings are merged by \`setting_id\`; a secret that is not sent (or sent back masked) keeps its value. ${SECRETS}`,
  tags,
  auth: adminOnly,
  request: { params: connectionIdParamsSchema, body: updateConnectionBodySchema },
  responses: { 200: { description: "The connection", schema: connectionSchema } },
  errors: ["forbidden", "not_found", "unprocessable"],
  handle: async ({ db, caller, params, body }) => json(await updateConnection(db, caller.organizationId, params.id, body)),
});

export const deleteConnectionById = defineOperation({
  method: "DELETE",
  path: "/integrations/connections/{id}",
  operationId: "deleteIntegrationConnection",
  summary: "Remove an integration connection",
  description: "The connection and its stored (encrypted) secrets are deleted at once.",
  tags,
  auth: adminOnly,
  request: { params: connectionIdParamsSchema },
  responses: { 204: { description: "Removed, with its stored secrets" } },
  errors: ["forbidden", "not_found"],
  handle: async ({ db, caller, params }) => {
    await deleteConnection(db, caller.organizationId, params.id);
    return noContent();
  },
});

export const integrationOperations = [getIntegrations, getConnections, postConnection, getConnectionById, patchConnection, deleteConnectionById];
