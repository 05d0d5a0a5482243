import { describeError, log } from "@/lib/log";

/**
 * How a process's caches learn that another process (or this one, or an operator's SQL) changed
 * what they hold. Database triggers send `NOTIFY fcs_invalidate, '<topic>:<id>'` when a row that a
 * cache copies changes (lib/db/migrations/0007_cache_invalidation.sql); this bus listens and tells
 * every cache. It is *live* only while the listening connection is up: caches serve copies only then,
 * and forget everything when it comes back, since changes made meanwhile were not heard
 * (docs/decisions/0018).
 */
export const INVALIDATION_CHANNEL = "fcs_invalidate";

export const INVALIDATION_TOPICS = ["organization", "user", "session", "integration-token"] as const;
export type InvalidationTopic = (typeof INVALIDATION_TOPICS)[number];

/** One changed row, or `reset`: forget everything (the listener (re)connected). */
export type Invalidation = { topic: InvalidationTopic; id: string } | { topic: "reset" };

export function parseInvalidation(payload: string): Invalidation | undefined {
  const separator = payload.indexOf(":");
  const topic = payload.slice(0, separator) as InvalidationTopic;
  const id = payload.slice(separator + 1);
  return separator > 0 && id && INVALIDATION_TOPICS.includes(topic) ? { topic, id } : undefined;
}

export class InvalidationBus {
  private readonly handlers = new Set<(event: Invalidation) => void>();
  private live = false;

  /** Whether changes are being heard; caches keep copies only while this holds. */
  isLive(): boolean {
    return this.live;
  }

  subscribe(handler: (event: Invalidation) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  /** A notification's payload from the database. */
  receive(payload: string): void {
    const event = parseInvalidation(payload);
    if (event) this.dispatch(event);
    else log.warn("unknown cache invalidation", { payload: payload.slice(0, 100) });
  }

  /** The listener connected (every copy is forgotten: what changed while it was away is unknown) or was lost. */
  setLive(isLive: boolean): void {
    if (isLive === this.live) return;
    this.live = isLive;
    this.dispatch({ topic: "reset" });
    if (isLive) log.debug("cache invalidations are heard");
    else log.warn("cache invalidations are not heard; caches are bypassed until the listener reconnects");
  }

  private dispatch(event: Invalidation): void {
    for (const handler of this.handlers) {
      try {
        handler(event);
      } catch (error) {
        log.error("a cache invalidation handler failed", describeError(error));
      }
    }
  }
}

const BUS_KEY = Symbol.for("fcs.invalidationBus");
// On `globalThis`: caches in every bundle of the process hear the one listener.
type BusHolder = { [BUS_KEY]?: InvalidationBus };

export function getInvalidationBus(): InvalidationBus {
  const holder = globalThis as BusHolder;
  holder[BUS_KEY] ??= new InvalidationBus();
  return holder[BUS_KEY];
}

/**
 * Drops this process's copies of a row at once, after a change this process made: the request that
 * made it may be followed at once by one that reads it, before the database's announcement (which
 * still tells every process) has arrived here.
 */
export function announceLocally(topic: InvalidationTopic, id: string): void {
  getInvalidationBus().receive(`${topic}:${id}`);
}

/**
 * Starts hearing the database's invalidations for this process (server start-up). Resolves with a
 * function that stops.
 */
export async function startInvalidationListener(database: { listen: (channel: string, handlers: { onNotify: (payload: string) => void; onLive: (isLive: boolean) => void }) => Promise<() => Promise<void>> }): Promise<() => Promise<void>> {
  const bus = getInvalidationBus();
  return database.listen(INVALIDATION_CHANNEL, { onNotify: (payload) => bus.receive(payload), onLive: (isLive) => bus.setLive(isLive) });
}
