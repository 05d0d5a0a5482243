/**
 * A small seeded pseudo-random generator (mulberry32), so that the demo catalogue is the same on
 * every run for the same seed. Not for anything security-related.
 */
export type Random = {
  /** A float in [0, 1). */
  next: () => number;
  /** An integer in [min, max]. */
  int: (min: number, max: number) => number;
  /** One element of a non-empty list. */
  pick: <T>(items: readonly T[]) => T;
  /** `count` distinct elements (all of them when there are fewer), in random order. */
  sample: <T>(items: readonly T[], count: number) => T[];
  /** True with probability `p`. */
  chance: (p: number) => boolean;
};

export const DEMO_SEED = 20_251_121;

export function createRandom(seed: number = DEMO_SEED): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error("pick from an empty list");
    return items[int(0, items.length - 1)]!;
  };
  const sample = <T>(items: readonly T[], count: number): T[] => {
    const pool = [...items];
    for (let i = pool.length - 1; i > 0; i--) {
      const j = int(0, i);
      [pool[i], pool[j]] = [pool[j]!, pool[i]!];
    }
    return pool.slice(0, Math.min(count, pool.length));
  };
  return { next, int, pick, sample, chance: (p) => next() < p };
}
