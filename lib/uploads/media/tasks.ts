import { z } from "zod";
import { defineTask } from "@/lib/jobs/define-task";

/**
 * Processing of one media asset (ADR 14): probe, HLS ladder, poster, preview, waveform. One at a
 * time per process: one transcode already keeps both cores of a small machine busy. The lease is
 * long (a long class transcodes for about its own length on two cores); a runner that dies is
 * replaced when it runs out, and the next attempt starts over in a folder of its own.
 */
export const processMediaTask = defineTask<{ assetId: string }>({
  name: "media.process",
  payload: z.object({ assetId: z.uuid() }),
  handle: async (payload, job) => (await import("./process-media")).processMedia(payload.assetId, job),
  retryLimit: 2,
  retryDelaySeconds: 60,
  expireSeconds: 6 * 60 * 60,
  concurrency: 1,
});
