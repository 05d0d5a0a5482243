import { isLanguageTag } from "./language-code";

export type LanguagePreference = { tag: string; q: number };

// Browsers send a handful of entries; anything far beyond that is garbage or an attack, and parsing
// it must stay cheap because every content request carries the header.
const MAX_HEADER_LENGTH = 4096;
const MAX_ENTRIES = 64;

// RFC 9110 §12.4.2: qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )
const WEIGHT_PATTERN = /^[qQ]=(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/**
 * The acceptable language ranges of an `Accept-Language` header (RFC 9110 §12.5.4), most preferred
 * first: by q descending, ties in header order. Ranges with q=0 ("not acceptable") and entries that do
 * not follow the grammar are left out; `*` is kept.
 */
export function parseAcceptLanguage(header: string | null): LanguagePreference[] {
  return readPreferences(header).filter((preference) => preference.q > 0);
}

/**
 * The enabled language to answer in: the first acceptable preference that matches an enabled language,
 * else the organization default. A range matches its exact tag first, then its shorter prefixes
 * (`de-CH` → `de`, RFC 4647 lookup), then an enabled tag with the same primary subtag (`pt` → `pt-BR`).
 * `*` means the default language unless the client refused it with q=0.
 */
export function negotiateLanguage(header: string | null, enabled: readonly string[], defaultLanguage: string): string {
  const preferences = readPreferences(header);
  const refused = preferences.filter((preference) => preference.q === 0).map((preference) => preference.tag.toLowerCase());
  const acceptable = enabled.filter((language) => !isRefused(language, refused));
  for (const { tag, q } of preferences) {
    // Sorted by q, so everything from here on was refused.
    if (q === 0) break;
    const match = tag === "*" ? matchWildcard(acceptable, defaultLanguage) : matchRange(tag, acceptable);
    if (match !== undefined) return match;
  }
  // Nothing acceptable is enabled: RFC 9110 allows serving a default rather than answering 406.
  return defaultLanguage;
}

function readPreferences(header: string | null): LanguagePreference[] {
  if (!header) return [];
  const preferences: LanguagePreference[] = [];
  for (const entry of splitBounded(header)) {
    const preference = parseEntry(entry);
    if (preference) preferences.push(preference);
  }
  // Array.prototype.sort is stable, which keeps header order among equal q-values.
  return preferences.sort((a, b) => b.q - a.q);
}

function splitBounded(header: string): string[] {
  let text = header;
  if (text.length > MAX_HEADER_LENGTH) {
    // Cut at a comma: a half-read entry could turn "en;q=0.1" into "en" with q=1.
    const cut = text.lastIndexOf(",", MAX_HEADER_LENGTH);
    text = cut === -1 ? "" : text.slice(0, cut);
  }
  return text.split(",", MAX_ENTRIES);
}

function parseEntry(entry: string): LanguagePreference | undefined {
  const [range = "", ...parameters] = entry.split(";");
  const tag = range.trim();
  if (tag !== "*" && !isLanguageTag(tag)) return undefined;
  if (parameters.length === 0) return { tag, q: 1 };
  // Accept-Language allows exactly one parameter, the weight.
  if (parameters.length > 1) return undefined;
  const weight = WEIGHT_PATTERN.exec((parameters[0] ?? "").trim());
  if (!weight?.[1]) return undefined;
  return { tag, q: Number(weight[1]) };
}

function matchRange(range: string, acceptable: readonly string[]): string | undefined {
  const wanted = range.toLowerCase();
  let prefix = wanted;
  for (;;) {
    const match = acceptable.find((language) => language.toLowerCase() === prefix);
    if (match !== undefined) return match;
    const dash = prefix.lastIndexOf("-");
    if (dash === -1) break;
    prefix = prefix.slice(0, dash);
  }
  const primary = primarySubtag(wanted);
  return acceptable.find((language) => primarySubtag(language.toLowerCase()) === primary);
}

function matchWildcard(acceptable: readonly string[], defaultLanguage: string): string | undefined {
  return acceptable.includes(defaultLanguage) ? defaultLanguage : acceptable[0];
}

// A refused range covers its subtags too (RFC 4647 basic filtering): "en;q=0" refuses "en-GB".
// "*;q=0" only refuses what is not listed, so it never refuses a listed language and is ignored here.
function isRefused(language: string, refused: readonly string[]): boolean {
  const tag = language.toLowerCase();
  return refused.some((range) => tag === range || tag.startsWith(`${range}-`));
}

function primarySubtag(tag: string): string {
  const dash = tag.indexOf("-");
  return dash === -1 ? tag : tag.slice(0, dash);
}
