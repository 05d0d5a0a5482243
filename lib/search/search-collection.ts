import { sql, type SQL } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import type { Executor } from "@/lib/db";
import type { AnalyzedWord } from "./analyze-query";
import type { Level } from "./filter-values";
import type { RankedHit } from "./order";
import type { SortKey } from "./schemas";
import type { SearchSource } from "./sources";

/**
 * Relevance (docs/decisions/0007-search.md). Per query word, a title strength:
 *   1.0  the word is in the title (stemmed in the response language, or verbatim in any language)
 *   0.9  a word it begins (the query's last word) or a word one typo away is in the title
 *   0.8  a word two typos away is (typos only for words that match nothing as written)
 * and an other strength: 0.6 when it names one of the item's goals, categories, equipment or its
 * instructor, 0.5 (0.45, 0.4) when it is in the description (as a prefix or one typo away, two typos
 * away). match_score = 0.85 × the mean over the words of the better of both + 0.15 × the mean title
 * strength × how much of the title the query covers (by length), so an exact title scores 1 and
 * outranks a longer title with the same words, which outranks a description match. Nothing depends on
 * the collection or its size, so scores compare across collections.
 */
export const WORD_SIMILARITY_THRESHOLD = 0.5;
const WEIGHT = { near: 0.9, far: 0.8, related: 0.6, description: 0.5, words: 0.85, wholeTitle: 0.15 } as const;

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

/**
 * The text search queries of one word, from the closest match to the farthest: the word as written,
 * then a word it begins (verbatim: a word being typed has no stem yet) or one typo away, then two
 * typos away; each restricted to a weight (A titles, B descriptions) when given. A stop word is
 * matched verbatim only. Empty groups are left out.
 */
function wordQueries(word: AnalyzedWord, config: string): { strength: number; query: (weight?: "A" | "B") => SQL }[] {
  const typos = (distance: number) => word.typos.filter((typo) => typo.distance === distance).map((typo) => typo.word);
  const groups = [
    { strength: 1, stemmed: word.isStopword ? [] : [word.word], verbatim: [word.word] },
    { strength: WEIGHT.near, stemmed: typos(1), verbatim: [...typos(1), ...(word.isPrefix ? [`${word.word}:*`] : [])] },
    { strength: WEIGHT.far, stemmed: typos(2), verbatim: typos(2) },
  ];
  // Words hold letters and digits only (query words and vocabulary words alike), so they can be joined
  // into one text search query.
  const text = (operands: string[], weight?: "A" | "B") =>
    operands.map((operand) => (weight ? `${operand}${operand.endsWith(":*") ? "" : ":"}${weight}` : operand)).join(" | ");
  return groups
    .filter((group) => group.verbatim.length > 0)
    .map((group) => ({
      strength: group.strength,
      query: (weight) => {
        const verbatim = sql`to_tsquery('simple', ${text(group.verbatim, weight)})`;
        return group.stemmed.length > 0 ? sql`(to_tsquery(${config}::regconfig, ${text(group.stemmed, weight)}) || ${verbatim})` : verbatim;
      },
    }));
}

const ORDER_SQL: Record<SortKey["field"], (direction: SQL) => SQL> = {
  match_score: (direction) => sql`match_score ${direction}`,
  title: (direction) => sql`title_key COLLATE "C" ${direction}`,
  duration: (direction) => sql`duration ${direction} NULLS LAST`,
  created_at: (direction) => sql`created_ms ${direction}`,
  updated_at: (direction) => sql`updated_ms ${direction}`,
};

/** The page row's stored categories: int ids (workouts, plans) or uuids (on-demand); the other list empty. */
function categoryColumns(source: SearchSource): SQL {
  const stored = sql`item.${sql.identifier(source.storedCategories.column)}`;
  return source.storedCategories.kind === "ids"
    ? sql`${stored} AS category_ids, '{}'::text[] AS category_uuids`
    : sql`'{}'::integer[] AS category_ids, ${stored}::text[] AS category_uuids`;
}

const milliseconds = (column: SQL) => sql`date_trunc('milliseconds', ${column})`;
const iso = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * One statement per collection: the matches (found through the GIN indexes on `search_vector` and
 * the id arrays) scored, counted, ordered and paged; only the page's rows are
 * read again for what the response shows.
 */
export async function searchCollection(db: Executor, search: CollectionSearch): Promise<CollectionPage> {
  const { source, words, config } = search;
  const table = source.table;
  const vector = sql`${table}.${sql.identifier("search_vector")}`;
  const titleOf = (row: SQL) =>
    sql`coalesce(nullif(${row}.title ->> ${search.language}::text, ''), ${row}.title ->> ${search.defaultLanguage}::text, '')`;
  const title = titleOf(sql`${table}`);

  const queries = words.map((word) => wordQueries(word, config));
  const candidates: SQL[] = [sql`${vector} @@ (${sql.join(queries.flat().map((group) => group.query()), sql` || `)})`];
  const strengths = words.flatMap((word, index) => {
    const related = source.related(word.hits, search.organizationId);
    candidates.push(...related);
    const titleStrength = sql`CASE ${sql.join(
      queries[index]!.map((group) => sql`WHEN ${vector} @@ ${group.query("A")} THEN ${literal(group.strength)}`),
      sql` `,
    )} ELSE 0 END`;
    const otherStrength = sql`GREATEST(${sql.join(
      [
        ...(related.length > 0 ? [sql`CASE WHEN ${sql.join(related, sql` OR `)} THEN ${literal(WEIGHT.related)} ELSE 0 END`] : []),
        sql`CASE ${sql.join(
          queries[index]!.map((group) => sql`WHEN ${vector} @@ ${group.query("B")} THEN ${literal(WEIGHT.description * group.strength)}`),
          sql` `,
        )} ELSE 0 END`,
      ],
      sql`, `,
    )})`;
    return [sql`${titleStrength} AS ${sql.identifier(`t${index}`)}`, sql`${otherStrength} AS ${sql.identifier(`o${index}`)}`];
  });
  const t = (index: number) => sql`${sql.identifier(`t${index}`)}`;
  const o = (index: number) => sql`${sql.identifier(`o${index}`)}`;
  const mean = (parts: SQL[]) => sql`(${sql.join(parts, sql` + `)}) / ${literal(words.length)}`;
  const titleCoverage = sql`least(1, ${literal([...search.normalized].length)}::float8 / greatest(1, char_length(title)))`;
  const score = sql`round((${literal(WEIGHT.words)} * ${mean(words.map((_, index) => sql`GREATEST(${t(index)}, ${o(index)})`))}
    + ${literal(WEIGHT.wholeTitle)} * ${mean(words.map((_, index) => t(index)))} * ${titleCoverage})::numeric, 4)::float8`;

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
      SELECT id, ${score} AS match_score, lower(title) AS title_key, duration, created_ms, updated_ms
      FROM (
        SELECT ${table.id} AS id, ${title} AS title, ${source.durationMinutes} AS duration,
          ${milliseconds(sql`${table.createdAt}`)} AS created_ms, ${milliseconds(sql`${table.updatedAt}`)} AS updated_ms,
          ${sql.join(strengths, sql`, `)}
        FROM ${table}
        WHERE ${where}
        OFFSET 0
      ) AS scored
    )
    SELECT totals.total, page.id, page.match_score, page.title_key, page.duration, ${titleOf(sql`item`)} AS title,
      item.level, item.goals, ${categoryColumns(source)},
      ${iso(sql`page.created_ms`)} AS created_at, ${iso(sql`page.updated_ms`)} AS updated_at
    FROM (SELECT count(*)::int AS total FROM matches) AS totals
    LEFT JOIN LATERAL (SELECT * FROM matches ORDER BY ${order} LIMIT ${search.limit} OFFSET ${search.offset}) AS page ON true
    LEFT JOIN ${table} AS item ON item.id = page.id`,
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
