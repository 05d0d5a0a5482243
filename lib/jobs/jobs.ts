import { and, count, eq, sql } from "drizzle-orm";
import { jsonb, pgSchema, integer, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { Db } from "@/lib/db";
import { compileOrder, compileWhere, scalarField, type FilterQuery, type FilterSpec } from "@/lib/filter";
import { ApiError } from "@/lib/core/errors";
import { notifyRunners } from "./enqueue";
import { JOB_SCHEMA } from "./queue";
import { JOB_STATES, type JobRecord, type QueueDepth } from "./schemas";
import { TASK_NAMES } from "./tasks";

/**
 * pg-boss's job table as the jobs API reads it (docs/decisions/0019). pg-boss creates and migrates
 * it; it is declared here for queries only, outside the drizzle schema and its migrations. Every
 * query is scoped by the organization the job carries in `data`.
 */
const job = pgSchema(JOB_SCHEMA).table("job", {
  id: uuid().notNull(),
  name: text().notNull(),
  data: jsonb().$type<{ organization_id: string | null; payload: unknown }>(),
  state: text().notNull(),
  retryLimit: integer("retry_limit").notNull(),
  retryCount: integer("retry_count").notNull(),
  startAfter: timestamp("start_after", { withTimezone: true, mode: "date" }).notNull(),
  startedOn: timestamp("started_on", { withTimezone: true, mode: "date" }),
  createdOn: timestamp("created_on", { withTimezone: true, mode: "date" }).notNull(),
  completedOn: timestamp("completed_on", { withTimezone: true, mode: "date" }),
  output: jsonb().$type<{ message?: unknown } | null>(),
});

/** The expression our index covers (`fcs_job_organization_idx`), so filters use it. */
const organizationOf = sql`(${job.data}->>'organization_id')`;

export const jobFilterSpec = {
  fields: {
    state: { type: "enum", values: JOB_STATES, operators: ["eq", "in"] },
    task: { type: "enum", values: TASK_NAMES, operators: ["eq", "in"] },
    created: { type: "date", operators: ["gte", "lte"] },
  },
  order: { created: { description: "When the job was enqueued" } },
  defaultOrder: [{ field: "created", direction: "desc" }],
} as const satisfies FilterSpec;

type JobRow = typeof job.$inferSelect;

function toJobRecord(row: JobRow): JobRecord {
  const isWaiting = row.state === "created" || row.state === "retry";
  const message = row.output?.message;
  return {
    id: row.id,
    task: row.name,
    state: row.state as JobRecord["state"],
    payload: row.data?.payload ?? null,
    attempts: row.startedOn ? row.retryCount + 1 : 0,
    max_attempts: row.retryLimit + 1,
    last_error: row.state !== "completed" && typeof message === "string" ? message : null,
    created_at: row.createdOn.toISOString(),
    started_at: row.startedOn?.toISOString() ?? null,
    completed_at: row.completedOn?.toISOString() ?? null,
    next_run_at: isWaiting ? row.startAfter.toISOString() : null,
  };
}

const ownedBy = (organizationId: string) => sql`${organizationOf} = ${organizationId}`;

/** The organization's jobs (newest first by default), with filters on state, task and creation time. */
export async function listJobs(db: Db, organizationId: string, filter: FilterQuery): Promise<{ total: number; data: JobRecord[] }> {
  const where = and(
    ownedBy(organizationId),
    compileWhere(filter, { state: scalarField(sql`${job.state}::text`, "enum"), task: scalarField(job.name, "enum"), created: scalarField(job.createdOn, "date") }),
  );
  const order = compileOrder(filter, { created: job.createdOn }, job.id);
  const [rows, [total]] = await Promise.all([
    db.select().from(job).where(where).orderBy(...order).limit(filter.limit).offset(filter.offset),
    db.select({ value: count() }).from(job).where(where),
  ]);
  return { total: total?.value ?? 0, data: rows.map(toJobRecord) };
}

export async function getJobOrThrow(db: Db, organizationId: string, id: string): Promise<JobRecord> {
  const [row] = await db.select().from(job).where(and(eq(job.id, id), ownedBy(organizationId))).limit(1);
  if (!row) throw new ApiError("not_found", "job not found");
  return toJobRecord(row);
}

/**
 * Runs a failed job again, at once, with one more attempt allowed (its handler is idempotent, so a
 * repeat is safe). Any other state is a conflict: a waiting or running job will run anyway, and a
 * completed one did its work.
 */
export async function retryJob(db: Db, organizationId: string, id: string): Promise<JobRecord> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(job)
      .set({ state: sql`'retry'::${sql.raw(JOB_SCHEMA)}.job_state`, retryLimit: sql`${job.retryLimit} + 1`, completedOn: null, startAfter: sql`now()` })
      .where(and(eq(job.id, id), ownedBy(organizationId), sql`${job.state} = 'failed'`))
      .returning();
    if (row) {
      await notifyRunners(tx, row.name);
      return toJobRecord(row);
    }
    const current = await getJobOrThrow(tx as unknown as Db, organizationId, id);
    throw new ApiError("conflict", `only a failed job can be retried; this one is ${current.state}`);
  });
}

/** Per task: the organization's jobs waiting, running, failed and recently completed. Every task is listed. */
export async function getQueueDepths(db: Db, organizationId: string): Promise<QueueDepth[]> {
  const rows = await db
    .select({ task: job.name, state: sql<string>`${job.state}::text`, count: count() })
    .from(job)
    .where(ownedBy(organizationId))
    .groupBy(job.name, job.state);
  return TASK_NAMES.map((task) => {
    const of = (...states: string[]) => rows.filter((row) => row.task === task && states.includes(row.state)).reduce((sum, row) => sum + row.count, 0);
    return { task, waiting: of("created", "retry"), active: of("active"), failed: of("failed"), completed: of("completed") };
  });
}
