/** How many words of a query take part in matching; further words are ignored. */
export const MAX_QUERY_WORDS = 10;

/** Suggestions compare by trigram similarity from this many characters on (shorter queries by their beginning only). */
export const MIN_FUZZY_WORD_LENGTH = 3;

/** The query's last word matches as the beginning of a longer word from this many characters on. */
export const MIN_PREFIX_LENGTH = 2;

export type SearchText = {
  /** The words of the query, lower-cased and NFC-normalised, in order and without repeats (at most 10). */
  words: string[];
  /** Every word joined by single spaces: what is compared with whole titles and recorded for suggestions. */
  normalized: string;
  /**
   * The query's last word when it also matches as a prefix (a word being typed: "interv" finds
   * "Interval"): one of `words`, of at least MIN_PREFIX_LENGTH characters.
   */
  prefix?: string;
};

// Letters, digits and combining marks of any script; everything else separates words.
const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/**
 * The words a query is matched with. Splitting on anything but letters and digits keeps full-text
 * query syntax (`&`, `|`, `!`, `:`, quotes) out of the words, so each can be handed to `to_tsquery` as is.
 */
export function parseSearchText(q: string): SearchText {
  const all = q.normalize("NFC").toLowerCase().match(WORD) ?? [];
  const words = [...new Set(all)].slice(0, MAX_QUERY_WORDS);
  const last = all.at(-1);
  const prefix = last !== undefined && words.includes(last) && [...last].length >= MIN_PREFIX_LENGTH ? last : undefined;
  return { words, normalized: all.join(" "), ...(prefix ? { prefix } : {}) };
}

export function isFuzzyWord(word: string): boolean {
  return [...word].length >= MIN_FUZZY_WORD_LENGTH;
}

/**
 * The PostgreSQL text search configuration for a response language: a stemmer where the search
 * columns hold that language stemmed (the `search` migration), else `simple` (words as written).
 */
const TEXT_SEARCH_CONFIGS: Record<string, string> = { en: "english", de: "german", fr: "french", es: "spanish" };

export function textSearchConfigFor(language: string): string {
  return TEXT_SEARCH_CONFIGS[language] ?? "simple";
}
