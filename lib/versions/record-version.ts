import { getTableColumns } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { tables, type Executor } from "@/lib/db";
import type { VersionOperation } from "@/lib/db/schema";
import type { ContentContext } from "@/lib/content/context";

/** Columns derived from others on every write: not part of what a version keeps (docs/api.md "Version history"). */
const DERIVED_COLUMNS = new Set(["organizationId", "searchText", "exerciseEquipment"]);

/** The stored row as a version keeps it: every written column, dates as ISO strings. */
export function versionData(row: Record<string, unknown>): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (DERIVED_COLUMNS.has(key)) continue;
    data[key] = value instanceof Date ? value.toISOString() : value;
  }
  return data;
}

/** A version's data as a row of `table` again (timestamps as dates), for the collection's renderers. */
export function rowOfVersion<R>(table: PgTable, data: Record<string, unknown>, organizationId: string): R {
  const row: Record<string, unknown> = { ...data, organizationId };
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    if (column.columnType === "PgTimestamp" && typeof row[key] === "string") row[key] = new Date(row[key] as string);
    if (!(key in row) && !column.notNull) row[key] = null;
  }
  return row as R;
}

export type VersionWrite = {
  collection: string;
  row: Record<string, unknown> & { id: string | number; version: number };
  operation: VersionOperation;
  /** The number written: the row's version, except for a delete (the next one). */
  number?: number;
  restoredFrom?: number;
};

/**
 * Stores one immutable version of a content record in the writing transaction, so a version exists
 * if and only if the write commits (docs/decisions/0027).
 */
export async function recordVersion(executor: Executor, ctx: Pick<ContentContext, "caller" | "organization">, write: VersionWrite): Promise<void> {
  await executor.insert(tables.contentVersions).values({
    organizationId: ctx.organization.id,
    collection: write.collection,
    recordId: String(write.row.id),
    number: write.number ?? write.row.version,
    operation: write.operation,
    restoredFrom: write.restoredFrom ?? null,
    authorId: ctx.caller.kind === "user" ? ctx.caller.userId : null,
    data: versionData(write.row),
  });
}
