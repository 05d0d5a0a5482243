/**
 * Typo tolerance of search (docs/api.md "Search", docs/decisions/0007-search.md): how many typos a
 * query word may have, the distance that counts them, and the deletion variants through which the
 * vocabulary of an organization finds the words within that distance by an index lookup.
 *
 * Lengths are in characters (code points), as PostgreSQL counts them; words are lower-cased and
 * NFC-normalised before they get here (`parseSearchText`).
 */

/** Words longer than this match exactly only: their deletion variants would grow with the square of the length. */
export const MAX_TYPO_WORD_LENGTH = 24;

/**
 * Typos a word of the query may have, by its length: none up to 4 characters, 1 for 5 to 8, 2 from
 * 9 on (none beyond MAX_TYPO_WORD_LENGTH). A transposition of two neighbouring letters is one typo.
 */
export function typoBound(word: string): 0 | 1 | 2 {
  const length = [...word].length;
  if (length <= 4 || length > MAX_TYPO_WORD_LENGTH) return 0;
  return length <= 8 ? 1 : 2;
}

/**
 * The number of typos between two words: insertions, deletions, substitutions and transpositions of
 * neighbouring characters, each counting one (optimal string alignment distance, the restricted
 * Damerau–Levenshtein distance). Stops counting past `max` and then answers `max + 1`.
 */
export function typoDistance(a: string, b: string, max: number): number {
  const s = [...a];
  const t = [...b];
  if (Math.abs(s.length - t.length) > max) return max + 1;
  // Three rows of the dynamic programme: two back (for transpositions), the previous and the current.
  let before = new Array<number>(t.length + 1).fill(0);
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  let current = new Array<number>(t.length + 1).fill(0);
  for (let i = 1; i <= s.length; i++) {
    current[0] = i;
    let rowMinimum = current[0];
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      current[j] = value;
      rowMinimum = Math.min(rowMinimum, value);
    }
    // Every later row is at least this row's minimum: past `max`, the words are too far apart.
    if (rowMinimum > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  return Math.min(previous[t.length]!, max + 1);
}

/**
 * The word and every string made from it by deleting up to `typoBound(word)` characters. Two words
 * within the bound of the query word always share one (a substitution or a transposition is one
 * deletion on each side, an insertion one on the longer side), so the vocabulary's words whose
 * variants overlap the query word's are all the candidates, found through a GIN index; the distance
 * then decides. The `search_word_variants` SQL function (migration `search_vocabulary`) computes the
 * same for the vocabulary's words: a word's own bound is enough on its side.
 */
export function deletionVariants(word: string): string[] {
  const variants = new Set([word]);
  let level = [word];
  for (let depth = 0; depth < typoBound(word); depth++) {
    const next: string[] = [];
    for (const text of level) {
      const characters = [...text];
      for (let index = 0; index < characters.length; index++) {
        const variant = [...characters.slice(0, index), ...characters.slice(index + 1)].join("");
        if (!variants.has(variant)) {
          variants.add(variant);
          next.push(variant);
        }
      }
    }
    level = next;
  }
  return [...variants].sort();
}
