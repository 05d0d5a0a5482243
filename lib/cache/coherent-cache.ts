import { getInvalidationBus, type InvalidationBus, type InvalidationTopic } from "./invalidations";

type Options<V> = {
  /** How long a copy is served while changes are heard (a bound, not the way changes arrive). */
  ttlMs: number;
  /** How long a copy is served while they are not (0: every read goes to the database). */
  unheardTtlMs: number;
  maxEntries: number;
  /**
   * Announcements of another topic that also drop copies: those for which `concerns(copy, id)` holds
   * (a user's change drops the copies of that user's sessions).
   */
  related?: { topic: InvalidationTopic; concerns: (value: V, id: string) => boolean };
};

/**
 * A per-process cache of rows by id that drops a row as soon as the database announces a change to
 * it (`topic`), on any node. A load that started before a change was announced is not kept, so a
 * copy is never older than the last announcement.
 */
export class CoherentCache<V> {
  private readonly entries = new Map<string, { value: V; at: number }>();
  /** Counts announcements; a load keeps its result only if none came while it ran. */
  private generation = 0;

  constructor(
    private readonly topic: InvalidationTopic,
    private readonly options: Options<V>,
    private readonly bus: InvalidationBus = getInvalidationBus(),
  ) {
    bus.subscribe((event) => {
      if (event.topic === "reset") this.entries.clear();
      else if (event.topic === this.topic) this.entries.delete(event.id);
      else if (event.topic === this.options.related?.topic) {
        for (const [key, entry] of this.entries) if (this.options.related.concerns(entry.value, event.id)) this.entries.delete(key);
      } else return;
      this.generation += 1;
    });
  }

  async get(id: string, load: () => Promise<V>): Promise<V> {
    const ttl = this.bus.isLive() ? this.options.ttlMs : this.options.unheardTtlMs;
    const hit = this.entries.get(id);
    if (hit && Date.now() - hit.at < ttl) return hit.value;
    const generation = this.generation;
    const value = await load();
    if (ttl > 0 && generation === this.generation) {
      if (this.entries.size >= this.options.maxEntries) this.entries.clear();
      this.entries.set(id, { value, at: Date.now() });
    }
    return value;
  }
}
