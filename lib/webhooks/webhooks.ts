import { recordAuditEntry } from "@/lib/audit-log/record-audit-entry";
import { randomUUID } from "node:crypto";
import { and, count, eq, sql } from "drizzle-orm";
import { decryptSecret, encryptSecret } from "@/lib/crypto/secret-box";
import { tables, type Db, type Executor } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { booleanField, compileOrder, compileWhere, scalarField, type FilterQuery, type FilterSpec } from "@/lib/filter";
import { ApiError } from "@/lib/core/errors";
import { assertReceiverUrl, ReceiverAddressError } from "./address-policy";
import type { CreateWebhookBody, UpdateWebhookBody, WebhookRecord } from "./schemas";
import { generateWebhookSecret } from "./signing";

const w = tables.webhookEndpoints;

/** How long the secret before a rotation keeps signing next to the new one. */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

export const webhookFilterSpec = {
  fields: {
    url: { type: "string", operators: ["eq", "contains"] },
    is_enabled: { type: "boolean", operators: ["eq"] },
  },
  order: { created: {}, updated: {}, url: {} },
  defaultOrder: [{ field: "created", direction: "asc" }],
} as const satisfies FilterSpec;

/** The encryption context binds a sealed secret to its receiver (see lib/crypto/secret-box.ts). */
export const secretContext = (endpointId: string) => `webhook:${endpointId}`;

/**
 * Webhooks are a closed beta (docs/api.md "Webhooks (admins; closed beta)"): an operator enables them per organization with
 * `npm run cli -- enable-webhooks --org <code>`. Read fresh, not from the 5-second settings cache, so
 * the answer changes as soon as the flag does.
 */
export async function assertWebhooksEnabled(db: Executor, organizationId: string): Promise<void> {
  const [row] = await db
    .select({ webhooksEnabled: tables.organizations.webhooksEnabled })
    .from(tables.organizations)
    .where(eq(tables.organizations.id, organizationId))
    .limit(1);
  if (!row?.webhooksEnabled) {
    throw new ApiError(
      "forbidden",
      "webhooks are in closed beta and not enabled for this organization; ask the operator to enable them (npm run cli -- enable-webhooks --org <code>)",
    );
  }
}

export function toWebhookRecord(row: typeof w.$inferSelect, now = new Date()): WebhookRecord {
  const overlapLive = row.previousSecretEncrypted && row.previousSecretExpiresAt && row.previousSecretExpiresAt > now;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    is_enabled: row.isEnabled,
    disabled_reason: row.disabledReason,
    previous_secret_expires_at: overlapLive ? row.previousSecretExpiresAt!.toISOString() : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function checkedUrl(url: string): Promise<string> {
  try {
    return (await assertReceiverUrl(url, { allowPrivate: getEnv().WEBHOOK_ALLOW_PRIVATE })).toString();
  } catch (error) {
    if (error instanceof ReceiverAddressError) throw new ApiError("unprocessable", `/url: ${error.message}`, [{ path: "/url", message: error.message }]);
    throw error;
  }
}

export async function createWebhook(db: Db, organizationId: string, createdBy: string | null, body: CreateWebhookBody) {
  const url = await checkedUrl(body.url);
  const id = randomUUID();
  const secret = generateWebhookSecret();
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(w)
      .values({
        id,
        organizationId,
        url,
        description: body.description,
        events: [...new Set(body.events)],
        secretEncrypted: encryptSecret(secret, secretContext(id)),
        createdBy,
      })
      .returning();
    await recordAuditEntry(tx, { organizationId, action: "webhook.created", target: { type: "Webhook", id, label: receiverHost(url) }, details: { events: inserted!.events } });
    return inserted!;
  });
  return { ...toWebhookRecord(row), secret };
}

export async function listWebhooks(db: Db, organizationId: string, filter: FilterQuery) {
  const where = and(eq(w.organizationId, organizationId), compileWhere(filter, { url: scalarField(w.url, "string"), is_enabled: booleanField(w.isEnabled) }));
  const order = compileOrder(filter, { created: w.createdAt, updated: w.updatedAt, url: w.url }, w.id);
  const [rows, [total]] = await Promise.all([
    db.select().from(w).where(where).orderBy(...order).limit(filter.limit).offset(filter.offset),
    db.select({ value: count() }).from(w).where(where),
  ]);
  return { total: total?.value ?? 0, data: rows.map((row) => toWebhookRecord(row)) };
}

export async function getWebhookOrThrow(db: Executor, organizationId: string, id: string, options: { forUpdate?: boolean } = {}) {
  const query = db.select().from(w).where(and(eq(w.id, id), eq(w.organizationId, organizationId))).limit(1);
  const [row] = options.forUpdate ? await query.for("update") : await query;
  if (!row) throw new ApiError("not_found", "webhook not found");
  return row;
}

export async function updateWebhook(db: Db, organizationId: string, id: string, body: UpdateWebhookBody): Promise<WebhookRecord> {
  const url = body.url === undefined ? undefined : await checkedUrl(body.url);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(w)
      .set({
        ...(url !== undefined ? { url } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.events !== undefined ? { events: [...new Set(body.events)] } : {}),
        ...(body.is_enabled !== undefined ? { isEnabled: body.is_enabled, disabledReason: body.is_enabled ? null : "disabled by an admin" } : {}),
        updatedAt: sql`now()`,
      })
      .where(and(eq(w.id, id), eq(w.organizationId, organizationId)))
      .returning();
    if (!row) throw new ApiError("not_found", "webhook not found");
    const changed = (["url", "description", "events", "is_enabled"] as const).filter((field) => body[field] !== undefined);
    await recordAuditEntry(tx, { organizationId, action: "webhook.updated", target: { type: "Webhook", id, label: receiverHost(row.url) }, details: { changed } });
    if (body.is_enabled === true) {
      // Deliveries left pending while the receiver was disabled go out now (their jobs had finished).
      const { rearmDeliveryJobs } = await import("./delivery");
      const pending = await tx
        .select({ id: tables.webhookDeliveries.id, organizationId: tables.webhookDeliveries.organizationId })
        .from(tables.webhookDeliveries)
        .where(and(eq(tables.webhookDeliveries.endpointId, id), eq(tables.webhookDeliveries.status, "pending")));
      await rearmDeliveryJobs(tx, pending);
    }
    return toWebhookRecord(row);
  });
}

/** Removes the receiver with its deliveries and their attempts. */
export async function deleteWebhook(db: Db, organizationId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(w).where(and(eq(w.id, id), eq(w.organizationId, organizationId))).returning({ id: w.id, url: w.url });
    if (!deleted) throw new ApiError("not_found", "webhook not found");
    await recordAuditEntry(tx, { organizationId, action: "webhook.deleted", target: { type: "Webhook", id, label: receiverHost(deleted.url) } });
  });
}

/** A receiver as the audit log names it: its host only, since a query string may carry a receiver's key. */
function receiverHost(url: string): string {
  return new URL(url).host;
}

/**
 * A new secret signs from now on; the one it replaces keeps signing as well for 24 hours, so a
 * receiver can switch at its own pace (both signatures are sent, and it accepts either). Rotating
 * again inside the overlap ends the older secret's overlap at once.
 */
export async function rotateWebhookSecret(db: Db, organizationId: string, id: string) {
  return db.transaction(async (tx) => {
    const current = await getWebhookOrThrow(tx, organizationId, id, { forUpdate: true });
    const secret = generateWebhookSecret();
    const [row] = await tx
      .update(w)
      .set({
        secretEncrypted: encryptSecret(secret, secretContext(id)),
        previousSecretEncrypted: current.secretEncrypted,
        previousSecretExpiresAt: new Date(Date.now() + ROTATION_OVERLAP_MS),
        updatedAt: sql`now()`,
      })
      .where(eq(w.id, id))
      .returning();
    await recordAuditEntry(tx, { organizationId, action: "webhook.secret_rotated", target: { type: "Webhook", id, label: receiverHost(row!.url) } });
    return { ...toWebhookRecord(row!), secret };
  });
}

/** The secrets that sign a delivery now: the current one, and the previous one during its overlap. */
export function signingSecrets(row: typeof w.$inferSelect, now = new Date()): string[] {
  const secrets = [decryptSecret(row.secretEncrypted, secretContext(row.id))];
  if (row.previousSecretEncrypted && row.previousSecretExpiresAt && row.previousSecretExpiresAt > now) {
    secrets.push(decryptSecret(row.previousSecretEncrypted, secretContext(row.id)));
  }
  return secrets;
}
