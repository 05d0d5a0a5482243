import { z } from "zod";
import { defineTask } from "@/lib/jobs/define-task";

/**
 * Scheduled status changes as jobs (docs/decisions/0029). Handlers load `./run-schedule` when they
 * run: creating a schedule enqueues `schedules.run`, and a static import would make the modules need
 * each other.
 */

/** One schedule at its minute; the job's id is the schedule's. Running it twice changes nothing twice. */
export const runScheduleTask = defineTask({
  name: "schedules.run",
  payload: z.object({ schedule_id: z.uuid() }),
  retryLimit: 5,
  retryDelaySeconds: 10,
  expireSeconds: 60,
  concurrency: 5,
  handle: async ({ schedule_id }, job) => (await import("./run-schedule")).runSchedule(job.db, schedule_id),
});

/** Every minute: pending schedules whose minute has passed and whose job did not run them (lost, failed for good). */
export const sweepSchedulesTask = defineTask({
  name: "schedules.sweep",
  payload: z.object({}),
  retryLimit: 1,
  retryDelaySeconds: 10,
  expireSeconds: 120,
  concurrency: 1,
  schedule: "* * * * *",
  handle: async (_payload, job) => (await import("./run-schedule")).runOverdueSchedules(job.db),
});

export const SCHEDULE_TASKS = [runScheduleTask, sweepSchedulesTask];
