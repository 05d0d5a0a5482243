/** Levenshtein distance (insertions, deletions, substitutions), one row at a time. */
export function measureEditDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * The candidate nearest to `input`, or undefined when none is close. "Close" is at most two edits and fewer
 * edits than the candidate has characters, so a typo like `lvl` finds `level` while `x` does not claim `q`.
 * Ties go to the earlier candidate, so the allowlist's order decides.
 */
export function findClosestName(input: string, candidates: Iterable<string>): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const name of candidates) {
    const distance = measureEditDistance(input.toLowerCase(), name.toLowerCase());
    if (distance > 2 || distance >= name.length) continue;
    if (!best || distance < best.distance) best = { name, distance };
  }
  return best?.name;
}
