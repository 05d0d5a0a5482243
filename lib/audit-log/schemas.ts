import { z } from "zod";
import type { FilterSpec } from "@/lib/filter/types";

/** How the actor proved who they are (docs/api.md "Audit log (admins)"). */
export const CREDENTIAL_TYPES = ["password", "refresh_token", "access_token", "admin_session", "integration_token", "schedule", "none"] as const;
export type CredentialType = (typeof CREDENTIAL_TYPES)[number];

export const ACTOR_TYPES = ["user", "integration_token", "system"] as const;
export type ActorType = (typeof ACTOR_TYPES)[number];

/** The actions the service records (docs/api.md "Audit log (admins)"). */
export const AUDIT_ACTIONS = [
  "auth.signed_in",
  "auth.sign_in_failed",
  "token.refreshed",
  "token.issued",
  "token.revoked",
  "user.created",
  "user.updated",
  "user.deleted",
  "content.created",
  "content.updated",
  "content.deleted",
  "status.changed",
  "schedule.created",
  "schedule.deleted",
  "schedule.succeeded",
  "schedule.failed",
  "preview_link.created",
  "preview_link.revoked",
  "webhook.created",
  "webhook.updated",
  "webhook.deleted",
  "webhook.secret_rotated",
  "integration.created",
  "integration.updated",
  "integration.deleted",
] as const;

export const auditEntrySchema = z
  .object({
    id: z.number().int().meta({ description: "Increases with every entry of the service" }),
    at: z.iso.datetime(),
    action: z.string().meta({ description: `What happened: ${AUDIT_ACTIONS.map((action) => `\`${action}\``).join(", ")}` }),
    actor: z
      .object({
        type: z.enum(ACTOR_TYPES),
        id: z.uuid().nullable().meta({ description: "The user's or the integration token's id; null for the service itself or an unknown user" }),
        label: z.string().nullable().meta({ description: "The user's email or the token's name when the entry was written" }),
      })
      .meta({ description: "Who acted" }),
    credential: z.enum(CREDENTIAL_TYPES).meta({ description: "How the actor proved who they are; `schedule` for a scheduled change run for its scheduler" }),
    request_id: z.string().nullable().meta({ description: "The `X-Request-Id` of the request; null for background work" }),
    target: z
      .object({
        type: z.string().meta({ description: "`User`, `Session`, `IntegrationToken`, `Webhook`, `IntegrationConnection`, `Schedule`, `PreviewLink`, or a content entity (`Workout` …)" }),
        id: z.string().nullable(),
        label: z.string().nullable(),
      })
      .meta({ description: "What was acted on" }),
    details: z.record(z.string(), z.unknown()).meta({ description: "What changed, by name: versions, languages, roles, setting ids; never a secret" }),
  })
  .meta({
    id: "AuditEntry",
    example: {
      id: 1042,
      at: "2026-11-27T06:00:00.000Z",
      action: "status.changed",
      actor: { type: "user", id: "0b0c7f5e-6a0f-4a59-9c55-0e3c2a1b7d10", label: "editor@example.com" },
      credential: "access_token",
      request_id: "0d4f3c1a-5b2e-4a7c-8f19-2e6b7c9d0a13",
      target: { type: "Workout", id: "5f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b", label: null },
      details: { version: 7, changes: { de: "published" } },
    },
  });
export type AuditEntry = z.output<typeof auditEntrySchema>;

export const auditEntryListSchema = z
  .object({ total: z.number().int(), data: z.array(auditEntrySchema) })
  .meta({ id: "AuditEntryList", description: "A page of the audit log" });

/** Every filter is served by one of the audit log's indexes, all led by the organization (docs/decisions/0023). */
export const auditFilterSpec = {
  fields: {
    action: { type: "string", operators: ["eq", "in"] },
    actor_id: { type: "uuid", operators: ["eq", "in"] },
    actor_type: { type: "enum", values: ACTOR_TYPES, operators: ["eq", "in"] },
    credential: { type: "enum", values: CREDENTIAL_TYPES, operators: ["eq", "in"] },
    target_type: { type: "string", operators: ["eq", "in"] },
    target_id: { type: "string", operators: ["eq"] },
    request_id: { type: "string", operators: ["eq"] },
    at: { type: "date", operators: ["gte", "lte"] },
  },
  order: { at: { description: "When it happened (then the entry's id)" } },
  defaultOrder: [{ field: "at", direction: "desc" }],
} as const satisfies FilterSpec;

