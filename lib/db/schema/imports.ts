import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { organizations, users } from "./organizations";

const at = () => timestamp({ withTimezone: true, mode: "date" });

/** A bulk import of content records from a JSON Lines or CSV file (docs/api.md "Bulk import"). */
export const contentImports = pgTable(
  "content_imports",
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    createdBy: uuid().references(() => users.id, { onDelete: "set null" }),
    collection: text().notNull(),
    format: text({ enum: ["jsonl", "csv"] }).notNull(),
    isDryRun: boolean().notNull(),
    isAtomic: boolean().notNull(),
    /** CSV: names that replace the file's header row, "" for a column left out (docs/api.md "Bulk import"). */
    columns: jsonb().$type<string[]>(),
    state: text({ enum: ["queued", "running", "completed", "failed"] }).notNull().default("queued"),
    /** The uploaded file in object storage. */
    storageKey: text().notNull(),
    bytesTotal: bigint({ mode: "number" }).notNull(),
    bytesRead: bigint({ mode: "number" }).notNull().default(0),
    linesRead: integer().notNull().default(0),
    created: integer().notNull().default(0),
    updated: integer().notNull().default(0),
    invalid: integer().notNull().default(0),
    /** Whether records were written (false for a dry run, and for an atomic run with an invalid line). */
    isWritten: boolean().notNull().default(false),
    error: text(),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
    finishedAt: at(),
  },
  (table) => [index("content_imports_org_idx").on(table.organizationId, table.createdAt, table.id)],
);

/** Each line's outcome of an import (created, updated, or invalid with the 422 details). */
export const contentImportLines = pgTable(
  "content_import_lines",
  {
    importId: uuid()
      .notNull()
      .references(() => contentImports.id, { onDelete: "cascade" }),
    line: integer().notNull(),
    outcome: text({ enum: ["created", "updated", "invalid"] }).notNull(),
    recordId: text(),
    slug: text(),
    details: jsonb().$type<{ path: string; message: string }[]>(),
  },
  (table) => [primaryKey({ columns: [table.importId, table.line] }), index("content_import_lines_outcome_idx").on(table.importId, table.outcome, table.line)],
);
