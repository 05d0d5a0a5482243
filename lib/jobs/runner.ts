import type PgBoss from "pg-boss";
import type { Database } from "@/lib/db/client";
import { describeError, log } from "@/lib/log";
import { PermanentJobError, RetryJobLaterError, type AnyTask } from "./define-task";
import type { JobData } from "./enqueue";
import { JOB_SCHEMA, JOBS_CHANNEL, createBoss } from "./queue";

export type RunnerOptions = {
  /** How often each task's queue is looked at when no NOTIFY woke the runner. */
  pollMs: number;
  /** How often expired leases are looked for (one runner of all does it each time). */
  maintenanceSeconds: number;
  /** On stop, how long jobs in flight may take to finish before they are interrupted. */
  shutdownMs: number;
};

export type JobRunner = {
  /** Stops taking jobs, lets those in flight finish (up to `shutdownMs`), interrupts the rest. */
  stop: () => Promise<void>;
  isRunning: () => boolean;
};

export const SHUTDOWN_MS = 25_000;
const MAX_ERROR_LENGTH = 1_000;
/**
 * Due times further away are left to the poll: a timer per far-off schedule would pile up, and Node
 * fires a timer of more than 2^31 - 1 ms (about 24.8 days) at once.
 */
export const WAKE_HORIZON_MS = 60 * 60 * 1000;

/** How long until a job due at `at` should wake its task's worker, or undefined when the poll will see it. */
export function wakeDelay(at: Date, now: number): number | undefined {
  const delay = Math.max(0, at.getTime() - now) + 20;
  return delay > WAKE_HORIZON_MS ? undefined : delay;
}

type FetchedJob = PgBoss.JobWithMetadata<JobData>;

class Waker {
  #isPending = false;
  #resolve: (() => void) | undefined;

  wake(): void {
    this.#isPending = true;
    this.#resolve?.();
  }

  /** Resolves on the next wake (or at once when one came since the last wait), or after `ms`. */
  async wait(ms: number): Promise<void> {
    if (this.#isPending) {
      this.#isPending = false;
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    await new Promise<void>((resolve) => {
      this.#resolve = resolve;
      timer = setTimeout(resolve, ms);
    });
    clearTimeout(timer);
    this.#resolve = undefined;
    this.#isPending = false;
  }
}

function messageOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.length > MAX_ERROR_LENGTH ? `${message.slice(0, MAX_ERROR_LENGTH)}…` : message;
}

/**
 * Runs the jobs of `tasks` in this process (docs/decisions/0019): one loop per task that takes up to
 * the task's concurrency at once (`FOR UPDATE SKIP LOCKED`, so any number of runners share the queue),
 * woken by the NOTIFY of each enqueue and otherwise every `pollMs`. pg-boss itself expires lost leases
 * and fires recurring tasks, each once per period across every runner.
 */
export async function startJobRunner(database: Database, tasks: readonly AnyTask[], options: RunnerOptions): Promise<JobRunner> {
  const boss = createBoss(database, { supervise: true, schedule: true, maintenanceSeconds: options.maintenanceSeconds });
  await boss.start();

  let isStopping = false;
  const stopController = new AbortController();
  const wakers = new Map(tasks.map((task) => [task.name, new Waker()]));
  const inFlight = new Set<Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  const wakeAll = () => wakers.forEach((waker) => waker.wake());

  const wakeAt = (name: string, at: Date) => {
    const delay = wakeDelay(at, Date.now());
    if (delay === undefined) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      wakers.get(name)?.wake();
    }, delay);
    timer.unref();
    timers.add(timer);
  };

  const unlisten = await database.listen(JOBS_CHANNEL, {
    onNotify: (payload) => {
      const [name, dueAt] = payload.split("@", 2) as [string, string | undefined];
      if (dueAt) wakeAt(name, new Date(Number(dueAt)));
      else wakers.get(name)?.wake();
    },
    // Enqueues announced while not listening were not heard.
    onLive: (isLive) => isLive && wakeAll(),
  });

  const settleFailure = async (task: AnyTask, job: FetchedJob, error: unknown) => {
    const message = messageOf(error);
    if (error instanceof PermanentJobError) {
      await database.executeSql(`UPDATE ${JOB_SCHEMA}.job SET retry_limit = retry_count WHERE name = $1 AND id = $2 AND state = 'active'`, [task.name, job.id]);
    }
    await boss.fail(task.name, job.id, { message });
    if (error instanceof RetryJobLaterError) {
      await database.executeSql(`UPDATE ${JOB_SCHEMA}.job SET start_after = $3 WHERE name = $1 AND id = $2 AND state = 'retry'`, [task.name, job.id, error.retryAt.toISOString()]);
      wakeAt(task.name, error.retryAt);
    }
    const isFinal = error instanceof PermanentJobError || job.retryCount >= job.retryLimit;
    const fields = { task: task.name, job: job.id, attempt: job.retryCount + 1, error: message };
    if (isFinal) log.error("job failed", fields);
    else log.warn("job attempt failed; it will be retried", fields);
  };

  const run = async (task: AnyTask, job: FetchedJob) => {
    const controller = new AbortController();
    const expireMs = Number(job.expireInSeconds) * 1000;
    const lease = setTimeout(() => controller.abort(new Error(`the job ran longer than its lease (${expireMs / 1000} s)`)), expireMs);
    const onStop = () => controller.abort(new Error("interrupted: the process stopped before the job finished"));
    stopController.signal.addEventListener("abort", onStop, { once: true });
    try {
      const parsed = task.payload.safeParse(job.data?.payload);
      if (!parsed.success) throw new PermanentJobError(`the job's payload is not valid for ${task.name}: ${parsed.error.issues.map((issue) => `${issue.path.join(".") || "payload"} ${issue.message}`).join("; ")}`);
      const aborted = new Promise<never>((_, reject) => controller.signal.addEventListener("abort", () => reject(controller.signal.reason as Error), { once: true }));
      await Promise.race([
        task.handle(parsed.data, {
          id: job.id,
          db: database.db,
          attempt: job.retryCount + 1,
          maxAttempts: job.retryLimit + 1,
          organizationId: job.data?.organization_id ?? null,
          signal: controller.signal,
        }),
        aborted,
      ]);
      await boss.complete(task.name, job.id);
      log.debug("job completed", { task: task.name, job: job.id, attempt: job.retryCount + 1 });
    } catch (error) {
      await settleFailure(task, job, error).catch((failure: unknown) => log.error("could not record a job's failure", { task: task.name, job: job.id, ...describeError(failure) }));
    } finally {
      clearTimeout(lease);
      stopController.signal.removeEventListener("abort", onStop);
    }
  };

  const loop = async (task: AnyTask) => {
    const waker = wakers.get(task.name)!;
    const running = new Set<Promise<void>>();
    while (!isStopping) {
      const free = task.concurrency - running.size;
      let fetched: FetchedJob[] = [];
      if (free > 0) {
        fetched = (await boss.fetch<JobData>(task.name, { batchSize: free, includeMetadata: true }).catch((error: unknown) => {
          log.warn("could not take jobs", { task: task.name, ...describeError(error) });
          return [];
        })) as FetchedJob[];
        for (const job of fetched) {
          const started: Promise<void> = run(task, job).finally(() => {
            running.delete(started);
            inFlight.delete(started);
            waker.wake();
          });
          running.add(started);
          inFlight.add(started);
        }
      }
      // A full batch suggests more are waiting: take them as soon as a slot is free.
      if (fetched.length > 0 && fetched.length === free && running.size < task.concurrency) continue;
      await waker.wait(options.pollMs);
    }
  };

  const loops = tasks.map((task) => loop(task));
  log.info("job runner started", { tasks: tasks.map((task) => task.name) });

  return {
    isRunning: () => !isStopping,
    stop: async () => {
      if (isStopping) return;
      isStopping = true;
      wakeAll();
      await Promise.all(loops);
      let deadline: NodeJS.Timeout | undefined;
      const isDrained = await Promise.race([
        Promise.allSettled([...inFlight]).then(() => true),
        new Promise<false>((resolve) => (deadline = setTimeout(() => resolve(false), options.shutdownMs))),
      ]);
      clearTimeout(deadline);
      if (!isDrained) {
        log.warn("jobs still running at shutdown were interrupted; they will be retried", { count: inFlight.size });
        stopController.abort();
        await Promise.allSettled([...inFlight]);
      }
      timers.forEach((timer) => clearTimeout(timer));
      await unlisten();
      await boss.stop({ graceful: false, close: false });
      log.info("job runner stopped");
    },
  };
}
