import { sql } from "drizzle-orm";
import { publishedCondition } from "@/lib/content/visibility";
import { responseLanguage, type ContentContext } from "@/lib/content/context";
import { analyzeQuery, significantWords } from "./analyze-query";
import { resolveCursors } from "./cursors";
import { filterConditions } from "./filter-sql";
import { loadLabels, type Labels } from "./labels";
import { compareHits, sortKeysOf } from "./order";
import { parseSearchText, textSearchConfigFor } from "./query-text";
import type { SearchRequest, SearchResponse, SearchResultItem } from "./schemas";
import { WORD_SIMILARITY_THRESHOLD, searchCollection, type CollectionPage, type SearchHit } from "./search-collection";
import { SEARCH_SOURCES } from "./sources";
import { findSuggestions, recordSearchQuery } from "./suggestions";

function toResultItem(hit: SearchHit, labels: Labels): SearchResultItem {
  const categories = [
    ...hit.categoryIds.map((id) => labels.categoriesById.get(id)),
    ...hit.categoryUuids.map((uuid) => labels.categoriesByUuid.get(uuid)),
  ].flatMap((category) => (category ? [{ id: category.uuid, label: category.label }] : []));
  return {
    collection: hit.collection,
    match_score: hit.matchScore,
    entity_id: hit.entityId,
    title: hit.title,
    duration: hit.duration,
    level: hit.level,
    categories,
    goals: hit.goals.flatMap((id) => (labels.goals.has(id) ? [{ id, label: labels.goals.get(id)! }] : [])),
    created_at: hit.createdAt,
    updated_at: hit.updatedAt,
  };
}

/**
 * `POST /content/search` (docs/api.md "Search"): every requested collection searched
 * by one statement, the pages merged in `sort_by` order, labels resolved by one more, suggestions by
 * another, all in one read-only transaction that sets the trigram threshold. A search that found
 * something is recorded for suggestions afterwards, off the request path (see `recordSearchQuery`).
 */
export async function searchContent(ctx: ContentContext, request: SearchRequest, query: URLSearchParams): Promise<SearchResponse> {
  const cursors = resolveCursors(request, query);
  const sort = sortKeysOf(request.sort_by);
  const text = parseSearchText(request.q);
  const organizationId = ctx.organization.id;
  const language = responseLanguage(ctx);
  const defaultLanguage = ctx.organization.defaultLanguage;
  const config = textSearchConfigFor(language);

  const { pages, labels, suggestions, words } = await ctx.db.transaction(
    async (tx) => {
      // `<%` (word similarity) reads its threshold from this setting. Candidates always come through the
      // GIN indexes, but the planner underestimates a broad match (35 rows estimated, 4,221 found for
      // "core strength" in on-demand at scale 1) and read every row of the table instead: no sequential
      // scans in this transaction (docs/benchmarks.md). Both settings end with the transaction.
      await tx.execute(
        sql.raw(`SELECT set_config('pg_trgm.word_similarity_threshold', '${WORD_SIMILARITY_THRESHOLD}', true), set_config('enable_seqscan', 'off', true)`),
      );
      const words = text.words.length > 0 ? significantWords(await analyzeQuery(tx, organizationId, text.words, text.prefix, config, { language, defaultLanguage })) : [];
      // Words that match nothing within their typo bound find nothing: with none matching, no collection is read.
      const matches = words.some((word) => word.match !== "none");
      const pages: CollectionPage[] = [];
      for (const cursor of cursors) {
        if (!matches) {
          pages.push({ total: 0, hits: [] });
          continue;
        }
        const source = SEARCH_SOURCES[cursor.collection];
        const visibility = ctx.seesOnlyPublished ? [publishedCondition(source.table.status, [language], defaultLanguage)] : [];
        pages.push(
          await searchCollection(tx, {
            source,
            organizationId,
            language,
            defaultLanguage,
            config,
            words,
            normalized: text.normalized,
            conditions: [...visibility, ...filterConditions(request.filter_by, source, organizationId)],
            sort,
            offset: cursor.offset,
            limit: cursor.limit,
          }),
        );
      }
      const hits = pages.flatMap((page) => page.hits);
      const labels = await loadLabels(
        tx,
        organizationId,
        { goals: hits.flatMap((hit) => hit.goals), categoryIds: hits.flatMap((hit) => hit.categoryIds), categoryUuids: hits.flatMap((hit) => hit.categoryUuids) },
        language,
        defaultLanguage,
      );
      const suggestions = await findSuggestions(tx, organizationId, text.normalized);
      return { pages, labels, suggestions, words };
    },
    { accessMode: "read only" },
  );

  const found = pages.some((page) => page.total > 0);
  const isFirstPage = cursors.every((cursor) => cursor.offset === 0);
  // Only searches of members and integrations count: an editor's search over drafts must never
  // suggest an unpublished title to members; and only queries whose every word matched as written:
  // a suggestion is never a misspelling or a word still being typed (docs/decisions/0007-search.md).
  const isWrittenOut = words.every((word) => word.match === "exact");
  if (found && isFirstPage && isWrittenOut && ctx.seesOnlyPublished) recordSearchQuery(ctx.db, organizationId, text.normalized);

  return {
    results: pages
      .flatMap((page) => page.hits)
      .sort(compareHits(sort))
      .map((hit) => toResultItem(hit, labels)),
    suggestions,
    cursors: cursors.map((cursor, index) => ({
      collection: cursor.collection,
      offset: cursor.offset + pages[index]!.hits.length,
      limit: cursor.limit,
      total: pages[index]!.total,
    })),
  };
}
