import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { organizations, users } from "./organizations";

const at = () => timestamp({ withTimezone: true, mode: "date" });
const organizationId = () =>
  uuid()
    .notNull()
    .references(() => organizations.id, { onDelete: "cascade" });

/** A receiver of webhooks. Secrets are encrypted at rest (AES-256-GCM under SECRET_KEY). */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: organizationId(),
    url: text().notNull(),
    description: text().notNull().default(""),
    /** Event filter such as `Workout.updated` or `*.deleted`; empty means every event. */
    events: text().array().notNull().default(sql`'{}'::text[]`),
    secretEncrypted: text().notNull(),
    /** During a rotation the previous secret also signs until this moment. */
    previousSecretEncrypted: text(),
    previousSecretExpiresAt: at(),
    isEnabled: boolean().notNull().default(true),
    disabledReason: text(),
    createdBy: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
  },
  (table) => [index("webhook_endpoints_org_idx").on(table.organizationId, table.createdAt, table.id)],
);

/** The transactional outbox: written in the same transaction as the content change it describes. */
export const outboxEvents = pgTable(
  "outbox_events",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: organizationId(),
    event: text({ enum: ["created", "updated", "deleted"] }).notNull(),
    entity: text().notNull(),
    entityId: text().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: at().notNull().defaultNow(),
    /** When the dispatcher turned the event into deliveries (null while pending). */
    fannedOutAt: at(),
  },
  (table) => [index("outbox_events_pending_idx").on(table.id).where(sql`${table.fannedOutAt} IS NULL`)],
);

/** One batch of events for one receiver, retried until it succeeds or gives up. */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: organizationId(),
    endpointId: uuid()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventIds: bigint({ mode: "number" }).array().notNull(),
    payload: jsonb().$type<unknown[]>().notNull(),
    status: text({ enum: ["pending", "succeeded", "failed"] }).notNull().default("pending"),
    attempts: integer().notNull().default(0),
    nextAttemptAt: at().notNull().defaultNow(),
    lastStatusCode: integer(),
    lastError: text(),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
    completedAt: at(),
  },
  (table) => [
    index("webhook_deliveries_due_idx").on(table.nextAttemptAt).where(sql`${table.status} = 'pending'`),
    index("webhook_deliveries_endpoint_idx").on(table.endpointId, table.createdAt, table.id),
    // The admin home's count of an organization's failed deliveries.
    index("webhook_deliveries_failed_idx").on(table.organizationId).where(sql`${table.status} = 'failed'`),
  ],
);

export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: uuid().primaryKey().defaultRandom(),
    deliveryId: uuid()
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    attemptedAt: at().notNull().defaultNow(),
    statusCode: integer(),
    durationMs: integer().notNull(),
    responseExcerpt: text(),
    error: text(),
  },
  (table) => [index("webhook_attempts_delivery_idx").on(table.deliveryId, table.attemptedAt)],
);

/** A tenant's instance of an integration; secret setting values are encrypted at rest. */
export const integrationConnections = pgTable(
  "integration_connections",
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: organizationId(),
    integrationKey: text().notNull(),
    name: text().notNull(),
    /** `[{setting_id, value}]`; values of secret settings hold ciphertext. */
    settings: jsonb().$type<{ setting_id: string; value: string }[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
  },
  (table) => [index("integration_connections_org_idx").on(table.organizationId, table.createdAt, table.id)],
);
