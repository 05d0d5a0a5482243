import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { organizations } from "./organizations";

const at = () => timestamp({ withTimezone: true, mode: "date" });

/**
 * The audit log (docs/decisions/0023): append-only, one row per action, written in the transaction of
 * the change it describes. Rows are never updated; they go with their organization.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    at: at().notNull().defaultNow(),
    /** `<area>.<verb>`: `auth.signed_in`, `content.updated`, `schedule.failed` … (docs/api.md "Audit log (admins)"). */
    action: text().notNull(),
    actorType: text({ enum: ["user", "integration_token", "system"] }).notNull(),
    /** The user's or the integration token's id; null for the service itself and unknown users. */
    actorId: uuid(),
    /** The user's email or the token's name at the time (kept when the user is removed). */
    actorLabel: text(),
    credential: text({ enum: ["password", "refresh_token", "access_token", "admin_session", "integration_token", "schedule", "none"] }).notNull(),
    requestId: text(),
    targetType: text().notNull(),
    targetId: text(),
    targetLabel: text(),
    /** What changed, by name (never a secret or a text's value). */
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [
    index("audit_log_org_at_idx").on(table.organizationId, table.at, table.id),
    index("audit_log_org_action_idx").on(table.organizationId, table.action, table.at, table.id),
    index("audit_log_org_actor_idx").on(table.organizationId, table.actorId, table.at, table.id),
    index("audit_log_org_target_idx").on(table.organizationId, table.targetId, table.at, table.id),
    index("audit_log_org_request_idx").on(table.organizationId, table.requestId),
  ],
);
