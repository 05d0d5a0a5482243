import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import { tables, type Db } from "@/lib/db";

/** A record a person wrote, as their latest version of it shows it. */
export type RecentEdit = {
  /** The collection's path under /content. */
  collection: string;
  recordId: string;
  /** The record's name or title as that version stored it (every language). */
  label: Record<string, string> | null;
  editedAt: Date;
};

/**
 * The records `authorId` wrote last, newest first: each record once, at its last version by them,
 * leaving out records since deleted (by anyone). One statement over the versions the
 * person wrote (index content_versions_author_idx), whatever the catalogue's size.
 */
export async function listRecentEdits(db: Db, organizationId: string, authorId: string, limit = 8): Promise<RecentEdit[]> {
  const v = tables.contentVersions;
  const rows = await queryRows<{ collection: string; record_id: string; label: Record<string, string> | null; edited_at: string | Date }>(
    db,
    sql`SELECT collection, record_id, label, edited_at FROM (
          SELECT DISTINCT ON (${v.collection}, ${v.recordId}) ${v.collection} AS collection, ${v.recordId} AS record_id,
            coalesce(${v.data} -> 'title', ${v.data} -> 'name') AS label, ${v.createdAt} AS edited_at
          FROM ${v}
          WHERE ${v.organizationId} = ${organizationId} AND ${v.authorId} = ${authorId}
          ORDER BY ${v.collection}, ${v.recordId}, ${v.number} DESC
        ) AS latest
        WHERE NOT EXISTS (
          SELECT 1 FROM ${v} AS deleted
          WHERE deleted.organization_id = ${organizationId} AND deleted.collection = latest.collection
            AND deleted.record_id = latest.record_id AND deleted.operation = 'delete'
        )
        ORDER BY edited_at DESC
        LIMIT ${limit}`,
  );
  return rows.map((row) => ({
    collection: row.collection,
    recordId: row.record_id,
    label: row.label && typeof row.label === "object" ? row.label : null,
    editedAt: new Date(row.edited_at),
  }));
}
