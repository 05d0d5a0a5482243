import { z } from "zod";
import { defineTask } from "@/lib/jobs/define-task";

/**
 * Webhook work as jobs (docs/decisions/0008, 0019). Handlers load `./delivery` when they run: it
 * enqueues these tasks itself, and a static import would make the two modules need each other.
 */

/** A change's events become deliveries; enqueued in the change's transaction, a moment later so a burst leaves as one batch. */
export const fanOutTask = defineTask({
  name: "webhooks.fan-out",
  payload: z.object({}),
  retryLimit: 5,
  retryDelaySeconds: 5,
  expireSeconds: 60,
  concurrency: 1,
  handle: async (_payload, job) => (await import("./delivery")).fanOutAll(job.db),
});

/** One delivery, until it succeeds, its retry window ends or its receiver answers 410; the job's id is the delivery's. */
export const deliverTask = defineTask({
  name: "webhooks.deliver",
  payload: z.object({ delivery_id: z.uuid() }),
  // The delivery's retry window decides when it gives up; these retries only bound a runaway.
  retryLimit: 100,
  // After a lost runner (lease over): attempts themselves follow the delivery's own backoff.
  retryDelaySeconds: 10,
  // The request times out after 10 s; the lease covers it with room to record the result.
  expireSeconds: 30,
  concurrency: 10,
  handle: async ({ delivery_id }, job) => (await import("./delivery")).deliverWebhook(job.db, delivery_id, job),
});

/** Every minute: events no fan-out job took (written before jobs existed, or by hand). */
export const sweepTask = defineTask({
  name: "webhooks.sweep",
  payload: z.object({}),
  retryLimit: 1,
  retryDelaySeconds: 10,
  expireSeconds: 60,
  concurrency: 1,
  schedule: "* * * * *",
  handle: async (_payload, job) => (await import("./delivery")).fanOutAll(job.db, { olderThanMs: 60_000 }),
});

/** Every hour: fanned-out events after 7 days, finished deliveries after 30. */
export const pruneTask = defineTask({
  name: "webhooks.prune",
  payload: z.object({}),
  retryLimit: 2,
  retryDelaySeconds: 60,
  expireSeconds: 300,
  concurrency: 1,
  schedule: "17 * * * *",
  handle: async (_payload, job) => (await import("./delivery")).pruneWebhookHistory(job.db),
});

export const WEBHOOK_TASKS = [fanOutTask, deliverTask, sweepTask, pruneTask];
