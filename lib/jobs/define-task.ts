import type { z } from "zod";
import type { Db } from "@/lib/db";

/**
 * A kind of background work (docs/decisions/0019). Jobs run at least once: a process may die after a
 * handler's effect and before the job is marked done, and a job that outlives its lease is taken over by
 * another runner, so every handler must be safe to run again with the same payload.
 */
export type TaskDefinition<Payload> = {
  /** `<domain>.<verb>`, the job queue's name; never renamed once jobs exist. */
  name: string;
  /** Validates the payload when a job is enqueued and again before it runs. */
  payload: z.ZodType<Payload>;
  handle: (payload: Payload, job: JobContext) => Promise<void>;
  /** Runs after the first that a failing job gets; then it is `failed`, keeping its last error. */
  retryLimit: number;
  /** The first retry waits between this and twice this; each further one doubles it. At least 1. */
  retryDelaySeconds: number;
  /**
   * The lease: a job running longer is taken for lost (its runner died or hangs) and retried, and its
   * handler's `signal` aborts. `JOBS_EXPIRE_SECONDS` overrides it for every task.
   */
  expireSeconds: number;
  /** Jobs of this task one process runs at the same time. */
  concurrency: number;
  /** A cron expression (UTC): one job per period, however many processes run jobs. */
  schedule?: string;
};

export type JobContext = {
  id: string;
  /** The runner's database (the process's, or the one a test opened). */
  db: Db;
  /** 1 for the first run; retries (and runs after a lost lease) count on. */
  attempt: number;
  /** The attempt after which the job is failed for good. */
  maxAttempts: number;
  organizationId: string | null;
  /** Aborts when the lease runs out or the process stops before the handler finished. */
  signal: AbortSignal;
};

export type Task<Payload = unknown> = Readonly<TaskDefinition<Payload>>;

const TASK_NAME = /^[a-z][a-z0-9-]*\.[a-z][a-z0-9-]*$/;

export function defineTask<Payload>(definition: TaskDefinition<Payload>): Task<Payload> {
  if (!TASK_NAME.test(definition.name)) throw new Error(`a task's name is <domain>.<verb> in lowercase: ${definition.name}`);
  for (const key of ["retryLimit", "retryDelaySeconds", "expireSeconds", "concurrency"] as const) {
    const least = key === "retryLimit" ? 0 : 1;
    if (!Number.isInteger(definition[key]) || definition[key] < least) throw new Error(`${definition.name}: ${key} must be an integer of at least ${least}`);
  }
  return Object.freeze({ ...definition });
}

/** Thrown by a handler whose job can never succeed (its input is wrong): failed now, no retries. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PermanentJobError";
  }
}

/** Thrown by a handler that knows when to try again (a receiver's own backoff policy, say). */
export class RetryJobLaterError extends Error {
  constructor(
    message: string,
    readonly retryAt: Date,
  ) {
    super(message);
    this.name = "RetryJobLaterError";
  }
}

/** Any task, whatever its payload (lists of tasks: the registry, a runner). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTask = Task<any>;
