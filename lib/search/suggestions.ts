import { desc, asc, and, eq, or, sql } from "drizzle-orm";
import { tables, type Db, type Executor } from "@/lib/db";
import { describeError, log } from "@/lib/log";
import { isFuzzyWord } from "./query-text";
import { WORD_SIMILARITY_THRESHOLD } from "./search-collection";

export const MAX_SUGGESTIONS = 5;
/** How long recorded queries wait in memory before one statement writes them all. */
export const RECORD_FLUSH_MS = 250;
const MAX_PENDING = 500;

const s = tables.searchQueries;

export type Suggestion = { q: string; popularity: number };

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (match) => `\\${match}`);

/**
 * Earlier successful queries of the organization that start like `normalized`: a true prefix, or —
 * for typos — a beginning of about the same length that is trigram-similar ("hiit cardoi" finds
 * "hiit cardio workout"). Most popular first. Needs the transaction's word-similarity threshold.
 */
export async function findSuggestions(db: Executor, organizationId: string, normalized: string): Promise<Suggestion[]> {
  if (!normalized) return [];
  const prefix = sql`${s.query} LIKE ${`${escapeLike(normalized)}%`} ESCAPE '\\'`;
  const length = [...normalized].length;
  // Not shorter than what was typed (one character of slack for a typo): a suggestion continues the query.
  const similarBeginning = and(
    sql`${normalized} <% ${s.query}`,
    sql`char_length(${s.query}) >= ${length - 1}`,
    sql`word_similarity(${normalized}, left(${s.query}, ${length + 2})) >= ${sql.raw(String(WORD_SIMILARITY_THRESHOLD))}`,
  );
  const rows = await db
    .select({ q: s.query, popularity: s.count })
    .from(s)
    .where(and(eq(s.organizationId, organizationId), isFuzzyWord(normalized) ? or(prefix, similarBeginning) : prefix))
    .orderBy(desc(s.count), desc(s.lastSearchedAt), asc(s.query))
    .limit(MAX_SUGGESTIONS);
  return rows;
}

/**
 * Queries wait here (organization and text → how many times) and are written by one upsert per flush,
 * after the responses that found them have been sent: recording never adds a statement to a search.
 * A crash loses at most the last RECORD_FLUSH_MS of counts, which suggestions can afford.
 */
const pending = new Map<string, { organizationId: string; query: string; count: number }>();
let timer: NodeJS.Timeout | undefined;

export function recordSearchQuery(db: Db, organizationId: string, query: string): void {
  const key = `${organizationId}\u0000${query}`;
  const entry = pending.get(key);
  if (entry) entry.count += 1;
  else pending.set(key, { organizationId, query, count: 1 });
  if (pending.size >= MAX_PENDING) void flushSearchQueries(db);
  else timer ??= setTimeout(() => void flushSearchQueries(db), RECORD_FLUSH_MS).unref();
}

export async function flushSearchQueries(db: Db): Promise<void> {
  clearTimeout(timer);
  timer = undefined;
  const batch = [...pending.values()];
  pending.clear();
  if (batch.length === 0) return;
  try {
    await db
      .insert(s)
      .values(batch)
      .onConflictDoUpdate({ target: [s.organizationId, s.query], set: { count: sql`${s.count} + excluded.count`, lastSearchedAt: sql`now()` } });
  } catch (error) {
    log.warn("search queries not recorded", { queries: batch.length, ...describeError(error) });
  }
}
