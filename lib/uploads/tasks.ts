import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { tables } from "@/lib/db";
import { defineTask } from "@/lib/jobs/define-task";

/** An image's four crop formats rendered into the thumbnail cache right after its upload commits. */
export const thumbnailsTask = defineTask({
  name: "uploads.thumbnails",
  payload: z.object({ upload_id: z.uuid() }),
  retryLimit: 3,
  retryDelaySeconds: 30,
  expireSeconds: 300,
  // Image work is CPU-bound: two at a time per process leaves room for requests.
  concurrency: 2,
  handle: async ({ upload_id }, job) => {
    if (!job.organizationId) return;
    const [row] = await job.db
      .select()
      .from(tables.uploads)
      .where(and(eq(tables.uploads.id, upload_id), eq(tables.uploads.organizationId, job.organizationId)))
      .limit(1);
    // Deleted meanwhile, or not an image: nothing to make.
    if (!row || !row.mime.startsWith("image/")) return;
    const { renderUploadThumbnails } = await import("./thumbnails");
    await renderUploadThumbnails(row, job.signal);
  },
});

export const UPLOAD_TASKS = [thumbnailsTask];
