import { sql, type SQL } from "drizzle-orm";
import { tables, type Executor } from "@/lib/db";
import { currentAuditActor, type AuditActor } from "./actor-context";

export type AuditEntryInput = {
  organizationId: string;
  /** `<area>.<verb>` (docs/api.md "Audit log (admins)"). */
  action: string;
  target: { type: string; id?: string | number | null; label?: string | null };
  /** Names and numbers only: never a secret, a password, a token or a text's value. */
  details?: Record<string, unknown>;
  /** Another actor than the current request's (a sign-in names the user it signed in). */
  actor?: AuditActor;
};

/**
 * Appends one entry to the audit log on `executor`: called with the change's transaction, the entry
 * exists if and only if the change commits (docs/decisions/0023).
 */
export async function recordAuditEntry(executor: Executor, input: AuditEntryInput): Promise<void> {
  const actor = input.actor ?? currentAuditActor();
  await executor.insert(tables.auditLog).values({
    organizationId: input.organizationId,
    action: input.action,
    actorType: actor.type,
    actorId: actor.id,
    // Looked up in the same statement: one round trip in the change's transaction.
    actorLabel: actor.label !== undefined ? actor.label : labelOf(actor),
    credential: actor.credential,
    requestId: actor.requestId,
    targetType: input.target.type,
    targetId: input.target.id == null ? null : String(input.target.id),
    targetLabel: input.target.label ?? null,
    details: input.details ?? {},
  });
}

/** The actor's email or token name as of now (kept by the entry when the user is later removed). */
function labelOf(actor: AuditActor): SQL | null {
  if (!actor.id) return null;
  if (actor.type === "user") return sql`(SELECT ${tables.users.email} FROM ${tables.users} WHERE ${tables.users.id} = ${actor.id})`;
  if (actor.type === "integration_token") {
    return sql`(SELECT ${tables.integrationTokens.name} FROM ${tables.integrationTokens} WHERE ${tables.integrationTokens.id} = ${actor.id})`;
  }
  return null;
}
