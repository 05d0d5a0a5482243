import { and, eq, inArray } from "drizzle-orm";
import { tables, type Executor } from "@/lib/db";
import type { ScheduleRecord } from "./schemas";

type ScheduleRow = typeof tables.schedules.$inferSelect;

/** Schedule rows as the API shows them, with their schedulers' emails (one query for all). */
export async function toScheduleRecords(db: Executor, rows: ScheduleRow[]): Promise<ScheduleRecord[]> {
  const userIds = [...new Set(rows.map((row) => row.createdBy).filter((id): id is string => id !== null))];
  const users = userIds.length
    ? await db.select({ id: tables.users.id, email: tables.users.email }).from(tables.users).where(inArray(tables.users.id, userIds))
    : [];
  const emails = new Map(users.map((user) => [user.id, user.email]));
  return rows.map((row) => ({
    id: row.id,
    collection: row.collection,
    record_id: row.recordId,
    at: row.at.toISOString(),
    changes: row.changes,
    state: row.state,
    reason: row.reason,
    created_by: row.createdBy && emails.has(row.createdBy) ? { id: row.createdBy, email: emails.get(row.createdBy)! } : null,
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
  }));
}

export async function getScheduleRow(db: Executor, organizationId: string, collection: string, recordId: string, id: string): Promise<ScheduleRow | undefined> {
  const s = tables.schedules;
  const [row] = await db
    .select()
    .from(s)
    .where(and(eq(s.id, id), eq(s.organizationId, organizationId), eq(s.collection, collection as ScheduleRow["collection"]), eq(s.recordId, recordId)))
    .limit(1);
  return row;
}
