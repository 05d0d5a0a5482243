import { sql, type SQL } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import { tables, type Executor } from "@/lib/db";
import type { RelatedHits } from "./sources";
import { deletionVariants, typoBound, typoDistance } from "./typos";

/** How a query word matched: as written (stemmed or verbatim, or a related name), as the beginning of a longer word, within its typo bound, or not at all. */
export type WordMatch = "exact" | "prefix" | "typo" | "none";

export type AnalyzedWord = {
  word: string;
  /** A stop word of the response language's configuration ("the", "für"): matched verbatim only. */
  isStopword: boolean;
  /**
   * The query's last word, when it matches no word as written: it matches the beginning of longer
   * words ("kettleb" → "kettlebell"). A word that matches as written is taken as written, so known
   * words cost no more than before (docs/decisions/0007-search.md).
   */
  isPrefix: boolean;
  /**
   * Words of the organization's vocabulary within the word's typo bound, with their distance (1 or 2).
   * Only for a word that matches nothing as written nor as a prefix: a known word is not corrected.
   */
  typos: { word: string; distance: number }[];
  /** Goals, categories, equipment and instructors whose names the word matches (as written, as a prefix, or through a typo). */
  hits: RelatedHits;
  match: WordMatch;
};

type Via = "exact" | "prefix" | "typo";
type Row = {
  ord: number;
  is_stopword: boolean;
  is_known: boolean;
  is_prefix_known: boolean;
  via: Via | null;
  via_word: string | null;
  kind: "goal" | "category" | "equipment" | "instructor" | null;
  id: number | null;
  uuid: string | null;
};

const g = tables.fitnessGoals;
const c = tables.contentCategories;
const e = tables.equipment;
const i = tables.instructors;
const v = tables.searchWords;
const CONTENT_TABLES = [tables.workouts, tables.trainingPlans, tables.onDemand];
const probeName = (kind: "known" | "prefix", word: number, table: number) => sql.identifier(`${kind}_${word}_${table}`);

/** A PostgreSQL array literal of texts (every element quoted), passed as one parameter. */
const textArray = (values: readonly string[]) => sql`${`{${values.map((value) => `"${value.replace(/["\\]/g, "\\$&")}"`).join(",")}}`}::text[]`;

/** Whether a text search vector holds the word as written (stemmed in `config`, or verbatim), or a word it begins (verbatim). */
const wordQuery = (config: string, word: string, asPrefix: boolean) =>
  asPrefix ? sql`to_tsquery('simple', ${`${word}:*`})` : sql`(to_tsquery(${config}::regconfig, ${word}) || to_tsquery('simple', ${word}))`;

/**
 * One statement for the whole query (docs/decisions/0007-search.md), per word:
 * - whether it is a stop word of `config`, whether some title or description of the organization holds
 *   it (one GIN probe per table), and for the last word, when none does, whether one holds a word it
 *   begins (the probes of a word found as written are skipped);
 * - for a word that neither holds, the vocabulary's words that share a deletion variant with it (GIN
 *   on `search_words.variants`): every word within its typo bound is among them, and
 *   `typoDistance` then keeps those within it;
 * - the lookup records whose names, in the response or the default language, hold the word (as
 *   written, as a prefix, or one of its typo candidates): found through their trigram-indexed
 *   `search_text`, then checked word by word.
 */
export async function analyzeQuery(
  db: Executor,
  organizationId: string,
  words: string[],
  prefix: string | undefined,
  config: string,
  languages: { language: string; defaultLanguage: string },
): Promise<AnalyzedWord[]> {
  const probes = words.flatMap((word, index) => {
    const kinds = word === prefix ? (["known", "prefix"] as const) : (["known"] as const);
    return kinds.flatMap((kind) =>
      CONTENT_TABLES.map(
        // Materialized, so that each probe is planned as a GIN index scan; an EXISTS would be planned
        // for its first row and could read the whole table when the word occurs nowhere.
        (table, tableIndex) => sql`${probeName(kind, index, tableIndex)} AS MATERIALIZED (
          SELECT 1 FROM ${table} WHERE ${table.organizationId} = ${organizationId}
            AND ${table}.${sql.identifier("search_vector")} @@ ${wordQuery(config, word, kind === "prefix")})`,
      ),
    );
  });
  const anyOf = (kind: "known" | "prefix", index: number) =>
    sql.join(
      CONTENT_TABLES.map((_, tableIndex) => sql`EXISTS (SELECT 1 FROM ${probeName(kind, index, tableIndex)})`),
      sql` OR `,
    );
  const values = words.map(
    (word, index) =>
      sql`(${sql.raw(String(index + 1))}, ${word}::text, length(to_tsvector(${config}::regconfig, ${word})) = 0,
        ${anyOf("known", index)}, ${word === prefix ? sql`NOT (${anyOf("known", index)}) AND (${anyOf("prefix", index)})` : sql`false`},
        ${sql.raw(String(word === prefix))})`,
  );
  // Typo candidates: the vocabulary's words sharing a deletion variant with the word, through the GIN
  // index on `variants` alone (materialized, so no plan reads the organization's whole vocabulary
  // through its primary key instead), then narrowed to the organization. The one-time condition
  // skips the lookup for a word that matched as written or as a prefix.
  const typoWords = words.flatMap((word, index) => (typoBound(word) > 0 ? [{ word, index }] : []));
  const typoProbes = typoWords.map(
    ({ word, index }) => sql`, ${sql.identifier(`typos_${index}`)} AS MATERIALIZED (
      SELECT ${v.organizationId} AS organization_id, ${v.word} AS word FROM ${v} WHERE ${v.variants} && ${textArray(deletionVariants(word))})`,
  );
  const typos =
    typoWords.length === 0
      ? sql`SELECT NULL::integer AS ord, NULL::text AS word WHERE false`
      : sql.join(
          typoWords.map(
            ({ word, index }) => sql`SELECT ${sql.raw(String(index + 1))} AS ord, found.word FROM ${sql.identifier(`typos_${index}`)} AS found
              WHERE found.organization_id = ${organizationId} AND found.word <> ${word}::text
                AND EXISTS (SELECT 1 FROM words WHERE words.ord = ${sql.raw(String(index + 1))} AND NOT words.is_stopword AND NOT words.is_known AND NOT words.is_prefix_known)`,
          ),
          sql` UNION ALL `,
        );

  // A name holds the word when its words (verbatim or stemmed in `config`) do; the trigram index on
  // `search_text` (every translation, lower-cased) finds the names that hold the word's first three
  // letters, which any of those does.
  const holds = (name: SQL) => sql`(CASE vias.via
      WHEN 'prefix' THEN to_tsvector('simple', ${name}) @@ to_tsquery('simple', vias.word || ':*')
      WHEN 'typo' THEN to_tsvector('simple', ${name}) @@ to_tsquery('simple', vias.word)
      ELSE to_tsvector('simple', ${name}) @@ to_tsquery('simple', vias.word) OR to_tsvector(${config}::regconfig, ${name}) @@ to_tsquery(${config}::regconfig, vias.word) END)`;
  const localizedName = (column: SQL) =>
    sql`concat_ws(' ', ${column} ->> ${languages.language}::text, ${column} ->> ${languages.defaultLanguage}::text)`;
  const candidate = (searchText: SQL) => sql`${searchText} LIKE '%' || left(vias.word, 3) || '%'`;

  const rows = await queryRows<Row>(
    db,
    sql`WITH ${sql.join(probes, sql`, `)},
    words(ord, word, is_stopword, is_known, is_prefix_known, is_prefix) AS (VALUES ${sql.join(values, sql`, `)})${sql.join(typoProbes, sql``)},
    typos AS (${typos}),
    vias(ord, word, via) AS (
      SELECT ord, word, 'exact' FROM words WHERE NOT is_stopword
      UNION ALL SELECT ord, word, 'prefix' FROM words WHERE is_prefix AND NOT is_stopword AND NOT is_known
      UNION ALL SELECT ord, word, 'typo' FROM typos
    )
    SELECT words.ord, words.is_stopword, words.is_known, words.is_prefix_known, NULL AS via, NULL AS via_word, NULL AS kind, NULL::integer AS id, NULL AS uuid
    FROM words
    UNION ALL
    SELECT vias.ord, NULL, NULL, NULL, vias.via, vias.word, hit.kind, hit.id, hit.uuid
    FROM vias LEFT JOIN LATERAL (
      SELECT 'goal' AS kind, ${g.id} AS id, NULL::text AS uuid FROM ${g}
        WHERE ${g.organizationId} = ${organizationId} AND ${candidate(sql`${g.searchText}`)} AND ${holds(localizedName(sql`${g.name}`))}
      UNION ALL
      SELECT 'category', ${c.id}, ${c.uuid}::text FROM ${c}
        WHERE ${c.organizationId} = ${organizationId} AND ${candidate(sql`${c.searchText}`)} AND ${holds(localizedName(sql`${c.name}`))}
      UNION ALL
      SELECT 'equipment', ${e.id}, NULL FROM ${e}
        WHERE ${e.organizationId} = ${organizationId} AND NOT ${e.isNone} AND ${candidate(sql`${e.searchText}`)} AND ${holds(localizedName(sql`${e.name}`))}
      UNION ALL
      SELECT 'instructor', NULL, ${i.id}::text FROM ${i}
        WHERE ${i.organizationId} = ${organizationId} AND ${candidate(sql`${i.searchText}`)} AND ${holds(sql`${i.name}`)}
    ) AS hit ON char_length(vias.word) >= 3
    ORDER BY 1`,
  );
  return words.map((word, index) => toAnalyzedWord(word, word === prefix, rows.filter((row) => row.ord === index + 1)));
}

/** The word's matches from the statement's rows: typo candidates only count within its bound, and only when nothing else matched. */
function toAnalyzedWord(word: string, isPrefix: boolean, rows: Row[]): AnalyzedWord {
  const facts = rows.find((row) => row.via === null)!;
  const isStopword = facts.is_stopword;
  const hitsOf = (accept: (row: Row) => boolean): RelatedHits => {
    const hits: RelatedHits = { goals: [], categoryIds: [], categoryUuids: [], equipment: [], instructors: [] };
    for (const row of rows) {
      if (row.kind === null || !accept(row)) continue;
      if (row.kind === "goal") hits.goals.push(row.id!);
      else if (row.kind === "category") {
        hits.categoryIds.push(row.id!);
        hits.categoryUuids.push(row.uuid!);
      } else if (row.kind === "equipment") hits.equipment.push(row.id!);
      else hits.instructors.push(row.uuid!);
    }
    return hits;
  };
  const hasAny = (hits: RelatedHits) => Object.values(hits).some((list) => list.length > 0);

  const exactHits = hitsOf((row) => row.via === "exact");
  const isExact = facts.is_known || hasAny(exactHits);
  const prefixHits = isExact ? hitsOf(() => false) : hitsOf((row) => row.via === "prefix");
  const isPrefixMatch = !isExact && (facts.is_prefix_known || hasAny(prefixHits));

  const bound = typoBound(word);
  const typos =
    isExact || isPrefixMatch || isStopword
      ? []
      : [...new Set(rows.filter((row) => row.via === "typo").map((row) => row.via_word!))]
          .map((candidate) => ({ word: candidate, distance: typoDistance(word, candidate, bound) }))
          .filter((candidate) => candidate.distance <= bound)
          .sort((a, b) => a.distance - b.distance || (a.word < b.word ? -1 : 1));
  const accepted = new Set(typos.map((typo) => typo.word));
  const typoHits = hitsOf((row) => row.via === "typo" && accepted.has(row.via_word!));

  const hits = [exactHits, prefixHits, typoHits].reduce<RelatedHits>(
    (all, more) => ({
      goals: [...new Set([...all.goals, ...more.goals])],
      categoryIds: [...new Set([...all.categoryIds, ...more.categoryIds])],
      categoryUuids: [...new Set([...all.categoryUuids, ...more.categoryUuids])],
      equipment: [...new Set([...all.equipment, ...more.equipment])],
      instructors: [...new Set([...all.instructors, ...more.instructors])],
    }),
    { goals: [], categoryIds: [], categoryUuids: [], equipment: [], instructors: [] },
  );
  const match: WordMatch = isExact ? "exact" : isPrefixMatch ? "prefix" : typos.length > 0 ? "typo" : "none";
  return { word, isStopword, isPrefix: isPrefix && !isStopword && !isExact, typos, hits, match };
}

/** The words that take part in matching: stop words only count when the query has nothing else. */
export function significantWords(words: AnalyzedWord[]): AnalyzedWord[] {
  const meaningful = words.filter((word) => !word.isStopword);
  return meaningful.length > 0 ? meaningful : words;
}
