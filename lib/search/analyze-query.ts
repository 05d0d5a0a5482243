import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import { tables, type Executor } from "@/lib/db";
import { isFuzzyWord } from "./query-text";
import { sqlArray, type RelatedHits } from "./sources";

export type AnalyzedWord = {
  word: string;
  /** A stop word of the response language's configuration ("the", "für"): matched verbatim only. */
  isStopword: boolean;
  /** Long enough for trigram typo tolerance. */
  isFuzzy: boolean;
  /** Goals, categories, equipment and instructors whose names the word matches (with typo tolerance). */
  hits: RelatedHits;
};

type Row = { ord: number; is_stopword: boolean; kind: "goal" | "category" | "equipment" | "instructor" | null; id: number | null; uuid: string | null };

const g = tables.fitnessGoals;
const c = tables.contentCategories;
const e = tables.equipment;
const i = tables.instructors;

/**
 * One statement for the whole query: which words are stop words in `config`, and the lookup records
 * whose names each remaining word matches (trigram word similarity over every translation of the
 * name, so "dumbells" finds "Dumbbell"). Lookup tables are small and trigram-indexed; the collection
 * queries then match related records through their indexed id arrays.
 */
export async function analyzeQuery(db: Executor, organizationId: string, words: string[], config: string): Promise<AnalyzedWord[]> {
  const rows = await queryRows<Row>(
    db,
    sql`WITH words AS (
      SELECT w.word, w.ord::int AS ord, length(to_tsvector(${config}::regconfig, w.word)) = 0 AS is_stopword
      FROM unnest(${sqlArray(words, "text")}) WITH ORDINALITY AS w(word, ord)
    )
    SELECT words.ord, words.is_stopword, hit.kind, hit.id, hit.uuid
    FROM words LEFT JOIN LATERAL (
      SELECT 'goal' AS kind, ${g.id} AS id, NULL::text AS uuid FROM ${g}
        WHERE ${g.organizationId} = ${organizationId} AND words.word <% ${g.searchText}
      UNION ALL
      SELECT 'category', ${c.id}, ${c.uuid}::text FROM ${c}
        WHERE ${c.organizationId} = ${organizationId} AND words.word <% ${c.searchText}
      UNION ALL
      SELECT 'equipment', ${e.id}, NULL FROM ${e}
        WHERE ${e.organizationId} = ${organizationId} AND NOT ${e.isNone} AND words.word <% ${e.searchText}
      UNION ALL
      SELECT 'instructor', NULL, ${i.id}::text FROM ${i}
        WHERE ${i.organizationId} = ${organizationId} AND words.word <% ${i.searchText}
    ) AS hit ON NOT words.is_stopword AND char_length(words.word) >= 3
    ORDER BY words.ord`,
  );
  const analyzed = words.map<AnalyzedWord>((word) => ({
    word,
    isStopword: false,
    isFuzzy: isFuzzyWord(word),
    hits: { goals: [], categoryIds: [], categoryUuids: [], equipment: [], instructors: [] },
  }));
  for (const row of rows) {
    const entry = analyzed[row.ord - 1]!;
    entry.isStopword = row.is_stopword;
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
