import { z } from "zod";
import { getEnv } from "@/lib/env";
import { defineTask } from "@/lib/jobs/define-task";
import { pruneExpiredChanges } from "./prune-changes";

/**
 * Every hour: deletions that have outlived the retention window leave the change feed
 * (docs/decisions/0021). Safe to run again: what is gone stays gone, and horizons only move forward.
 */
export const pruneChangesTask = defineTask({
  name: "changes.prune",
  payload: z.object({}),
  retryLimit: 2,
  retryDelaySeconds: 60,
  expireSeconds: 300,
  concurrency: 1,
  schedule: "41 * * * *",
  handle: async (_payload, job) => {
    const { getDb } = await import("@/lib/db");
    await pruneExpiredChanges(await getDb(), getEnv().CHANGE_FEED_RETENTION_SECONDS, { signal: job.signal });
  },
});

export const CHANGE_TASKS = [pruneChangesTask];
