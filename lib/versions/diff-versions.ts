/**
 * The structural diff of two versions of a record (docs/api.md "Version history"). Pure and isomorphic:
 * the admin's history panel shows what the API computes.
 *
 * - Objects are compared member by member; a text (an object whose members are all language codes with
 *   string values) member by member too, so each change names its language.
 * - Arrays of objects are matched, not compared by position: first equal elements, then the most
 *   similar ones. A matched element whose position changed relative to the others, or which now sits
 *   in another array of the same member (an item moved from one phase to another), is a `moved`;
 *   its own changes follow at its new path.
 * - Arrays of scalars (ids, tags) change as a whole.
 * - `path` is a JSON Pointer into the `to` version; for `removed` and a move's `from_path`, into `from`.
 */

export type VersionChange =
  | { type: "added"; path: string; language?: string; new_value: unknown }
  | { type: "removed"; path: string; language?: string; old_value: unknown }
  | { type: "changed"; path: string; language?: string; old_value: unknown; new_value: unknown }
  | { type: "moved"; path: string; from_path: string };

type Json = Record<string, unknown>;
type Pair = { a: unknown; b: unknown; oldPath: string; newPath: string };
type Slot = { value: Json; path: string; group: number; index: number };

/** Beyond this many candidate pairs, elements are matched only when equal (bounded work per request). */
const MAX_SIMILARITY_PAIRS = 250_000;
/** How alike two elements must be (0…1) to count as one element changed rather than one removed and one added. */
const MIN_SIMILARITY = 0.5;

const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
const escape = (key: string) => key.replace(/~/g, "~0").replace(/\//g, "~1");
const join = (path: string, key: string | number) => `${path}/${escape(String(key))}`;

/** JSON text with members in a fixed order: equal values give equal text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (isObject(value)) {
    return `{${Object.keys(value)
      .sort()
      .filter((key) => value[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

const equal = (a: unknown, b: unknown) => a === b || canonical(a) === canonical(b);

export function diffVersions(from: unknown, to: unknown, languages: readonly string[]): VersionChange[] {
  const changes: VersionChange[] = [];
  const differ = new Differ(new Set(languages), changes);
  differ.values({ a: from, b: to, oldPath: "", newPath: "" });
  return changes;
}

class Differ {
  constructor(
    private readonly languages: ReadonlySet<string>,
    private readonly out: VersionChange[],
  ) {}

  private isText(value: unknown): boolean {
    if (!isObject(value)) return false;
    const entries = Object.entries(value);
    return entries.length > 0 && entries.every(([key, text]) => this.languages.has(key) && typeof text === "string");
  }

  values(pair: Pair, language?: string): void {
    if (equal(pair.a, pair.b)) return;
    if (isObject(pair.a) && isObject(pair.b)) return this.objects([pair]);
    if (isArrayOfObjects(pair.a) && isArrayOfObjects(pair.b)) return this.arrays([pair]);
    this.out.push({ type: "changed", path: pair.newPath, ...(language ? { language } : {}), old_value: pair.a, new_value: pair.b });
  }

  /** Objects member by member; arrays of objects under the same member are matched together across all pairs. */
  objects(pairs: Pair[]): void {
    const pooled = new Map<string, Pair[]>();
    for (const pair of pairs) {
      const a = pair.a as Json;
      const b = pair.b as Json;
      const isText = this.isText(a) || this.isText(b);
      const keys = [...Object.keys(b), ...Object.keys(a).filter((key) => !(key in b))];
      for (const key of keys) {
        const language = isText ? key : undefined;
        const lang = language ? { language } : {};
        const inA = key in a && a[key] !== undefined;
        const inB = key in b && b[key] !== undefined;
        if (inA && !inB) this.out.push({ type: "removed", path: join(pair.oldPath, key), ...lang, old_value: a[key] });
        else if (!inA && inB) this.out.push({ type: "added", path: join(pair.newPath, key), ...lang, new_value: b[key] });
        else if (inA && inB) {
          const child = { a: a[key], b: b[key], oldPath: join(pair.oldPath, key), newPath: join(pair.newPath, key) };
          if (isArrayOfObjects(child.a) && isArrayOfObjects(child.b) && !equal(child.a, child.b)) {
            pooled.set(key, [...(pooled.get(key) ?? []), child]);
          } else this.values(child, language);
        }
      }
    }
    for (const group of pooled.values()) this.arrays(group);
  }

  /** Arrays of objects (one or several, the same member of sibling elements): matched, moves recognised. */
  arrays(groups: Pair[]): void {
    const olds: Slot[] = groups.flatMap((group, g) => (group.a as Json[]).map((value, index) => ({ value, path: join(group.oldPath, index), group: g, index })));
    const news: Slot[] = groups.flatMap((group, g) => (group.b as Json[]).map((value, index) => ({ value, path: join(group.newPath, index), group: g, index })));
    const matches = matchSlots(olds, news);
    const matchedOld = new Set(matches.map(([old]) => old));
    const matchedNew = new Set(matches.map(([, next]) => next));

    const moved = new Set<[Slot, Slot]>();
    for (let g = 0; g < groups.length; g++) {
      const inGroup = matches.filter(([old, next]) => old.group === g && next.group === g).sort(([, x], [, y]) => x.index - y.index);
      const kept = longestIncreasing(inGroup.map(([old]) => old.index));
      inGroup.forEach((match, position) => {
        if (!kept.has(position)) moved.add(match);
      });
    }
    for (const match of matches) if (match[0].group !== match[1].group) moved.add(match);

    for (const old of olds) if (!matchedOld.has(old)) this.out.push({ type: "removed", path: old.path, old_value: old.value });
    const changed: Pair[] = [];
    for (const next of news) {
      const match = matches.find(([, candidate]) => candidate === next);
      if (!match) {
        if (!matchedNew.has(next)) this.out.push({ type: "added", path: next.path, new_value: next.value });
        continue;
      }
      if (moved.has(match)) this.out.push({ type: "moved", path: next.path, from_path: match[0].path });
      if (!equal(match[0].value, next.value)) changed.push({ a: match[0].value, b: next.value, oldPath: match[0].path, newPath: next.path });
    }
    if (changed.length > 0) this.objects(changed);
  }
}

function isArrayOfObjects(value: unknown): value is Json[] {
  return Array.isArray(value) && value.every(isObject);
}

/** Prefers the same array and position, then the same array. */
function affinity(old: Slot, next: Slot): number {
  if (old.group !== next.group) return 0;
  return old.index === next.index ? 2 : 1;
}

function matchSlots(olds: Slot[], news: Slot[]): [Slot, Slot][] {
  const matches: [Slot, Slot][] = [];
  const used = new Set<Slot>();
  // 1. Equal elements.
  const byValue = new Map<string, Slot[]>();
  for (const old of olds) {
    const key = canonical(old.value);
    byValue.set(key, [...(byValue.get(key) ?? []), old]);
  }
  const unmatched: Slot[] = [];
  for (const next of news) {
    const candidates = (byValue.get(canonical(next.value)) ?? []).filter((old) => !used.has(old));
    const best = candidates.sort((x, y) => affinity(y, next) - affinity(x, next))[0];
    if (best) {
      used.add(best);
      matches.push([best, next]);
    } else unmatched.push(next);
  }
  // 2. The most similar of the rest.
  const rest = olds.filter((old) => !used.has(old));
  if (rest.length === 0 || unmatched.length === 0 || rest.length * unmatched.length > MAX_SIMILARITY_PAIRS) return matches;
  const leavesOf = new Map<Slot, Leaves>();
  for (const slot of [...rest, ...unmatched]) leavesOf.set(slot, leaves(slot.value));
  const candidates: { old: Slot; next: Slot; score: number }[] = [];
  for (const next of unmatched) {
    for (const old of rest) {
      const score = similarity(leavesOf.get(old)!, leavesOf.get(next)!);
      if (score >= MIN_SIMILARITY) candidates.push({ old, next, score });
    }
  }
  candidates.sort((x, y) => y.score - x.score || affinity(y.old, y.next) - affinity(x.old, x.next));
  const taken = new Set<Slot>();
  for (const { old, next } of candidates) {
    if (used.has(old) || taken.has(next)) continue;
    used.add(old);
    taken.add(next);
    matches.push([old, next]);
  }
  return matches;
}

type Leaves = { deep: Map<string, string>; shallow: Map<string, string> };

/** Every scalar of a value by its pointer; `shallow` leaves out what sits in nested arrays of objects. */
function leaves(value: unknown): Leaves {
  const deep = new Map<string, string>();
  const shallow = new Map<string, string>();
  const walk = (node: unknown, path: string, inNested: boolean) => {
    if (isObject(node)) for (const [key, child] of Object.entries(node)) walk(child, join(path, key), inNested);
    else if (isArrayOfObjects(node) && node.length > 0) node.forEach((child, index) => walk(child, join(path, index), true));
    else {
      const text = canonical(node);
      deep.set(path, text);
      if (!inNested) shallow.set(path, text);
    }
  };
  walk(value, "", false);
  return { deep, shallow };
}

function overlap(a: Map<string, string>, b: Map<string, string>): number {
  if (a.size + b.size === 0) return 1;
  let common = 0;
  for (const [path, text] of a) if (b.get(path) === text) common++;
  return (2 * common) / (a.size + b.size);
}

/** Half how alike the element's own fields are, half how alike everything in it is. */
function similarity(a: Leaves, b: Leaves): number {
  return (overlap(a.shallow, b.shallow) + overlap(a.deep, b.deep)) / 2;
}

/** The positions (in `sequence`) of one longest strictly increasing subsequence. */
function longestIncreasing(sequence: number[]): Set<number> {
  const tails: number[] = [];
  const previous: number[] = new Array(sequence.length).fill(-1);
  for (let i = 0; i < sequence.length; i++) {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (sequence[tails[mid]!]! < sequence[i]!) low = mid + 1;
      else high = mid;
    }
    if (low > 0) previous[i] = tails[low - 1]!;
    tails[low] = i;
  }
  const kept = new Set<number>();
  for (let i = tails.length > 0 ? tails[tails.length - 1]! : -1; i >= 0; i = previous[i]!) kept.add(i);
  return kept;
}
