import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { tables, type Db } from "@/lib/db";
import { compileOrder, compileWhere, scalarField, type FilterQuery, type FilterSpec } from "@/lib/filter";
import { ApiError } from "@/lib/core/errors";
import { rearmDeliveryJobs } from "./delivery";
import { DELIVERY_STATUSES, type WebhookDeliveryRecord } from "./schemas";
import { getWebhookOrThrow } from "./webhooks";

const d = tables.webhookDeliveries;
const a = tables.webhookAttempts;

export const deliveryFilterSpec = {
  fields: { status: { type: "enum", values: DELIVERY_STATUSES, operators: ["eq", "in"] } },
  order: { created: {}, updated: {} },
  defaultOrder: [{ field: "created", direction: "desc" }],
} as const satisfies FilterSpec;

type DeliveryRow = typeof d.$inferSelect;
type AttemptRow = typeof a.$inferSelect;

function toDeliveryRecord(row: DeliveryRow, attempts: AttemptRow[]): WebhookDeliveryRecord {
  return {
    id: row.id,
    webhook_id: row.endpointId,
    status: row.status,
    events: (row.payload as { event: "created"; entity: string; data?: { id?: string | number } }[]).map((item) => ({
      event: item.event,
      entity: item.entity,
      id: item.data?.id ?? null,
    })),
    attempt_count: attempts.length,
    next_attempt_at: row.status === "pending" ? row.nextAttemptAt.toISOString() : null,
    last_status_code: row.lastStatusCode,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
    attempts: attempts.map((attempt) => ({
      attempted_at: attempt.attemptedAt.toISOString(),
      status_code: attempt.statusCode,
      duration_ms: attempt.durationMs,
      response_excerpt: attempt.responseExcerpt,
      error: attempt.error,
    })),
  };
}

async function attemptsOf(db: Db, deliveryIds: string[]): Promise<Map<string, AttemptRow[]>> {
  const byDelivery = new Map<string, AttemptRow[]>(deliveryIds.map((id) => [id, []]));
  if (deliveryIds.length === 0) return byDelivery;
  const rows = await db.select().from(a).where(inArray(a.deliveryId, deliveryIds)).orderBy(asc(a.attemptedAt), asc(a.id));
  for (const row of rows) byDelivery.get(row.deliveryId)?.push(row);
  return byDelivery;
}

/** A receiver's deliveries (newest first by default) with every attempt: three queries per page. */
export async function listDeliveries(db: Db, organizationId: string, webhookId: string, filter: FilterQuery) {
  await getWebhookOrThrow(db, organizationId, webhookId);
  const where = and(eq(d.endpointId, webhookId), eq(d.organizationId, organizationId), compileWhere(filter, { status: scalarField(d.status, "enum") }));
  const order = compileOrder(filter, { created: d.createdAt, updated: d.updatedAt }, d.id);
  const [rows, [total]] = await Promise.all([
    db.select().from(d).where(where).orderBy(...order).limit(filter.limit).offset(filter.offset),
    db.select({ value: count() }).from(d).where(where),
  ]);
  const attempts = await attemptsOf(db, rows.map((row) => row.id));
  return { total: total?.value ?? 0, data: rows.map((row) => toDeliveryRecord(row, attempts.get(row.id) ?? [])) };
}

/**
 * A retry by hand: a finished delivery (succeeded or failed) becomes pending and its job runs again
 * at once, with the same `webhook-id`; a pending one is brought forward to now unless it is being
 * sent right now (a retry never causes a parallel second send). If the retry window has passed, a
 * failing attempt ends it as failed again.
 */
export async function retryDelivery(db: Db, organizationId: string, webhookId: string, deliveryId: string): Promise<WebhookDeliveryRecord> {
  const endpoint = await getWebhookOrThrow(db, organizationId, webhookId);
  if (!endpoint.isEnabled) {
    throw new ApiError("conflict", `the webhook is disabled (${endpoint.disabledReason ?? "no reason given"}); enable it with PATCH /webhooks/${webhookId} {"is_enabled": true} first`);
  }
  const match = and(eq(d.id, deliveryId), eq(d.endpointId, webhookId), eq(d.organizationId, organizationId));
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx.update(d).set({ status: "pending", nextAttemptAt: sql`now()`, completedAt: null, updatedAt: sql`now()` }).where(match).returning();
    if (!updated) throw new ApiError("not_found", "delivery not found");
    await rearmDeliveryJobs(tx, [updated]);
    return updated;
  });
  const attempts = await attemptsOf(db, [row.id]);
  return toDeliveryRecord(row, attempts.get(row.id) ?? []);
}
