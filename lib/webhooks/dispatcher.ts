import { and, asc, eq, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import { tables, type Db } from "@/lib/db";
import type { Env } from "@/lib/env";
import { describeError, log } from "@/lib/log";
import { DEFAULT_BACKOFF, nextAttemptAt, type BackoffPolicy } from "./backoff";
import { matchesEventFilter } from "./event-filter";
import { sendRequest, type SendResult } from "./send-request";
import { signedHeaders } from "./signing";
import { signingSecrets } from "./webhooks";

const o = tables.outboxEvents;
const d = tables.webhookDeliveries;
const w = tables.webhookEndpoints;
const a = tables.webhookAttempts;

export type DispatcherOptions = {
  pollMs: number;
  backoff: BackoffPolicy;
  allowPrivate: boolean;
  /** Events younger than this wait, so a burst of changes leaves as one batch per receiver. */
  batchWindowMs: number;
  maxEventsPerDelivery: number;
  /** Deliveries sent at once by one dispatcher. */
  concurrency: number;
  timeoutMs: number;
  /**
   * A claimed delivery is invisible to other dispatchers this long: longer than any attempt can take
   * (the timeout), so only a dispatcher that died mid-attempt leaves one to be taken over.
   */
  leaseMs: number;
};

export const DELIVERY_TIMEOUT_MS = 10_000;
export const DELIVERY_LEASE_MS = 30_000;

export function dispatcherOptionsFrom(env: Env): DispatcherOptions {
  return {
    pollMs: env.WEBHOOK_POLL_MS,
    backoff: { ...DEFAULT_BACKOFF, baseMs: env.WEBHOOK_BACKOFF_BASE_MS, windowMs: env.WEBHOOK_RETRY_WINDOW_SECONDS * 1000 },
    allowPrivate: env.WEBHOOK_ALLOW_PRIVATE,
    batchWindowMs: Math.min(500, env.WEBHOOK_POLL_MS),
    maxEventsPerDelivery: 100,
    concurrency: 10,
    timeoutMs: DELIVERY_TIMEOUT_MS,
    leaseMs: DELIVERY_LEASE_MS,
  };
}

const FAN_OUT_BATCH = 500;

/**
 * Turns pending outbox events into deliveries: one per matching enabled receiver and organization,
 * each carrying the §6 array of up to `maxEventsPerDelivery` events. The events are locked with
 * SKIP LOCKED, so concurrent dispatchers take disjoint sets, and marked in the same transaction as
 * the deliveries are written, so each event is fanned out exactly once.
 */
export async function fanOutEvents(db: Db, options: Pick<DispatcherOptions, "batchWindowMs" | "maxEventsPerDelivery">): Promise<number> {
  return db.transaction(async (tx) => {
    const events = await tx
      .select()
      .from(o)
      .where(and(isNull(o.fannedOutAt), lte(o.createdAt, sql`now() - make_interval(secs => ${options.batchWindowMs / 1000})`)))
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
      for (let start = 0; start < matching.length; start += options.maxEventsPerDelivery) {
        const batch = matching.slice(start, start + options.maxEventsPerDelivery);
        deliveries.push({
          organizationId: endpoint.organizationId,
          endpointId: endpoint.id,
          eventIds: batch.map((event) => event.id),
          payload: batch.map((event) => ({ event: event.event, entity: event.entity, data: event.data })),
        });
      }
    }
    if (deliveries.length > 0) await tx.insert(d).values(deliveries);
    await tx
      .update(o)
      .set({ fannedOutAt: sql`now()` })
      .where(inArray(o.id, events.map((event) => event.id)));
    return events.length;
  });
}

type Claimed = {
  delivery: typeof d.$inferSelect;
  endpoint: typeof w.$inferSelect;
};

/**
 * Takes up to `limit` due deliveries of enabled receivers (SKIP LOCKED: never one another dispatcher
 * holds), counts the attempt and pushes `next_attempt_at` past the lease, all in one short
 * transaction; the HTTP request happens after it, without holding a lock or a connection.
 */
async function claimDueDeliveries(db: Db, limit: number, leaseMs: number): Promise<Claimed[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: d.id })
      .from(d)
      .innerJoin(w, eq(w.id, d.endpointId))
      .where(and(eq(d.status, "pending"), lte(d.nextAttemptAt, sql`now()`), eq(w.isEnabled, true)))
      .orderBy(asc(d.nextAttemptAt))
      .limit(limit)
      .for("update", { of: d, skipLocked: true });
    if (due.length === 0) return [];
    const claimed = await tx
      .update(d)
      .set({ attempts: sql`${d.attempts} + 1`, nextAttemptAt: sql`now() + make_interval(secs => ${leaseMs / 1000})`, updatedAt: sql`now()` })
      .where(inArray(d.id, due.map((row) => row.id)))
      .returning();
    const endpoints = await tx.select().from(w).where(inArray(w.id, [...new Set(claimed.map((row) => row.endpointId))]));
    const byId = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint]));
    return claimed.map((delivery) => ({ delivery, endpoint: byId.get(delivery.endpointId)! }));
  });
}

function outcomeOf(result: SendResult): "succeeded" | "gone" | "failed" {
  if (result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300) return "succeeded";
  if (result.statusCode === 410) return "gone";
  return "failed";
}

/** Sends one claimed delivery and records the attempt and the delivery's new state. */
async function attemptDelivery(db: Db, { delivery, endpoint }: Claimed, options: DispatcherOptions, signal: AbortSignal): Promise<void> {
  const body = JSON.stringify(delivery.payload);
  let result: SendResult;
  try {
    const headers = signedHeaders({ id: delivery.id, timestamp: Math.floor(Date.now() / 1000), body, secrets: signingSecrets(endpoint) });
    result = await sendRequest({ url: endpoint.url, headers, body, timeoutMs: options.timeoutMs, allowPrivate: options.allowPrivate, signal });
  } catch (error) {
    // E.g. a secret that no longer decrypts because SECRET_KEY changed; never the secret itself.
    result = { statusCode: null, durationMs: 0, responseExcerpt: null, error: error instanceof Error ? error.message : String(error) };
  }

  const now = new Date();
  const outcome = outcomeOf(result);
  const interrupted = signal.aborted && result.statusCode === null;
  const retryAt = outcome === "failed" ? (interrupted ? now : nextAttemptAt({ createdAt: delivery.createdAt, failedAttempts: delivery.attempts, now }, options.backoff)) : null;
  const lastError = result.error ?? (outcome === "succeeded" ? null : `receiver answered ${result.statusCode}`);

  await db.transaction(async (tx) => {
    await tx.insert(a).values({
      deliveryId: delivery.id,
      attemptedAt: now,
      statusCode: result.statusCode,
      durationMs: result.durationMs,
      responseExcerpt: result.responseExcerpt,
      error: result.error,
    });
    const isFinal = outcome !== "failed" || retryAt === null;
    await tx
      .update(d)
      .set({
        status: outcome === "succeeded" ? "succeeded" : isFinal ? "failed" : "pending",
        lastStatusCode: result.statusCode,
        lastError: outcome === "gone" ? "receiver answered 410 Gone; the webhook was disabled" : lastError,
        ...(isFinal ? { completedAt: now } : { nextAttemptAt: retryAt! }),
        updatedAt: now,
      })
      // Only the holder of this claim may settle it (a dispatcher whose lease ran out may not).
      .where(and(eq(d.id, delivery.id), eq(d.attempts, delivery.attempts), eq(d.status, "pending")));
    if (outcome === "gone") {
      await tx
        .update(w)
        .set({ isEnabled: false, disabledReason: `the receiver answered 410 Gone at ${now.toISOString()}`, updatedAt: now })
        .where(eq(w.id, endpoint.id));
    }
  });

  const fields = { delivery: delivery.id, webhook: endpoint.id, attempt: delivery.attempts, status: result.statusCode, durationMs: result.durationMs };
  if (outcome === "succeeded") log.debug("webhook delivered", fields);
  else if (outcome === "gone") log.warn("webhook receiver answered 410 Gone; disabled it", fields);
  else log.warn(retryAt ? "webhook attempt failed; will retry" : "webhook delivery failed; giving up", { ...fields, error: lastError, retryAt: retryAt?.toISOString() });
}

/** Sends every due delivery, `concurrency` at a time; returns how many were attempted. */
export async function deliverDueDeliveries(db: Db, options: DispatcherOptions, signal: AbortSignal = new AbortController().signal): Promise<number> {
  let total = 0;
  while (!signal.aborted) {
    const claimed = await claimDueDeliveries(db, options.concurrency, options.leaseMs);
    await Promise.all(claimed.map((claim) => attemptDelivery(db, claim, options, signal)));
    total += claimed.length;
    if (claimed.length < options.concurrency) break;
  }
  return total;
}

const OUTBOX_RETENTION = "7 days";
const DELIVERY_RETENTION = "30 days";

/** Forgets fanned-out events after a week and finished deliveries (with attempts) after 30 days. */
export async function pruneWebhookHistory(db: Db): Promise<void> {
  await db.delete(o).where(lt(o.fannedOutAt, sql`now() - ${OUTBOX_RETENTION}::interval`));
  await db.delete(d).where(and(inArray(d.status, ["succeeded", "failed"]), lt(d.completedAt, sql`now() - ${DELIVERY_RETENTION}::interval`)));
}

export type Dispatcher = { stop: () => Promise<void> };

const PRUNE_EVERY_MS = 60 * 60 * 1000;

/**
 * The dispatcher loop: every `pollMs`, fan out new events, then send what is due. Any number of
 * dispatchers (servers and `npm run worker` processes) may run against one PostgreSQL database.
 * `stop()` interrupts attempts in flight (they are retried at once by whoever runs next) and waits
 * for the loop to settle, so the database can be closed after it.
 */
export function startDispatcher(db: Db, options: DispatcherOptions): Dispatcher {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let lastPrune = 0;

  const tick = async () => {
    try {
      while ((await fanOutEvents(db, options)) === FAN_OUT_BATCH && !controller.signal.aborted);
      await deliverDueDeliveries(db, options, controller.signal);
      if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
        lastPrune = Date.now();
        await pruneWebhookHistory(db);
      }
    } catch (error) {
      if (!controller.signal.aborted) log.error("webhook dispatcher tick failed", describeError(error));
    }
  };
  const schedule = () => {
    if (controller.signal.aborted) return;
    timer = setTimeout(() => {
      running = tick().finally(schedule);
    }, options.pollMs);
  };
  schedule();

  return {
    stop: async () => {
      controller.abort();
      clearTimeout(timer);
      await running;
    },
  };
}

const DISPATCHER_KEY = Symbol.for("fcs.webhook-dispatcher");
type DispatcherHolder = { [DISPATCHER_KEY]?: Dispatcher };

/** Starts this process's dispatcher once (Next.js may load this module in more than one bundle). */
export function startWebhookDispatcher(db: Db, env: Env): void {
  const holder = globalThis as DispatcherHolder;
  if (holder[DISPATCHER_KEY]) return;
  holder[DISPATCHER_KEY] = startDispatcher(db, dispatcherOptionsFrom(env));
  log.info("webhook dispatcher started", { pollMs: env.WEBHOOK_POLL_MS });
}

export async function stopWebhookDispatcher(): Promise<void> {
  const holder = globalThis as DispatcherHolder;
  const dispatcher = holder[DISPATCHER_KEY];
  holder[DISPATCHER_KEY] = undefined;
  await dispatcher?.stop();
}
