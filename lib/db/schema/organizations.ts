import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

import { ROLES } from "@/lib/core/roles";


const timestamps = {
  createdAt: timestamp({ withTimezone: true, mode: "date" }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true, mode: "date" }).notNull().defaultNow(),
};

export const organizations = pgTable(
  "organizations",
  {
    id: uuid().primaryKey().defaultRandom(),
    code: text().notNull(),
    name: text().notNull(),
    defaultLanguage: text().notNull(),
    languages: text().array().notNull(),
    webhooksEnabled: boolean().notNull().default(false),
    /** Publishing a language needs every text of the record in it, not only its required ones (docs/api.md "Publishing"). */
    strictPublishing: boolean().notNull().default(false),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("organizations_code_key").on(table.code),
    check("organizations_default_language_enabled", sql`${table.defaultLanguage} = ANY(${table.languages})`),
  ],
);

export const users = pgTable(
  "users",
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    email: text().notNull(),
    passwordHash: text().notNull(),
    role: text({ enum: ROLES }).notNull(),
    /** Languages a translator may edit and publish; empty for other roles. */
    languages: text().array().notNull().default(sql`'{}'::text[]`),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("users_organization_email_key").on(table.organizationId, sql`lower(${table.email})`),
    index("users_organization_created_idx").on(table.organizationId, table.createdAt, table.id),
    check("users_role_valid", sql`${table.role} IN ('admin', 'editor', 'translator', 'member')`),
  ],
);

export type Organization = typeof organizations.$inferSelect;
export type User = typeof users.$inferSelect;
