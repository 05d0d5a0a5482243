import { and, count, eq, min } from "drizzle-orm";
import { tables, type Db } from "@/lib/db";

/**
 * The organization's scheduled status changes still to run (pending, including one whose minute has
 * come and that the job is about to take), and when the first of them runs: one statement (index
 * schedules_org_state_idx).
 */
export async function countUpcomingSchedules(db: Db, organizationId: string): Promise<{ total: number; next: Date | null }> {
  const s = tables.schedules;
  const [row] = await db
    .select({ total: count(), next: min(s.at) })
    .from(s)
    .where(and(eq(s.organizationId, organizationId), eq(s.state, "pending")));
  return { total: Number(row?.total ?? 0), next: row?.next ? new Date(row.next) : null };
}
