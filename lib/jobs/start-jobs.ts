import type { Database } from "@/lib/db/client";
import type { Env } from "@/lib/env";
import { registerReadinessCheck } from "@/lib/health/readiness";
import type { AnyTask } from "./define-task";
import { JOB_SCHEMA, installJobQueue } from "./queue";
import { SHUTDOWN_MS, startJobRunner, type JobRunner } from "./runner";
import { ALL_TASKS } from "./tasks";

export type JobsHandle = { stop: () => Promise<void> };

/**
 * The job queue of this process (docs/decisions/0019): installs or upgrades it (every process
 * enqueues), runs jobs unless `runsJobs` is false (`JOBS=off` on a server), and adds the `jobs`
 * readiness check: the queue answers, and this process's runner is not stopping.
 */
export async function startJobs(
  database: Database,
  env: Pick<Env, "JOBS_POLL_MS" | "JOBS_MAINTENANCE_SECONDS">,
  options: { runsJobs: boolean; tasks?: readonly AnyTask[] },
): Promise<JobsHandle> {
  const tasks = options.tasks ?? ALL_TASKS;
  await installJobQueue(database, tasks);
  let runner: JobRunner | undefined;
  if (options.runsJobs) {
    runner = await startJobRunner(database, tasks, { pollMs: env.JOBS_POLL_MS, maintenanceSeconds: env.JOBS_MAINTENANCE_SECONDS, shutdownMs: SHUTDOWN_MS });
  }
  const unregister = registerReadinessCheck("jobs", async () => {
    if (runner && !runner.isRunning()) throw new Error("the job runner is stopping");
    await database.executeSql(`SELECT version FROM ${JOB_SCHEMA}.version`);
  });
  return {
    stop: async () => {
      unregister();
      await runner?.stop();
    },
  };
}
