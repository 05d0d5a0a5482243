import { z } from "zod";
import { EVENT_PATTERN, WEBHOOK_ENTITIES, WEBHOOK_EVENTS } from "./event-filter";

export const eventPatternSchema = z
  .string()
  .regex(EVENT_PATTERN, `must be <Entity>.<event> where Entity is * or one of ${WEBHOOK_ENTITIES.join(", ")} and event is * or one of ${WEBHOOK_EVENTS.join(", ")}`)
  .meta({ example: "Workout.*" });

const urlSchema = z.string().trim().min(1, "must not be empty").max(2000, "must be at most 2000 characters").meta({
  description:
    "Where events are POSTed: an http(s) address without credentials or fragment; private, loopback and link-local addresses are refused (422), also after DNS resolution",
  example: "https://example.com/hooks/fitness",
  format: "uri",
  pattern: "^[Hh][Tt][Tt][Pp][Ss]?://[^\\s#@]+$",
});

export const createWebhookBodySchema = z
  .object({
    url: urlSchema,
    description: z.string().trim().max(500).default("").meta({ description: "What the receiver is for" }),
    events: z
      .array(eventPatternSchema)
      .max(50)
      .default([])
      .meta({ description: "Which events to send (`Workout.*`, `*.deleted`, `Exercise.created`); empty or absent: every event" }),
  })
  .meta({ id: "CreateWebhookRequest", example: { url: "https://example.com/hooks/fitness", description: "Catalogue sync", events: ["Workout.*", "*.deleted"] } });

export const updateWebhookBodySchema = z
  .object({
    url: urlSchema.optional(),
    description: z.string().trim().max(500).optional(),
    events: z.array(eventPatternSchema).max(50).optional(),
    is_enabled: z.boolean().optional().meta({ description: "Re-enables a receiver that was disabled (for example after answering 410), or pauses one" }),
  })
  .meta({ id: "UpdateWebhookRequest", example: { is_enabled: true } });

export const webhookSchema = z
  .object({
    id: z.uuid(),
    url: z.string(),
    description: z.string(),
    events: z.array(z.string()),
    is_enabled: z.boolean(),
    disabled_reason: z.string().nullable().meta({ description: "Why the receiver was disabled (e.g. it answered 410 Gone)" }),
    previous_secret_expires_at: z.iso.datetime().nullable().meta({ description: "Until then the secret before the last rotation also signs" }),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: "Webhook" });

export const webhookWithSecretSchema = webhookSchema
  .extend({
    secret: z.string().meta({ description: "The signing secret (Standard Webhooks, `whsec_` + base64). Shown only in this answer; store it now." }),
  })
  .meta({ id: "WebhookWithSecret" });

export const webhookListSchema = z.object({ total: z.number().int(), data: z.array(webhookSchema) }).meta({ id: "WebhookList" });

export const webhookAttemptSchema = z
  .object({
    attempted_at: z.iso.datetime(),
    status_code: z.number().int().nullable().meta({ description: "The receiver's HTTP status; null when no answer came" }),
    duration_ms: z.number().int(),
    response_excerpt: z.string().nullable().meta({ description: "The first 1,000 characters of the receiver's answer" }),
    error: z.string().nullable().meta({ description: "Why the attempt failed without an answer (timeout, refused address, connection error)" }),
  })
  .meta({ id: "WebhookAttempt" });

export const DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;

export const webhookDeliverySchema = z
  .object({
    id: z.uuid().meta({ description: "Also the `webhook-id` header of every attempt, so receivers can ignore repeats" }),
    webhook_id: z.uuid(),
    status: z.enum(DELIVERY_STATUSES),
    events: z
      .array(z.object({ event: z.enum(WEBHOOK_EVENTS), entity: z.string(), id: z.union([z.string(), z.number()]).nullable() }))
      .meta({ description: "The batch's events (the payload carries each record in full)" }),
    attempt_count: z.number().int(),
    next_attempt_at: z.iso.datetime().nullable().meta({ description: "When the next attempt is due (pending deliveries only)" }),
    last_status_code: z.number().int().nullable(),
    last_error: z.string().nullable(),
    created_at: z.iso.datetime(),
    completed_at: z.iso.datetime().nullable(),
    attempts: z.array(webhookAttemptSchema).meta({ description: "Every attempt, oldest first" }),
  })
  .meta({ id: "WebhookDelivery" });

export const webhookDeliveryListSchema = z.object({ total: z.number().int(), data: z.array(webhookDeliverySchema) }).meta({ id: "WebhookDeliveryList" });

export const webhookIdParamsSchema = z.object({ id: z.uuid("must be a uuid") });
export const webhookDeliveryParamsSchema = z.object({ id: z.uuid("must be a uuid"), delivery_id: z.uuid("must be a uuid") });

export type CreateWebhookBody = z.output<typeof createWebhookBodySchema>;
export type UpdateWebhookBody = z.output<typeof updateWebhookBodySchema>;
export type WebhookRecord = z.output<typeof webhookSchema>;
export type WebhookDeliveryRecord = z.output<typeof webhookDeliverySchema>;
