import type { FilterQuery, FilterSpec } from "@/lib/filter/types";
import { buildFilterQueryString } from "@/lib/filter/format";
import { parseFilter } from "@/lib/filter/parse";

// Isomorphic: the translation screens (client) and their pages' first paint on the server (ADR 9,
// "Data on first paint") build the same keys and API addresses.

/** Every page of the queue sits under this key; a save of translations drops them all. */
export const translationQueueKey = ["translation-queue"] as const;

/** Who is looking, as the admin context knows them. */
type QueueViewer = { languages: readonly string[]; defaultLanguage: string; translatorLanguages: readonly string[] };

/** The queue's view: the address's filter with its language settled, and the API query that reads it. */
export type QueueView = { query: FilterQuery; effective: FilterQuery; language: string; collection: string; state: string; queryString: string };

/**
 * The view in the address. A field the API requires (the language) may be missing there: the screen
 * picks it itself, so the address is read as if nothing were required.
 */
function readQuery(search: string, apiSpec: FilterSpec): FilterQuery {
  const spec: FilterSpec = { ...apiSpec, fields: Object.fromEntries(Object.entries(apiSpec.fields).map(([field, fieldSpec]) => [field, { ...fieldSpec, required: undefined }])) };
  try {
    return parseFilter(new URLSearchParams(search), spec);
  } catch {
    return parseFilter(new URLSearchParams(), spec);
  }
}

const valueOf = (query: FilterQuery, field: string) => query.where.find((condition) => condition.field === field)?.values[0] ?? "";

/**
 * The queue's view of an admin address (`search`, the query string): the language is the address's,
 * else a translator's first language other than the default, else the first other language.
 */
export function readQueueView(search: string, spec: FilterSpec, viewer: QueueViewer): QueueView {
  const query = readQuery(search, spec);
  const targets = viewer.languages.filter((language) => language !== viewer.defaultLanguage);
  const language = valueOf(query, "language") || viewer.translatorLanguages.find((candidate) => targets.includes(candidate)) || targets[0] || viewer.defaultLanguage;
  const effective: FilterQuery = {
    ...query,
    where: [{ field: "language", operator: "eq", values: [language] }, ...query.where.filter((condition) => condition.field !== "language")],
  };
  return { query, effective, language, collection: valueOf(query, "collection"), state: valueOf(query, "state"), queryString: buildFilterQueryString(effective, spec) };
}

/** One page of the queue, as the screen's query holds it. */
export const translationQueueRead = (queryString: string) => ({ key: [...translationQueueKey, queryString] as const, path: `/content/translation-queue?${queryString}` });
