import { and, count, eq, type SQL } from "drizzle-orm";
import type { Collection } from "@/lib/content/collection";
import type { ContentContext } from "@/lib/content/context";
import { tables } from "@/lib/db";
import { arrayField, compileOrder, compileWhere, scalarField, type FilterQuery } from "@/lib/filter";
import { ApiError } from "@/lib/core/errors";
import { toScheduleRecords } from "./record-schedule";

const s = tables.schedules;

const compilers = {
  collection: scalarField(s.collection, "enum"),
  record_id: scalarField(s.recordId, "uuid"),
  state: scalarField(s.state, "enum"),
  language: arrayField(s.languages, "text"),
  at: scalarField(s.at, "date"),
};

async function pageOf(ctx: ContentContext, where: SQL | undefined, filter: FilterQuery) {
  const order = compileOrder(filter, { at: s.at }, s.id);
  const [rows, [total]] = await Promise.all([
    ctx.db.select().from(s).where(where).orderBy(...order).limit(filter.limit).offset(filter.offset),
    ctx.db.select({ value: count() }).from(s).where(where),
  ]);
  return { total: total?.value ?? 0, data: await toScheduleRecords(ctx.db, rows) };
}

/** Every schedule of the organization (`GET /content/schedules`), soonest first unless ordered otherwise. */
export async function listSchedules(ctx: ContentContext, filter: FilterQuery) {
  return pageOf(ctx, and(eq(s.organizationId, ctx.organization.id), compileWhere(filter, compilers)), filter);
}

/** One record's schedules; 404 when the record is not the organization's. */
export async function listRecordSchedules(ctx: ContentContext, collection: Collection, recordId: string, filter: FilterQuery) {
  const table = collection.table as typeof tables.workouts;
  const [record] = await ctx.db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, recordId), eq(table.organizationId, ctx.organization.id)))
    .limit(1);
  if (!record) throw new ApiError("not_found", `${collection.label} not found`);
  const where = and(eq(s.organizationId, ctx.organization.id), eq(s.collection, collection.key as "workouts"), eq(s.recordId, recordId), compileWhere(filter, compilers));
  return pageOf(ctx, where, filter);
}
