import { z } from "zod";
import { defineTask, PermanentJobError } from "@/lib/jobs/define-task";

/**
 * The API's organization exports and imports (docs/api.md "Organization export and import"). A run
 * starts over (the export rewrites its archive; the import is one transaction, so a failed attempt left
 * nothing). The last failing attempt marks the record failed.
 */
export const exportOrganizationTask = defineTask({
  name: "archives.export",
  payload: z.object({ export_id: z.uuid() }),
  retryLimit: 2,
  retryDelaySeconds: 30,
  expireSeconds: 3600,
  concurrency: 1,
  handle: async ({ export_id }, job) => {
    if (!job.organizationId) throw new PermanentJobError("an export job needs its organization");
    const { runOrganizationExport, failOrganizationExport } = await import("./archive-jobs");
    try {
      await runOrganizationExport(job.db, job.organizationId, export_id, job.signal);
    } catch (error) {
      if (job.attempt >= job.maxAttempts) await failOrganizationExport(job.db, export_id, "the export failed; start another");
      throw error;
    }
  },
});

export const importOrganizationTask = defineTask({
  name: "archives.import",
  payload: z.object({ import_id: z.uuid() }),
  retryLimit: 2,
  retryDelaySeconds: 30,
  expireSeconds: 3600,
  concurrency: 1,
  handle: async ({ import_id }, job) => {
    if (!job.organizationId) throw new PermanentJobError("an import job needs its organization");
    const { runOrganizationImport, failOrganizationImport } = await import("./archive-jobs");
    try {
      await runOrganizationImport(job.db, job.organizationId, import_id, job.signal);
    } catch (error) {
      if (job.attempt >= job.maxAttempts) await failOrganizationImport(job.db, import_id, "the import failed; nothing was imported");
      throw error;
    }
  },
});

export const ARCHIVE_TASKS = [exportOrganizationTask, importOrganizationTask];
