import { and, count, eq } from "drizzle-orm";
import { tables, type Db } from "@/lib/db";

/** The organization's webhook deliveries that gave up (every retry failed): one statement over a partial index. */
export async function countFailedDeliveries(db: Db, organizationId: string): Promise<number> {
  const d = tables.webhookDeliveries;
  const [row] = await db
    .select({ total: count() })
    .from(d)
    .where(and(eq(d.organizationId, organizationId), eq(d.status, "failed")));
  return Number(row?.total ?? 0);
}
