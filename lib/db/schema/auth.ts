import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { organizations, users } from "./organizations";

const at = (name?: string) => (name ? timestamp(name, { withTimezone: true, mode: "date" }) : timestamp({ withTimezone: true, mode: "date" }));

/**
 * One login: the family of refresh tokens descending from it. Access tokens carry its id (`sid`), so
 * revoking the session (logout, reuse detection, a user's removal or demotion) stops them at once.
 */
export const authSessions = pgTable(
  "auth_sessions",
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    scope: text({ enum: ["mobile", "platform"] }).notNull(),
    createdAt: at().notNull().defaultNow(),
    revokedAt: at(),
    revokedReason: text(),
  },
  (table) => [index("auth_sessions_user_idx").on(table.userId)],
);

export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: uuid().primaryKey().defaultRandom(),
    sessionId: uuid()
      .notNull()
      .references(() => authSessions.id, { onDelete: "cascade" }),
    /** SHA-256 of the token; the token itself is never stored. */
    tokenHash: text().notNull(),
    createdAt: at().notNull().defaultNow(),
    expiresAt: at().notNull(),
    usedAt: at(),
  },
  (table) => [uniqueIndex("refresh_tokens_hash_key").on(table.tokenHash), index("refresh_tokens_session_idx").on(table.sessionId)],
);

/**
 * Login throttling state per (organization code, username), kept in the database so that every
 * server instance enforces the same block.
 */
export const loginThrottles = pgTable(
  "login_throttles",
  {
    orgCode: text().notNull(),
    username: text().notNull(),
    failures: integer().notNull().default(0),
    windowStartedAt: at(),
    lastFailureAt: at(),
    blockedAt: at(),
    /** Unblock tokens used since the last successful login (drives the doubling cool-down). */
    unblockStreak: integer().notNull().default(0),
    updatedAt: at().notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.orgCode, table.username] })],
);

export const unblockTokens = pgTable(
  "unblock_tokens",
  {
    id: uuid().primaryKey().defaultRandom(),
    tokenHash: text().notNull(),
    orgCode: text().notNull(),
    username: text().notNull(),
    /** Position in the current streak: token n works 2^(n-1) s (at most 1 h) after the last failure. */
    sequence: integer().notNull(),
    createdAt: at().notNull().defaultNow(),
    expiresAt: at().notNull(),
    usedAt: at(),
    supersededAt: at(),
  },
  (table) => [uniqueIndex("unblock_tokens_hash_key").on(table.tokenHash), index("unblock_tokens_account_idx").on(table.orgCode, table.username)],
);

export const integrationTokens = pgTable(
  "integration_tokens",
  {
    /** Also the token's `jti`. */
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text().notNull(),
    scope: text({ enum: ["mobile", "platform"] }).notNull(),
    tokenHash: text().notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: at().notNull().defaultNow(),
    expiresAt: at().notNull(),
    lastUsedAt: at(),
    deletedAt: at(),
  },
  (table) => [
    index("integration_tokens_organization_idx").on(table.organizationId, table.createdAt, table.id),
    check("integration_tokens_scope_valid", sql`${table.scope} IN ('mobile', 'platform')`),
  ],
);
