import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { organizations, users } from "./organizations";

const at = () => timestamp({ withTimezone: true, mode: "date" });
const organizationId = () =>
  uuid()
    .notNull()
    .references(() => organizations.id, { onDelete: "cascade" });

export const VERSION_OPERATIONS = ["create", "replace", "patch", "status", "restore", "delete"] as const;
export type VersionOperation = (typeof VERSION_OPERATIONS)[number];

/**
 * Version history (docs/decisions/0027): one immutable row per write of a versioned content record,
 * written in the write's own transaction. `number` is the record's `version` after the write (a delete
 * keeps the last stored state under the next number); `data` is the stored row as written, translations,
 * phases and weeks included. Rows are never updated; the prune job deletes those past retention.
 */
export const contentVersions = pgTable(
  "content_versions",
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: organizationId(),
    /** The collection's path under /content: `workouts`, `training-plans` … */
    collection: text().notNull(),
    recordId: text().notNull(),
    number: integer().notNull(),
    operation: text({ enum: VERSION_OPERATIONS }).notNull(),
    /** The version this one restored (operation `restore`). */
    restoredFrom: integer(),
    authorId: uuid().references(() => users.id, { onDelete: "set null" }),
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: at().notNull().defaultNow(),
  },
  (table) => [
    // A record's versions by number (the list's order, one version by number, the retention count).
    uniqueIndex("content_versions_record_idx").on(table.organizationId, table.collection, table.recordId, table.number),
    // The prune job's candidates, oldest first.
    index("content_versions_created_idx").on(table.createdAt),
    // The records a person wrote last (the admin home).
    index("content_versions_author_idx").on(table.organizationId, table.authorId, table.createdAt),
    check("content_versions_operation_check", sql`${table.operation} IN ('create', 'replace', 'patch', 'status', 'restore', 'delete')`),
  ],
);

/**
 * Preview links (not served yet; their endpoints are being built): a token that reads one record (and what it references) in one
 * language, drafts included, until it expires or is revoked. Only the token's SHA-256 is stored.
 */
export const previewLinks = pgTable(
  "preview_links",
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: organizationId(),
    collection: text().notNull(),
    recordId: text().notNull(),
    language: text().notNull(),
    tokenHash: text().notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: "set null" }),
    expiresAt: at().notNull(),
    revokedAt: at(),
    createdAt: at().notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("preview_links_token_idx").on(table.tokenHash),
    index("preview_links_record_idx").on(table.organizationId, table.collection, table.recordId, table.createdAt),
    // The prune job's candidates (expired links).
    index("preview_links_expires_idx").on(table.expiresAt),
  ],
);
