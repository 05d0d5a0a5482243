import { and, count, desc, eq, gt, lt, or, type SQL } from "drizzle-orm";
import { tables, type Db } from "@/lib/db";
import { compileOrder, compileWhere, scalarField, type FilterQuery } from "@/lib/filter";
import type { AuditEntry } from "./schemas";

export { auditFilterSpec } from "./schemas";

const a = tables.auditLog;

const compilers = {
  action: scalarField(a.action, "string"),
  actor_id: scalarField(a.actorId, "uuid"),
  actor_type: scalarField(a.actorType, "enum"),
  credential: scalarField(a.credential, "enum"),
  target_type: scalarField(a.targetType, "string"),
  target_id: scalarField(a.targetId, "string"),
  request_id: scalarField(a.requestId, "string"),
  at: scalarField(a.at, "date"),
};

export function toAuditEntry(row: typeof a.$inferSelect): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    action: row.action,
    actor: { type: row.actorType, id: row.actorId, label: row.actorLabel },
    credential: row.credential,
    request_id: row.requestId,
    target: { type: row.targetType, id: row.targetId, label: row.targetLabel },
    details: row.details,
  };
}

function whereOf(organizationId: string, filter: FilterQuery): SQL | undefined {
  return and(eq(a.organizationId, organizationId), compileWhere(filter, compilers));
}

/** A page of the organization's audit log, newest first unless ordered otherwise. */
export async function listAuditEntries(db: Db, organizationId: string, filter: FilterQuery) {
  const where = whereOf(organizationId, filter);
  const order = compileOrder(filter, { at: a.at }, a.id);
  const [rows, [total]] = await Promise.all([
    db.select().from(a).where(where).orderBy(...order).limit(filter.limit).offset(filter.offset),
    db.select({ value: count() }).from(a).where(where),
  ]);
  return { total: total?.value ?? 0, data: rows.map(toAuditEntry) };
}

const EXPORT_BATCH = 500;

/**
 * Every entry the filter matches as JSON lines, read in batches of 500 by (at, id) and written as
 * they come, so an export of any size holds one batch in memory (docs/api.md "Audit log (admins)"). The
 * order is the filter's direction of `at` (newest first by default); paging parameters are ignored.
 */
export function exportAuditEntries(db: Db, organizationId: string, filter: FilterQuery): ReadableStream<Uint8Array> {
  const where = whereOf(organizationId, filter);
  const isAscending = filter.order[0]?.direction === "asc";
  const encoder = new TextEncoder();
  let after: { at: Date; id: number } | undefined;
  let isDone = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (isDone) return;
      const beyond = after
        ? isAscending
          ? or(gt(a.at, after.at), and(eq(a.at, after.at), gt(a.id, after.id)))
          : or(lt(a.at, after.at), and(eq(a.at, after.at), lt(a.id, after.id)))
        : undefined;
      const rows = await db
        .select()
        .from(a)
        .where(and(where, beyond))
        .orderBy(...(isAscending ? [a.at, a.id] : [desc(a.at), desc(a.id)]))
        .limit(EXPORT_BATCH);
      if (rows.length > 0) {
        const last = rows[rows.length - 1]!;
        after = { at: last.at, id: last.id };
        controller.enqueue(encoder.encode(rows.map((row) => `${JSON.stringify(toAuditEntry(row))}\n`).join("")));
      }
      if (rows.length < EXPORT_BATCH) {
        isDone = true;
        controller.close();
      }
    },
  });
}

