import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { organizations, users } from "./organizations";

const at = () => timestamp({ withTimezone: true, mode: "date" });

export type ScheduledChange = { language: string; status: "draft" | "published" | "unpublished" };

/**
 * A scheduled status change of one publishable record (docs/decisions/0029): one or several
 * languages (a release) changed together at `at`, a whole minute, by the `schedules.run` job.
 */
export const schedules = pgTable(
  "schedules",
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    collection: text({ enum: ["workouts", "training-plans", "on-demand"] }).notNull(),
    recordId: uuid().notNull(),
    at: at().notNull(),
    /** The status keys (`default` or a language code) with their new status, in the order given. */
    changes: jsonb().$type<ScheduledChange[]>().notNull(),
    /** The keys of `changes`, for filters and the duplicate check. */
    languages: text().array().notNull(),
    state: text({ enum: ["pending", "succeeded", "failed"] }).notNull().default("pending"),
    /** Why a failed schedule could not run, in words for editors. */
    reason: text(),
    createdBy: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: at().notNull().defaultNow(),
    completedAt: at(),
  },
  (table) => [
    index("schedules_org_at_idx").on(table.organizationId, table.at, table.id),
    index("schedules_record_idx").on(table.organizationId, table.collection, table.recordId, table.at),
    index("schedules_org_state_idx").on(table.organizationId, table.state, table.at, table.id),
    index("schedules_due_idx").on(table.at).where(sql`${table.state} = 'pending'`),
    index("schedules_languages_idx").using("gin", table.languages),
  ],
);
