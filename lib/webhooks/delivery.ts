import { and, asc, eq, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import { tables, type Db, type Executor } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { PermanentJobError, RetryJobLaterError, type JobContext } from "@/lib/jobs/define-task";
import { enqueue, notifyRunners } from "@/lib/jobs/enqueue";
import { JOB_SCHEMA } from "@/lib/jobs/queue";
import { log } from "@/lib/log";
import { DEFAULT_BACKOFF, nextAttemptAt, type BackoffPolicy } from "./backoff";
import { matchesEventFilter } from "./event-filter";
import { sendRequest, type SendResult } from "./send-request";
import { signedHeaders } from "./signing";
import { deliverTask } from "./tasks";
import { signingSecrets } from "./webhooks";

const o = tables.outboxEvents;
const d = tables.webhookDeliveries;
const w = tables.webhookEndpoints;
const a = tables.webhookAttempts;

export const DELIVERY_TIMEOUT_MS = 10_000;
const MAX_EVENTS_PER_DELIVERY = 100;
const FAN_OUT_BATCH = 500;

export function backoffPolicy(): BackoffPolicy {
  const env = getEnv();
  return { ...DEFAULT_BACKOFF, baseMs: env.WEBHOOK_BACKOFF_BASE_MS, windowMs: env.WEBHOOK_RETRY_WINDOW_SECONDS * 1000 };
}

/**
 * Turns pending outbox events into deliveries: one per matching enabled receiver, each carrying the
 * JSON array of up to 100 events (docs/api.md "Webhooks (admins; closed beta)"), and enqueues one `webhooks.deliver` job per delivery (the job's id is
 * the delivery's) in the same transaction. The events are locked with SKIP LOCKED, so concurrent
 * fan-outs take disjoint sets, and marked in that transaction, so each is fanned out exactly once.
 * `olderThanMs` leaves younger events to the fan-out jobs their own transactions enqueued.
 */
export async function fanOutEvents(db: Db, options: { olderThanMs?: number; maxEventsPerDelivery?: number } = {}): Promise<number> {
  const maxEvents = options.maxEventsPerDelivery ?? MAX_EVENTS_PER_DELIVERY;
  return db.transaction(async (tx) => {
    const events = await tx
      .select()
      .from(o)
      .where(and(isNull(o.fannedOutAt), options.olderThanMs ? lte(o.createdAt, sql`now() - make_interval(secs => ${options.olderThanMs / 1000})`) : undefined))
      .orderBy(asc(o.id))
      .limit(FAN_OUT_BATCH)
      .for("update", { skipLocked: true });
    if (events.length === 0) return 0;

    const organizationIds = [...new Set(events.map((event) => event.organizationId))];
    const endpoints = await tx
      .select({ id: w.id, organizationId: w.organizationId, events: w.events })
      .from(w)
      .where(and(inArray(w.organizationId, organizationIds), eq(w.isEnabled, true)));

    const deliveries: (typeof d.$inferInsert)[] = [];
    for (const endpoint of endpoints) {
      const matching = events.filter((event) => event.organizationId === endpoint.organizationId && matchesEventFilter(endpoint.events, event.entity, event.event));
      for (let start = 0; start < matching.length; start += maxEvents) {
        const batch = matching.slice(start, start + maxEvents);
        deliveries.push({
          organizationId: endpoint.organizationId,
          endpointId: endpoint.id,
          eventIds: batch.map((event) => event.id),
          payload: batch.map((event) => ({ event: event.event, entity: event.entity, data: event.data })),
        });
      }
    }
    if (deliveries.length > 0) {
      const created = await tx.insert(d).values(deliveries).returning({ id: d.id, organizationId: d.organizationId });
      for (const delivery of created) await enqueue(tx, deliverTask, { delivery_id: delivery.id }, { organizationId: delivery.organizationId, id: delivery.id });
    }
    await tx
      .update(o)
      .set({ fannedOutAt: sql`now()` })
      .where(inArray(o.id, events.map((event) => event.id)));
    return events.length;
  });
}

/** Fans out until no pending event is left (each round takes at most 500). */
export async function fanOutAll(db: Db, options: { olderThanMs?: number } = {}): Promise<void> {
  while ((await fanOutEvents(db, options)) === FAN_OUT_BATCH);
}

function outcomeOf(result: SendResult): "succeeded" | "gone" | "failed" {
  if (result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300) return "succeeded";
  if (result.statusCode === 410) return "gone";
  return "failed";
}

/**
 * One attempt of a delivery, the body of a `webhooks.deliver` job (docs/decisions/0008, 0019). The
 * attempt is counted before the request and its result written only by the holder of that count, so
 * a runner whose lease ran out cannot overwrite a newer attempt. Every attempt of a delivery carries
 * its id as `webhook-id`; a repeat after a lost runner is the same message and receivers drop it.
 * A failure is retried on the delivery's own schedule (backoff within the retry window) by throwing
 * `RetryJobLaterError`; past the window, or on 410 Gone, the job fails for good with the error.
 */
export async function deliverWebhook(db: Db, deliveryId: string, job: Pick<JobContext, "signal">, options: { policy?: BackoffPolicy; allowPrivate?: boolean } = {}): Promise<void> {
  const policy = options.policy ?? backoffPolicy();
  const claimed = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(d).innerJoin(w, eq(w.id, d.endpointId)).where(eq(d.id, deliveryId)).for("update", { of: d });
    // Gone with its webhook, already delivered, or waiting for its receiver to be enabled again.
    if (!current || current.webhook_deliveries.status === "succeeded" || !current.webhook_endpoints.isEnabled) return undefined;
    const [delivery] = await tx
      .update(d)
      .set({ attempts: sql`${d.attempts} + 1`, status: "pending", completedAt: null, updatedAt: sql`now()` })
      .where(eq(d.id, deliveryId))
      .returning();
    return { delivery: delivery!, endpoint: current.webhook_endpoints };
  });
  if (!claimed) return;
  const { delivery, endpoint } = claimed;

  const body = JSON.stringify(delivery.payload);
  let result: SendResult;
  try {
    const headers = signedHeaders({ id: delivery.id, timestamp: Math.floor(Date.now() / 1000), body, secrets: signingSecrets(endpoint) });
    result = await sendRequest({ url: endpoint.url, headers, body, timeoutMs: DELIVERY_TIMEOUT_MS, allowPrivate: options.allowPrivate ?? getEnv().WEBHOOK_ALLOW_PRIVATE, signal: job.signal });
  } catch (error) {
    // E.g. a secret that no longer decrypts because SECRET_KEY changed; never the secret itself.
    result = { statusCode: null, durationMs: 0, responseExcerpt: null, error: error instanceof Error ? error.message : String(error) };
  }

  const now = new Date();
  const outcome = outcomeOf(result);
  const isInterrupted = job.signal.aborted && result.statusCode === null;
  const retryAt = outcome === "failed" ? (isInterrupted ? now : nextAttemptAt({ createdAt: delivery.createdAt, failedAttempts: delivery.attempts, now }, policy)) : null;
  const lastError = outcome === "gone" ? "receiver answered 410 Gone; the webhook was disabled" : (result.error ?? (outcome === "succeeded" ? null : `receiver answered ${result.statusCode}`));
  const isFinal = outcome !== "failed" || retryAt === null;

  await db.transaction(async (tx) => {
    await tx.insert(a).values({ deliveryId: delivery.id, attemptedAt: now, statusCode: result.statusCode, durationMs: result.durationMs, responseExcerpt: result.responseExcerpt, error: result.error });
    await tx
      .update(d)
      .set({
        status: outcome === "succeeded" ? "succeeded" : isFinal ? "failed" : "pending",
        lastStatusCode: result.statusCode,
        lastError,
        ...(isFinal ? { completedAt: now } : { nextAttemptAt: retryAt! }),
        updatedAt: now,
      })
      .where(and(eq(d.id, delivery.id), eq(d.attempts, delivery.attempts)));
    if (outcome === "gone") {
      await tx
        .update(w)
        .set({ isEnabled: false, disabledReason: `the receiver answered 410 Gone at ${now.toISOString()}`, updatedAt: now })
        .where(eq(w.id, endpoint.id));
    }
  });

  const fields = { delivery: delivery.id, webhook: endpoint.id, attempt: delivery.attempts, status: result.statusCode, durationMs: result.durationMs };
  if (outcome === "succeeded") {
    log.debug("webhook delivered", fields);
    return;
  }
  if (isFinal) throw new PermanentJobError(lastError!);
  throw new RetryJobLaterError(lastError!, retryAt!);
}

/**
 * Makes the deliveries' jobs run again now (a retry by hand, a receiver enabled again): a finished
 * job is put back with retries to spare, a waiting one is brought forward, one running is left alone
 * (so a retry never causes a parallel second send), and a job already archived is enqueued anew
 * under the delivery's id. In the caller's transaction.
 */
export async function rearmDeliveryJobs(tx: Executor, deliveries: { id: string; organizationId: string }[]): Promise<void> {
  if (deliveries.length === 0) return;
  const ids = deliveries.map((delivery) => delivery.id);
  const idList = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const touched = await queryRows<{ id: string }>(
    tx,
    sql`UPDATE ${sql.raw(JOB_SCHEMA)}.job SET
          state = CASE WHEN state IN ('completed', 'failed', 'cancelled') THEN 'retry'::${sql.raw(JOB_SCHEMA)}.job_state ELSE state END,
          completed_on = CASE WHEN state = 'active' THEN completed_on ELSE NULL END,
          retry_limit = CASE WHEN state IN ('completed', 'failed', 'cancelled') THEN retry_count + ${deliverTask.retryLimit} ELSE retry_limit END,
          start_after = CASE WHEN state = 'active' THEN start_after ELSE now() END
        WHERE name = ${deliverTask.name} AND id IN (${idList})
        RETURNING id`,
  );
  const existing = new Set(touched.map((row) => row.id));
  for (const delivery of deliveries) {
    if (!existing.has(delivery.id)) await enqueue(tx, deliverTask, { delivery_id: delivery.id }, { organizationId: delivery.organizationId, id: delivery.id });
  }
  await notifyRunners(tx, deliverTask.name);
}

const OUTBOX_RETENTION = "7 days";
const DELIVERY_RETENTION = "30 days";

/** Forgets fanned-out events after a week and finished deliveries (with attempts) after 30 days. */
export async function pruneWebhookHistory(db: Db): Promise<void> {
  await db.delete(o).where(lt(o.fannedOutAt, sql`now() - ${OUTBOX_RETENTION}::interval`));
  await db.delete(d).where(and(inArray(d.status, ["succeeded", "failed"]), lt(d.completedAt, sql`now() - ${DELIVERY_RETENTION}::interval`)));
}
