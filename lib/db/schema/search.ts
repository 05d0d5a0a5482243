import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { organizations } from "./organizations";

/**
 * Search queries of an organization that returned results, for suggestions (specification §4.3). One row
 * per normalised query text (lower-case, single spaces) with how often it was searched; nothing about
 * who searched. The search columns of workouts, training plans and on-demand (`search_vector`,
 * `search_titles`) are generated columns added by the `search` migration, outside this schema, so that
 * the content write path needs no change (docs/decisions/0007-search.md).
 */
export const searchQueries = pgTable(
  "search_queries",
  {
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    query: text().notNull(),
    count: integer().notNull().default(0),
    firstSearchedAt: timestamp({ withTimezone: true, mode: "date" }).notNull().defaultNow(),
    lastSearchedAt: timestamp({ withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: "search_queries_pkey", columns: [table.organizationId, table.query] }),
    index("search_queries_org_count_idx").on(table.organizationId, table.count),
    index("search_queries_query_trgm_idx").using("gin", sql`${table.query} gin_trgm_ops`),
    check("search_queries_query_length", sql`char_length(${table.query}) BETWEEN 1 AND 200`),
  ],
);
