import { z } from "zod";
import { getEnv } from "@/lib/env";
import { defineTask } from "@/lib/jobs/define-task";
import { pruneVersions } from "./prune-versions";

/**
 * Every hour: versions past retention leave the history (docs/api.md "Version history"). Safe to run
 * again: what is gone stays gone.
 */
export const pruneVersionsTask = defineTask({
  name: "versions.prune",
  payload: z.object({}),
  retryLimit: 2,
  retryDelaySeconds: 60,
  expireSeconds: 300,
  concurrency: 1,
  schedule: "23 * * * *",
  handle: async (_payload, job) => {
    const { getDb } = await import("@/lib/db");
    const env = getEnv();
    await pruneVersions(await getDb(), { count: env.VERSION_RETENTION_COUNT, days: env.VERSION_RETENTION_DAYS }, { signal: job.signal });
  },
});

export const VERSION_TASKS = [pruneVersionsTask];
