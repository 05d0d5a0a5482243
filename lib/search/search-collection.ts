import { sql, type SQL } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import type { Executor } from "@/lib/db";
import type { AnalyzedWord } from "./analyze-query";
import type { Level } from "./filter-values";
import type { RankedHit } from "./order";
import type { SortKey } from "./schemas";
import type { SearchSource } from "./sources";

/**
 * Relevance (docs/decisions/0007-search.md). Per query word, the best of:
 *   1.0  the word is in the title (stemmed in the response language, or verbatim in any language)
 *   0.9 × similarity  it resembles a word of a title (trigram word similarity ≥ 0.5; typos)
 *   0.6  it names one of the item's goals, categories, equipment or its instructor
 *   0.5  it is in the description
 * match_score = 0.85 × the mean over the words + 0.15 × the trigram similarity of the whole query and
 * the title, so an exact title scores 1 and outranks a title that merely contains the words. Nothing
 * depends on the collection or its size, so scores compare across collections.
 */
export const WORD_SIMILARITY_THRESHOLD = 0.5;
const WEIGHT = { title: 1, fuzzyTitle: 0.9, related: 0.6, description: 0.5, words: 0.85, wholeTitle: 0.15 } as const;

/** A constant written into the statement (a bound parameter's type would be guessed from its context). */
const literal = (value: number) => sql.raw(String(value));

export type SearchHit = RankedHit & {
  title: string;
  level: Level;
  goals: number[];
  categoryIds: number[];
  categoryUuids: string[];
};

export type CollectionPage = { total: number; hits: SearchHit[] };

export type CollectionSearch = {
  source: SearchSource;
  organizationId: string;
  language: string;
  defaultLanguage: string;
  /** Text search configuration of the response language (`english`, …, `simple`). */
  config: string;
  words: AnalyzedWord[];
  /** The whole query, normalised, compared with whole titles. */
  normalized: string;
  /** Visibility for callers who see only published content, and `filter_by`. */
  conditions: SQL[];
  sort: readonly SortKey[];
  offset: number;
  limit: number;
};

type Row = {
  total: number;
  id: string | null;
  title: string;
  title_key: string;
  match_score: number;
  duration: number | null;
  level: Level;
  goals: number[];
  category_ids: number[];
  category_uuids: string[];
  created_at: string;
  updated_at: string;
};

/** A word as a text search query, restricted to a weight (A titles, B descriptions) when given. */
function wordQuery(word: AnalyzedWord, config: string, weight?: "A" | "B"): SQL {
  const operand = weight ? `${word.word}:${weight}` : word.word;
  return word.isStopword
    ? sql`to_tsquery('simple', ${operand})`
    : sql`(to_tsquery(${config}::regconfig, ${operand}) || to_tsquery('simple', ${operand}))`;
}

const ORDER_SQL: Record<SortKey["field"], (direction: SQL) => SQL> = {
  match_score: (direction) => sql`match_score ${direction}`,
  title: (direction) => sql`title_key COLLATE "C" ${direction}`,
  duration: (direction) => sql`duration ${direction} NULLS LAST`,
  created_at: (direction) => sql`created_at COLLATE "C" ${direction}`,
  updated_at: (direction) => sql`updated_at COLLATE "C" ${direction}`,
};

const iso = (column: SQL) => sql`to_char(date_trunc('milliseconds', ${column}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * One statement per collection: the matches (found through the GIN indexes on `search_vector`,
 * `search_titles` and the id arrays), scored, counted, ordered and paged.
 */
export async function searchCollection(db: Executor, search: CollectionSearch): Promise<CollectionPage> {
  const { source, words, config } = search;
  const table = source.table;
  const vector = sql`${table}.${sql.identifier("search_vector")}`;
  const titles = sql`${table}.${sql.identifier("search_titles")}`;
  const title = sql`coalesce(nullif(${table.title} ->> ${search.language}::text, ''), ${table.title} ->> ${search.defaultLanguage}::text, '')`;

  const candidates: SQL[] = [sql`${vector} @@ (${sql.join(words.map((word) => wordQuery(word, config)), sql` || `)})`];
  const strengths = words.map((word) => {
    const related = source.related(word.hits, search.organizationId);
    if (related.length > 0) candidates.push(...related);
    const parts = [sql`CASE WHEN ${vector} @@ ${wordQuery(word, config, "A")} THEN ${literal(WEIGHT.title)} ELSE 0 END`];
    if (word.isFuzzy) {
      candidates.push(sql`${word.word} <% ${titles}`);
      const similarity = sql`word_similarity(${word.word}, ${titles})`;
      parts.push(sql`CASE WHEN ${similarity} >= ${literal(WORD_SIMILARITY_THRESHOLD)} THEN ${literal(WEIGHT.fuzzyTitle)} * ${similarity} ELSE 0 END`);
    }
    if (related.length > 0) parts.push(sql`CASE WHEN ${sql.join(related, sql` OR `)} THEN ${literal(WEIGHT.related)} ELSE 0 END`);
    parts.push(sql`CASE WHEN ${vector} @@ ${wordQuery(word, config, "B")} THEN ${literal(WEIGHT.description)} ELSE 0 END`);
    return sql`GREATEST(${sql.join(parts, sql`, `)})`;
  });
  const score = sql`round((${literal(WEIGHT.words)} * (${sql.join(strengths, sql` + `)}) / ${literal(words.length)}
    + ${literal(WEIGHT.wholeTitle)} * similarity(${search.normalized}, lower(${title})))::numeric, 4)::float8`;

  const where = sql.join(
    [
      sql`${table.organizationId} = ${search.organizationId}`,
      ...(source.scope ? [source.scope] : []),
      ...search.conditions,
      sql`(${sql.join(candidates, sql` OR `)})`,
    ],
    sql` AND `,
  );
  const order = sql.join(
    [...search.sort.map((key) => ORDER_SQL[key.field](key.direction === "asc" ? sql`ASC` : sql`DESC`)), sql`id ASC`],
    sql`, `,
  );

  const rows = await queryRows<Row>(
    db,
    sql`WITH matches AS (
      SELECT ${table.id} AS id, ${title} AS title, lower(${title}) AS title_key, ${score} AS match_score,
        ${source.durationMinutes} AS duration, ${table.level} AS level, ${table.goals} AS goals,
        ${source.storedCategoryIds} AS category_ids, ${source.storedCategoryUuids}::text[] AS category_uuids,
        ${iso(sql`${table.createdAt}`)} AS created_at, ${iso(sql`${table.updatedAt}`)} AS updated_at
      FROM ${table}
      WHERE ${where}
    )
    SELECT totals.total, page.*
    FROM (SELECT count(*)::int AS total FROM matches) AS totals
    LEFT JOIN LATERAL (SELECT * FROM matches ORDER BY ${order} LIMIT ${search.limit} OFFSET ${search.offset}) AS page ON true`,
  );

  const total = rows[0]?.total ?? 0;
  const hits = rows
    .filter((row) => row.id !== null)
    .map<SearchHit>((row) => ({
      collection: source.collection,
      entityId: row.id!,
      matchScore: row.match_score,
      titleKey: row.title_key,
      duration: row.duration,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      title: row.title,
      level: row.level,
      goals: row.goals,
      categoryIds: row.category_ids,
      categoryUuids: row.category_uuids,
    }));
  return { total, hits };
}
