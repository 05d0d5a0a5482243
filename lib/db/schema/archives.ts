import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { organizations, users } from "./organizations";

const at = () => timestamp({ withTimezone: true, mode: "date" });
const ARCHIVE_JOB_STATES = ["queued", "running", "completed", "failed"] as const;

/** An organization export through the API (docs/api.md "Organization export and import"): its archive in object storage. */
export const organizationExports = pgTable(
  "organization_exports",
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    createdBy: uuid().references(() => users.id, { onDelete: "set null" }),
    state: text({ enum: ARCHIVE_JOB_STATES }).notNull().default("queued"),
    /** `{organization}/exports/{id}/archive.tar.gz`. */
    storageKey: text().notNull(),
    size: bigint({ mode: "number" }),
    /** Records per table, once written. */
    counts: jsonb().$type<Record<string, number>>(),
    files: integer(),
    error: text(),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
    finishedAt: at(),
  },
  (table) => [index("organization_exports_org_idx").on(table.organizationId, table.createdAt, table.id)],
);

/** An archive imported through the API into the caller's organization. */
export const organizationImports = pgTable(
  "organization_imports",
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    createdBy: uuid().references(() => users.id, { onDelete: "set null" }),
    state: text({ enum: ARCHIVE_JOB_STATES }).notNull().default("queued"),
    /** The uploaded archive: `{organization}/archive-imports/{id}/archive.tar.gz`. */
    storageKey: text().notNull(),
    bytesTotal: bigint({ mode: "number" }).notNull(),
    /** `kept` or `remapped`, once imported. */
    ids: text({ enum: ["kept", "remapped"] }),
    counts: jsonb().$type<Record<string, number>>(),
    /** Per table, the archive's records the organization already had, once imported (docs/archive-format.md "Import"). */
    matched: jsonb().$type<Record<string, number>>(),
    files: integer(),
    error: text(),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
    finishedAt: at(),
  },
  (table) => [index("organization_imports_org_idx").on(table.organizationId, table.createdAt, table.id)],
);
