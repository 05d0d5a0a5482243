import { sql, type SQL } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import { tables, type Executor } from "@/lib/db";
import { isFuzzyWord } from "./query-text";
import type { RelatedHits } from "./sources";

export type AnalyzedWord = {
  word: string;
  /** A stop word of the response language's configuration ("the", "für"): matched verbatim only. */
  isStopword: boolean;
  /**
   * Matched with trigram typo tolerance: a word of 3 or more characters that no title or description
   * of the organization contains (stemmed or verbatim), i.e. probably misspelt or cut short. Known
   * words match exactly, which keeps broad queries off the costly trigram comparisons.
   */
  isFuzzy: boolean;
  /** Goals, categories, equipment and instructors whose names the word matches (with typo tolerance). */
  hits: RelatedHits;
};

type Row = { ord: number; is_stopword: boolean; is_known: boolean; kind: "goal" | "category" | "equipment" | "instructor" | null; id: number | null; uuid: string | null };

const g = tables.fitnessGoals;
const c = tables.contentCategories;
const e = tables.equipment;
const i = tables.instructors;
const CONTENT_TABLES = [tables.workouts, tables.trainingPlans, tables.onDemand];
const knownName = (word: number, table: number) => sql.identifier(`known_${word}_${table}`);

/**
 * One statement for the whole query: which words are stop words in `config`, which occur in some
 * title or description of the organization (one GIN probe per table), and the lookup records whose
 * names each remaining word matches (trigram word similarity with the name in the response or the
 * default language, so "dumbells" finds "Dumbbell"). Lookup tables are small and trigram-indexed; the collection queries
 * then match related records through their indexed id arrays.
 */
export async function analyzeQuery(
  db: Executor,
  organizationId: string,
  words: string[],
  config: string,
  languages: { language: string; defaultLanguage: string },
): Promise<AnalyzedWord[]> {
  // A lookup's name matches in the response language (or the default, which stands in for a missing
  // translation), as titles do: through the trigram index on every translation, then checked on those
  // two. Matching every translation made an English "core" name the Spanish "peso corporal" and relate
  // most workouts to a broad query (docs/benchmarks.md).
  const named = (alias: SQL, column: SQL) =>
    sql`words.word <% ${alias}.search_text AND words.word <% lower(concat_ws(' ', ${column} ->> ${languages.language}::text, ${column} ->> ${languages.defaultLanguage}::text))`;
  const rows = await queryRows<Row>(
    db,
    sql`WITH ${sql.join(
      words.flatMap((word, index) =>
        CONTENT_TABLES.map(
          // Materialized, so that each probe is planned as a GIN index scan; an EXISTS would be planned
          // for its first row and could read the whole table when the word occurs nowhere.
          (table, tableIndex) => sql`${knownName(index, tableIndex)} AS MATERIALIZED (
            SELECT 1 FROM ${table} WHERE ${table.organizationId} = ${organizationId}
              AND ${table}.${sql.identifier("search_vector")} @@ (to_tsquery(${config}::regconfig, ${word}) || to_tsquery('simple', ${word})))`,
        ),
      ),
      sql`, `,
    )},
    words(word, ord, is_stopword, is_known) AS (VALUES ${sql.join(
      words.map(
        (word, index) =>
          sql`(${word}::text, ${sql.raw(String(index + 1))}, length(to_tsvector(${config}::regconfig, ${word})) = 0,
            ${sql.join(
              CONTENT_TABLES.map((_, tableIndex) => sql`EXISTS (SELECT 1 FROM ${knownName(index, tableIndex)})`),
              sql` OR `,
            )})`,
      ),
      sql`, `,
    )})
    SELECT words.ord, words.is_stopword, words.is_known, hit.kind, hit.id, hit.uuid
    FROM words LEFT JOIN LATERAL (
      SELECT 'goal' AS kind, ${g.id} AS id, NULL::text AS uuid FROM ${g}
        WHERE ${g.organizationId} = ${organizationId} AND ${named(sql`${g}`, sql`${g.name}`)}
      UNION ALL
      SELECT 'category', ${c.id}, ${c.uuid}::text FROM ${c}
        WHERE ${c.organizationId} = ${organizationId} AND ${named(sql`${c}`, sql`${c.name}`)}
      UNION ALL
      SELECT 'equipment', ${e.id}, NULL FROM ${e}
        WHERE ${e.organizationId} = ${organizationId} AND NOT ${e.isNone} AND ${named(sql`${e}`, sql`${e.name}`)}
      UNION ALL
      SELECT 'instructor', NULL, ${i.id}::text FROM ${i}
        WHERE ${i.organizationId} = ${organizationId} AND words.word <% ${i.searchText}
    ) AS hit ON NOT words.is_stopword AND char_length(words.word) >= 3
    ORDER BY words.ord`,
  );
  const analyzed = words.map<AnalyzedWord>((word) => ({
    word,
    isStopword: false,
    isFuzzy: false,
    hits: { goals: [], categoryIds: [], categoryUuids: [], equipment: [], instructors: [] },
  }));
  for (const row of rows) {
    const entry = analyzed[row.ord - 1]!;
    entry.isStopword = row.is_stopword;
    entry.isFuzzy = isFuzzyWord(entry.word) && !row.is_stopword && !row.is_known;
    if (row.kind === "goal") entry.hits.goals.push(row.id!);
    else if (row.kind === "category") {
      entry.hits.categoryIds.push(row.id!);
      entry.hits.categoryUuids.push(row.uuid!);
    } else if (row.kind === "equipment") entry.hits.equipment.push(row.id!);
    else if (row.kind === "instructor") entry.hits.instructors.push(row.uuid!);
  }
  return analyzed;
}

/** The words that take part in matching: stop words only count when the query has nothing else. */
export function significantWords(words: AnalyzedWord[]): AnalyzedWord[] {
  const meaningful = words.filter((word) => !word.isStopword);
  return meaningful.length > 0 ? meaningful : words;
}
