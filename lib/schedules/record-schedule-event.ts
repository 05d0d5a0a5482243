import { eq } from "drizzle-orm";
import { tables, type Executor } from "@/lib/db";
import { enqueue } from "@/lib/jobs/enqueue";
import { fanOutTask } from "@/lib/webhooks/tasks";
import { toScheduleRecords } from "./record-schedule";

/** How long an event waits for others of the same burst (as content events, docs/decisions/0008). */
const FAN_OUT_DELAY_MS = 500;

/**
 * A schedule that ended (`succeeded` or `failed`) as a `Schedule.updated` webhook event whose `data`
 * is the Schedule record, written to the outbox in the caller's transaction (docs/api.md "Webhook
 * payloads"). Organizations without webhooks write nothing.
 */
export async function recordScheduleEvent(executor: Executor, row: typeof tables.schedules.$inferSelect): Promise<void> {
  const [organization] = await executor
    .select({ webhooksEnabled: tables.organizations.webhooksEnabled })
    .from(tables.organizations)
    .where(eq(tables.organizations.id, row.organizationId))
    .limit(1);
  if (!organization?.webhooksEnabled) return;
  const [record] = await toScheduleRecords(executor, [row]);
  await executor.insert(tables.outboxEvents).values({ organizationId: row.organizationId, event: "updated", entity: "Schedule", entityId: row.id, data: record as Record<string, unknown> });
  await enqueue(executor, fanOutTask, {}, { organizationId: row.organizationId, startAfter: new Date(Date.now() + FAN_OUT_DELAY_MS) });
}
