import { z } from "zod";
import { defineTask, PermanentJobError } from "@/lib/jobs/define-task";

/** Reads an import's file from storage and writes (or checks) its records (docs/api.md "Bulk import"). */
export const runContentImportTask = defineTask({
  name: "imports.run",
  payload: z.object({ import_id: z.uuid() }),
  // A run starts over from the first line (outcomes are replaced, records matched by slug again).
  retryLimit: 2,
  retryDelaySeconds: 30,
  expireSeconds: 3600,
  concurrency: 1,
  handle: async ({ import_id }, job) => {
    if (!job.organizationId) throw new PermanentJobError("an import job needs its organization");
    const { runContentImport } = await import("./run-content-import");
    await runContentImport(job.db, job.organizationId, import_id, job.signal);
  },
});

export const IMPORT_TASKS = [runContentImportTask];
