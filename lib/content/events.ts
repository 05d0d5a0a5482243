import { tables, type Executor } from "@/lib/db";
import type { ContentContext } from "./context";

export type ContentEvent = { event: "created" | "updated" | "deleted"; entity: string; entityId: string | number; data: unknown };

/**
 * Writes the change's webhook event to the outbox in the caller's transaction, so it is delivered if
 * and only if the change commits (api-decisions §10). Organizations without webhooks write nothing.
 */
export async function recordContentEvent(executor: Executor, ctx: ContentContext, event: ContentEvent): Promise<void> {
  if (!ctx.organization.webhooksEnabled) return;
  await executor.insert(tables.outboxEvents).values({
    organizationId: ctx.organization.id,
    event: event.event,
    entity: event.entity,
    entityId: String(event.entityId),
    data: event.data as Record<string, unknown>,
  });
}
