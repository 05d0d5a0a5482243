import { tables, type Executor } from "@/lib/db";
import type { ContentContext } from "./context";

export type ContentEvent = {
  event: "created" | "updated" | "deleted";
  entity: string;
  entityId: string | number;
  /** Renders the record in the given context (the event's view: every enabled language). */
  render: (ctx: ContentContext) => Promise<unknown>;
};

/**
 * Writes the change's webhook event to the outbox in the caller's transaction, so it is delivered if
 * and only if the change commits (api-decisions §10). Organizations without webhooks write nothing.
 * The record is rendered with every enabled language, whatever language the editor's request used,
 * so a receiver always gets the same shape: texts as MultiLangString objects.
 */
export async function recordContentEvent(executor: Executor, ctx: ContentContext, event: ContentEvent): Promise<void> {
  if (!ctx.organization.webhooksEnabled) return;
  const eventContext: ContentContext = {
    ...ctx,
    view: { mode: "multi", languages: ctx.organization.languages, defaultLanguage: ctx.organization.defaultLanguage },
  };
  await executor.insert(tables.outboxEvents).values({
    organizationId: ctx.organization.id,
    event: event.event,
    entity: event.entity,
    entityId: String(event.entityId),
    data: (await event.render(eventContext)) as Record<string, unknown>,
  });
}
