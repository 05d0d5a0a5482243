import { recordAuditEntry } from "@/lib/audit-log/record-audit-entry";
import { tables, type Executor } from "@/lib/db";
import { enqueue } from "@/lib/jobs/enqueue";
import { fanOutTask } from "@/lib/webhooks/tasks";
import type { ContentContext } from "./context";

/** How long a change's events wait for others of the same burst (docs/decisions/0008). */
const FAN_OUT_DELAY_MS = 500;

export type ContentEvent = {
  event: "created" | "updated" | "deleted";
  entity: string;
  entityId: string | number;
  /** Renders the record in the given context (the event's view: every enabled language). */
  render: (ctx: ContentContext) => Promise<unknown>;
  /** The record's version after the change (before it, for a delete), for the audit log. */
  version?: number;
  /** The audit entry's action and details when the change is not a plain `content.<event>` (a status change). */
  audit?: { action: string; details?: Record<string, unknown> };
};

/**
 * Writes the change's audit entry (docs/decisions/0023) and its webhook event to the outbox in the caller's transaction, so it is delivered if
 * and only if the change commits (docs/api.md "Webhooks (admins; closed beta)"). Organizations without webhooks write nothing.
 * The record is rendered with every text in every enabled language (the `texts=all` shape), whatever
 * the editor's request asked for, so a receiver always gets the same shape: every text a MultiLangString.
 */
export async function recordContentEvent(executor: Executor, ctx: ContentContext, event: ContentEvent): Promise<void> {
  await recordAuditEntry(executor, {
    organizationId: ctx.organization.id,
    action: event.audit?.action ?? `content.${event.event}`,
    target: { type: event.entity, id: event.entityId },
    details: { ...(event.version !== undefined ? { version: event.version } : {}), ...event.audit?.details },
  });
  if (!ctx.organization.webhooksEnabled) return;
  const eventContext: ContentContext = {
    ...ctx,
    view: { mode: "multi", languages: ctx.organization.languages, defaultLanguage: ctx.organization.defaultLanguage, allTexts: true },
  };
  await executor.insert(tables.outboxEvents).values({
    organizationId: ctx.organization.id,
    event: event.event,
    entity: event.entity,
    entityId: String(event.entityId),
    data: (await event.render(eventContext)) as Record<string, unknown>,
  });
  // Its job turns the events into deliveries a moment after the commit, so a burst leaves as one batch.
  await enqueue(executor, fanOutTask, {}, { organizationId: ctx.organization.id, startAfter: new Date(Date.now() + FAN_OUT_DELAY_MS) });
}
