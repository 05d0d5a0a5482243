import { z } from "zod";
import type { Caller } from "@/lib/core/caller";
import { defineOperation } from "@/lib/http/route";
import { created, json, noContent } from "@/lib/http/responses";
import { createIntegrationToken, deleteIntegrationToken, listIntegrationTokens } from "./integration-tokens";
import {
  createdIntegrationTokenSchema,
  createIntegrationTokenBodySchema,
  deleteIntegrationTokenBodySchema,
  integrationTokenListSchema,
} from "./schemas";

const adminOnly = { roles: ["admin"] } as const;
const userIdOf = (caller: Caller) => (caller.kind === "user" ? caller.userId : null);

export const postIntegrationToken = defineOperation({
  method: "POST",
  path: "/auth/integration",
  operationId: "createIntegrationToken",
  summary: "Issue an integration token",
  description: "A long-lived (one year), read-only token for server-to-server reads of /content/... The token is shown only in this answer. At most 10 live tokens per organization; the eleventh is a 409.",
  tags: ["Integration tokens"],
  auth: adminOnly,
  request: { body: createIntegrationTokenBodySchema },
  responses: { 201: { description: "The token, shown once", schema: createdIntegrationTokenSchema } },
  errors: ["forbidden", "conflict"],
  handle: async ({ db, body, caller }) => {
    const token = await createIntegrationToken(db, { organizationId: caller.organizationId, createdBy: userIdOf(caller), ...body });
    return created(token, `/api/v3/auth/integration/token/${token.id}`, { "Cache-Control": "no-store" });
  },
});

export const getIntegrationTokens = defineOperation({
  method: "GET",
  path: "/auth/integration",
  operationId: "listIntegrationTokens",
  summary: "List live integration tokens (without secrets)",
  tags: ["Integration tokens"],
  auth: adminOnly,
  responses: { 200: { description: "Live tokens, newest first", schema: integrationTokenListSchema } },
  errors: ["forbidden"],
  handle: async ({ db, caller }) => json(await listIntegrationTokens(db, caller.organizationId)),
});

export const deleteIntegrationTokenByBody = defineOperation({
  method: "DELETE",
  path: "/auth/integration",
  operationId: "deleteIntegrationTokenByBody",
  summary: "Delete an integration token (id in the body)",
  tags: ["Integration tokens"],
  auth: adminOnly,
  request: { body: deleteIntegrationTokenBodySchema },
  responses: { 204: { description: "Deleted; the token stops working at once" } },
  errors: ["forbidden", "not_found"],
  handle: async ({ db, body, caller }) => {
    await deleteIntegrationToken(db, caller.organizationId, body.token_id);
    return noContent();
  },
});

export const deleteIntegrationTokenById = defineOperation({
  method: "DELETE",
  path: "/auth/integration/token/{id}",
  operationId: "deleteIntegrationToken",
  summary: "Delete an integration token",
  tags: ["Integration tokens"],
  auth: adminOnly,
  request: { params: z.object({ id: z.uuid("must be a uuid") }) },
  responses: { 204: { description: "Deleted; the token stops working at once" } },
  errors: ["forbidden", "not_found"],
  handle: async ({ db, params, caller }) => {
    await deleteIntegrationToken(db, caller.organizationId, params.id);
    return noContent();
  },
});
