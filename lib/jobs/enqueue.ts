import { sql } from "drizzle-orm";
import type { Executor } from "@/lib/db";
import type { Task } from "./define-task";
import { JOBS_CHANNEL, executorRunner, jobOptionsOf, jobSender } from "./queue";

export type EnqueueOptions = {
  /** The organization the job works for (admins of it see the job); null for the service's own work. */
  organizationId: string | null;
  /** Not before this moment. */
  startAfter?: Date;
  /** The job's id, when the domain names it (a webhook delivery's job has the delivery's id). */
  id?: string;
};

/** What a job row's `data` holds: the organization apart from the task's own payload. */
export type JobData<Payload = unknown> = { organization_id: string | null; payload: Payload };

/**
 * Adds a job in the caller's transaction (or on the database directly): it exists if and only if
 * the change it belongs to commits. Runners are woken by a NOTIFY that PostgreSQL sends at commit.
 * Returns the job's id.
 */
export async function enqueue<Payload>(executor: Executor, task: Task<Payload>, payload: Payload, options: EnqueueOptions): Promise<string> {
  const parsed = task.payload.parse(payload);
  const data: JobData<Payload> = { organization_id: options.organizationId, payload: parsed };
  const id = await jobSender().send(task.name, data as object, {
    ...jobOptionsOf(task),
    ...(options.startAfter ? { startAfter: options.startAfter } : {}),
    ...(options.id ? { id: options.id } : {}),
    db: executorRunner(executor),
  });
  if (!id) throw new Error(`the job queue has no queue for the task ${task.name}`);
  await notifyRunners(executor, task.name, options.startAfter);
  return id;
}

/**
 * Wakes every runner when the transaction commits: `<task>` for a job due now, `<task>@<ms since
 * epoch>` for one due later, so runners look again at that moment rather than at their next poll.
 */
export async function notifyRunners(executor: Executor, taskName: string, dueAt?: Date): Promise<void> {
  const payload = dueAt && dueAt.getTime() > Date.now() ? `${taskName}@${dueAt.getTime()}` : taskName;
  await executor.execute(sql`SELECT pg_notify(${JOBS_CHANNEL}, ${payload})`);
}
