import { sql } from "drizzle-orm";
import { bigint, boolean, check, customType, index, jsonb, pgSequence, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { ContentStatusMap } from "./content";
import { organizations } from "./organizations";

/** PostgreSQL's 64-bit transaction id (`xid8`), read and written as its decimal text. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => "xid8" });

const at = () => timestamp({ withTimezone: true, mode: "date" });

export const contentChangePositions = pgSequence("content_change_positions");

/**
 * The change feed (`GET /content/changes`, docs/decisions/0021): one row per content or lookup record
 * that exists or was deleted within the retention window, moved to the end of the feed by every write.
 * Database triggers write it in the change's own transaction (lib/db/migrations/0009_change_feed.sql),
 * so every change path is covered and a rolled-back change leaves no trace.
 *
 * The feed is ordered by (`txid`, `position`): the writing transaction's id, then a sequence within it.
 * A reader returns only rows whose transaction is older than every transaction of this database still
 * running in its snapshot, so no row can later appear before a position it has handed out.
 */
export const contentChanges = pgTable(
  "content_changes",
  {
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** The collection's path under /content: `workouts`, `equipment/brands` … */
    collection: text().notNull(),
    recordId: text().notNull(),
    /** What happened to the row last: `upsert` (created or changed) or `delete`. */
    change: text({ enum: ["upsert", "delete"] }).notNull(),
    /** The record's status per language (publishable collections; null otherwise and for deletes). */
    status: jsonb().$type<ContentStatusMap>(),
    /** Whether the record was ever published (always true for collections without publishing). */
    everPublished: boolean().notNull(),
    /** The record's `updated_at`; for a delete, when it was deleted. */
    updatedAt: at().notNull(),
    changedAt: at().notNull().defaultNow(),
    txid: xid8().notNull().default(sql`pg_current_xact_id()`),
    position: bigint({ mode: "number" })
      .notNull()
      .default(sql`nextval('content_change_positions')`),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.collection, table.recordId] }),
    index("content_changes_feed_idx").on(table.organizationId, table.txid, table.position),
    // The deletions the prune job looks for, oldest first.
    index("content_changes_deleted_idx").on(table.changedAt).where(sql`${table.change} = 'delete'`),
    check("content_changes_change_check", sql`${table.change} IN ('upsert', 'delete')`),
  ],
);

/**
 * Per organization, the last feed position whose deletion was pruned: a cursor before it may have
 * missed a deletion and gets 410 (docs/decisions/0021).
 */
export const contentChangeHorizons = pgTable("content_change_horizons", {
  organizationId: uuid()
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  txid: xid8().notNull(),
  position: bigint({ mode: "number" }).notNull(),
});
