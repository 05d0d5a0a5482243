import type { Caller } from "@/lib/core/caller";
import { defineOperation } from "@/lib/http/route";
import { created, json, noContent } from "@/lib/http/responses";
import { deliveryFilterSpec, listDeliveries, retryDelivery } from "./deliveries";
import {
  createWebhookBodySchema,
  updateWebhookBodySchema,
  webhookDeliveryListSchema,
  webhookDeliveryParamsSchema,
  webhookDeliverySchema,
  webhookIdParamsSchema,
  webhookListSchema,
  webhookSchema,
  webhookWithSecretSchema,
} from "./schemas";
import {
  assertWebhooksEnabled,
  createWebhook,
  deleteWebhook,
  getWebhookOrThrow,
  listWebhooks,
  rotateWebhookSecret,
  toWebhookRecord,
  updateWebhook,
  webhookFilterSpec,
} from "./webhooks";

const adminOnly = { roles: ["admin"] } as const;
const tags = ["Webhooks"];
const BETA = "Webhooks are in closed beta: until an operator enables them for the organization, every webhook endpoint answers 403.";
const userIdOf = (caller: Caller) => (caller.kind === "user" ? caller.userId : null);
const noStore = { "Cache-Control": "no-store" };

export const postWebhook = defineOperation({
  method: "POST",
  path: "/webhooks",
  operationId: "createWebhook",
  summary: "Register a webhook receiver",
  description: `${BETA} Changes to content records are POSTed to \`url\` as a JSON array of \`{event, entity, data}\`, signed by the Standard Webhooks scheme (\`webhook-id\`, \`webhook-timestamp\`, \`webhook-signature\`). The signing secret is shown only in this answer. Private, loopback and link-local addresses are refused (422).`,
  tags,
  auth: adminOnly,
  request: { body: createWebhookBodySchema },
  responses: { 201: { description: "The receiver with its secret, shown once", schema: webhookWithSecretSchema } },
  errors: ["forbidden", "unprocessable"],
  handle: async ({ db, caller, body }) => {
    await assertWebhooksEnabled(db, caller.organizationId);
    const webhook = await createWebhook(db, caller.organizationId, userIdOf(caller), body);
    return created(webhook, `/api/v3/webhooks/${webhook.id}`, noStore);
  },
});

export const getWebhooks = defineOperation({
  method: "GET",
  path: "/webhooks",
  operationId: "listWebhooks",
  summary: "List webhook receivers (without secrets)",
  description: BETA,
  tags,
  auth: adminOnly,
  filter: webhookFilterSpec,
  responses: { 200: { description: "Receivers", schema: webhookListSchema } },
  errors: ["forbidden"],
  handle: async ({ db, caller, filter }) => {
    await assertWebhooksEnabled(db, caller.organizationId);
    return json(await listWebhooks(db, caller.organizationId, filter));
  },
});

export const getWebhook = defineOperation({
  method: "GET",
  path: "/webhooks/{id}",
  operationId: "getWebhook",
  summary: "Get a webhook receiver (without its secret)",
  description: BETA,
  tags,
  auth: adminOnly,
  request: { params: webhookIdParamsSchema },
  responses: { 200: { description: "The receiver", schema: webhookSchema } },
  errors: ["forbidden", "not_found"],
  handle: async ({ db, caller, params }) => {
    await assertWebhooksEnabled(db, caller.organizationId);
    return json(toWebhookRecord(await getWebhookOrThrow(db, caller.organizationId, params.id)));
  },
});

export const patchWebhook = defineOperation({
  method: "PATCH",
  path: "/webhooks/{id}",
  operationId: "updateWebhook",
  summary: "Change a webhook receiver's address, description or events, or enable it again",
  description: `${BETA} A receiver that answered 410 Gone is disabled; \`{"is_enabled": true}\` enables it again.`,
  tags,
  auth: adminOnly,
  request: { params: webhookIdParamsSchema, body: updateWebhookBodySchema },
  responses: { 200: { description: "The receiver", schema: webhookSchema } },
  errors: ["forbidden", "not_found", "unprocessable"],
  handle: async ({ db, caller, params, body }) => {
    await assertWebhooksEnabled(db, caller.organizationId);
    return json(await updateWebhook(db, caller.organizationId, params.id, body));
  },
});

export const deleteWebhookById = defineOperation({
  method: "DELETE",
  path: "/webhooks/{id}",
  operationId: "deleteWebhook",
  summary: "Remove a webhook receiver",
  description: `${BETA} Its pending deliveries are dropped with it.`,
  tags,
  auth: adminOnly,
  request: { params: webhookIdParamsSchema },
  responses: { 204: { description: "Removed" } },
  errors: ["forbidden", "not_found"],
  handle: async ({ db, caller, params }) => {
    await assertWebhooksEnabled(db, caller.organizationId);
    await deleteWebhook(db, caller.organizationId, params.id);
    return noContent();
  },
});

export const postWebhookSecretRotation = defineOperation({
  method: "POST",
  path: "/webhooks/{id}/rotate-secret",
  operationId: "rotateWebhookSecret",
  summary: "Rotate a webhook receiver's signing secret",
  description: `${BETA} The new secret is shown only in this answer. For 24 hours (\`previous_secret_expires_at\`) every delivery is signed with both the new and the previous secret (two space-separated signatures), so the receiver can switch without losing a delivery.`,
  tags,
  auth: adminOnly,
  request: { params: webhookIdParamsSchema },
  responses: { 200: { description: "The receiver with its new secret, shown once", schema: webhookWithSecretSchema } },
  errors: ["forbidden", "not_found"],
  handle: async ({ db, caller, params }) => {
    await assertWebhooksEnabled(db, caller.organizationId);
    return json(await rotateWebhookSecret(db, caller.organizationId, params.id), { headers: noStore });
  },
});

export const getWebhookDeliveries = defineOperation({
  method: "GET",
  path: "/webhooks/{id}/deliveries",
  operationId: "listWebhookDeliveries",
  summary: "List a receiver's deliveries with every attempt",
  description: `${BETA} Each delivery is one signed batch; its attempts show the receiver's status code, the duration and the start of its answer.`,
  tags,
  auth: adminOnly,
  request: { params: webhookIdParamsSchema },
  filter: deliveryFilterSpec,
  responses: { 200: { description: "Deliveries, newest first", schema: webhookDeliveryListSchema } },
  errors: ["forbidden", "not_found"],
  handle: async ({ db, caller, params, filter }) => {
    await assertWebhooksEnabled(db, caller.organizationId);
    return json(await listDeliveries(db, caller.organizationId, params.id, filter));
  },
});

export const postWebhookDeliveryRetry = defineOperation({
  method: "POST",
  path: "/webhooks/{id}/deliveries/{delivery_id}/retry",
  operationId: "retryWebhookDelivery",
  summary: "Send a delivery again",
  description: `${BETA} A succeeded or failed delivery is sent again at once (same \`webhook-id\`); a pending one is brought forward to now unless it is being sent right now. A disabled receiver must be enabled first (409).`,
  tags,
  auth: adminOnly,
  request: { params: webhookDeliveryParamsSchema },
  responses: { 202: { description: "The delivery, due now", schema: webhookDeliverySchema } },
  errors: ["forbidden", "not_found", "conflict"],
  handle: async ({ db, caller, params }) => {
    await assertWebhooksEnabled(db, caller.organizationId);
    return json(await retryDelivery(db, caller.organizationId, params.id, params.delivery_id), { status: 202 });
  },
});

export const webhookOperations = [
  postWebhook,
  getWebhooks,
  getWebhook,
  patchWebhook,
  deleteWebhookById,
  postWebhookSecretRotation,
  getWebhookDeliveries,
  postWebhookDeliveryRetry,
];
