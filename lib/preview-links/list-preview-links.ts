import { and, count, eq } from "drizzle-orm";
import { assertRecordExists } from "@/lib/content/assert-record-exists";
import type { Collection } from "@/lib/content/collection";
import type { ContentContext } from "@/lib/content/context";
import { tables } from "@/lib/db";
import { compileOrder, type FilterQuery } from "@/lib/filter";
import { toPreviewLinkRecords } from "./preview-link-records";

const p = tables.previewLinks;

/** One record's preview links, newest first, without their tokens; 404 when the record is not the organization's. */
export async function listPreviewLinks(ctx: ContentContext, collection: Collection, recordId: string, filter: FilterQuery) {
  await assertRecordExists(ctx.db, ctx.organization.id, collection, recordId);
  const where = and(eq(p.organizationId, ctx.organization.id), eq(p.collection, collection.key), eq(p.recordId, recordId));
  const order = compileOrder(filter, { created: p.createdAt }, p.id);
  const [rows, [total]] = await Promise.all([
    ctx.db.select().from(p).where(where).orderBy(...order).limit(filter.limit).offset(filter.offset),
    ctx.db.select({ value: count() }).from(p).where(where),
  ]);
  return { total: total?.value ?? 0, data: await toPreviewLinkRecords(ctx.db, rows) };
}
