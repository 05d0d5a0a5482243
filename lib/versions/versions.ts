import { and, count, desc, eq } from "drizzle-orm";
import { tables, type Executor } from "@/lib/db";
import type { Collection } from "@/lib/content/collection";
import type { ContentContext } from "@/lib/content/context";
import type { FilterQuery } from "@/lib/filter";
import { ApiError } from "@/lib/core/errors";
import { rowOfVersion } from "./record-version";

/** Reading the version history of one record (docs/api.md "Version history"). */

const v = tables.contentVersions;

type StoredVersion = typeof tables.contentVersions.$inferSelect & { authorEmail: string | null };

const recordVersions = (ctx: ContentContext, collection: Collection, id: string | number) =>
  and(eq(v.organizationId, ctx.organization.id), eq(v.collection, collection.key), eq(v.recordId, String(id)));

export function versionSummary(version: StoredVersion) {
  return {
    number: version.number,
    operation: version.operation,
    restored_from: version.restoredFrom,
    author: version.authorId && version.authorEmail ? { id: version.authorId, email: version.authorEmail } : null,
    created_at: version.createdAt.toISOString(),
  };
}

/** A record's versions, newest first; 404 when the record does not exist (for the caller). */
export async function listVersions(ctx: ContentContext, collection: Collection, id: string | number, filter: FilterQuery) {
  await collection.findVisible(ctx, id);
  const where = recordVersions(ctx, collection, id);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({
        id: v.id,
        organizationId: v.organizationId,
        collection: v.collection,
        recordId: v.recordId,
        number: v.number,
        operation: v.operation,
        restoredFrom: v.restoredFrom,
        authorId: v.authorId,
        createdAt: v.createdAt,
        authorEmail: tables.users.email,
      })
      .from(v)
      .leftJoin(tables.users, eq(tables.users.id, v.authorId))
      .where(where)
      .orderBy(desc(v.number))
      .limit(filter.limit)
      .offset(filter.offset),
    ctx.db.select({ value: count() }).from(v).where(where),
  ]);
  return { total: total?.value ?? 0, data: rows.map((row) => versionSummary({ ...row, data: {} })) };
}

/** One stored version of a record; 404 naming the number when there is none (or it was pruned). */
export async function findVersion(ctx: ContentContext, collection: Collection, id: string | number, number: number, executor: Executor = ctx.db): Promise<StoredVersion> {
  const [row] = await executor
    .select({ version: v, authorEmail: tables.users.email })
    .from(v)
    .leftJoin(tables.users, eq(tables.users.id, v.authorId))
    .where(and(recordVersions(ctx, collection, id), eq(v.number, number)))
    .limit(1);
  if (!row) throw new ApiError("not_found", `${collection.label} version ${number} not found`);
  return { ...row.version, authorEmail: row.authorEmail };
}

/** The latest stored version's number of a record. */
export async function latestVersionNumber(ctx: ContentContext, collection: Collection, id: string | number): Promise<number | undefined> {
  const [row] = await ctx.db.select({ number: v.number }).from(v).where(recordVersions(ctx, collection, id)).orderBy(desc(v.number)).limit(1);
  return row?.number;
}

/** The view every version is rendered in: every text in every enabled language. */
export function allTextsContext(ctx: ContentContext): ContentContext {
  return { ...ctx, view: { mode: "multi", languages: ctx.organization.languages, defaultLanguage: ctx.organization.defaultLanguage, allTexts: true } };
}

/** One version with its record as it was. */
export async function getVersion(ctx: ContentContext, collection: Collection, id: string | number, number: number) {
  await collection.findVisible(ctx, id);
  const version = await findVersion(ctx, collection, id, number);
  const row = rowOfVersion<Record<string, unknown>>(collection.table, version.data, ctx.organization.id);
  return { ...versionSummary(version), record: await collection.fullRecord(allTextsContext(ctx), row as never) };
}

/** What a version's content is, for diffs: the record as written (its input shape) and its status. */
export function versionContent(collection: Collection, version: StoredVersion, organizationId: string): Record<string, unknown> {
  const row = rowOfVersion<Record<string, unknown>>(collection.table, version.data, organizationId);
  return { ...collection.toInput(row as never), ...(row.status ? { status: row.status } : {}) };
}
