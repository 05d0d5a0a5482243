"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiRequest } from "@/lib/admin/api-client";
import { failedJobsRead, queueDepthsRead } from "./reads";
import type { jobListSchema, jobSchema, queueDepthListSchema } from "@/lib/jobs/schemas";

export type JobList = z.output<typeof jobListSchema>;
export type Job = z.output<typeof jobSchema>;
export type QueueDepthList = z.output<typeof queueDepthListSchema>;

export const jobKeys = { queues: queueDepthsRead.key, failed: failedJobsRead.key };

/**
 * Jobs move on their own: both views refresh while the screen is open, and again when it opens. The
 * page's first paint shows what the server read at once (ADR 9); the browser then asks for the newest.
 */
const REFRESH_MS = 5_000;

export function useQueueDepths() {
  return useQuery({
    queryKey: jobKeys.queues,
    queryFn: async ({ signal }) => (await apiRequest<QueueDepthList>(queueDepthsRead.path, { signal })).data,
    staleTime: 0,
    refetchInterval: REFRESH_MS,
  });
}

export function useFailedJobs() {
  return useQuery({
    queryKey: jobKeys.failed,
    queryFn: async ({ signal }) => (await apiRequest<JobList>(failedJobsRead.path, { signal })).data,
    staleTime: 0,
    refetchInterval: REFRESH_MS,
  });
}

/** A retried job leaves the failed list and joins the waiting count. */
export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await apiRequest<Job>(`/jobs/${encodeURIComponent(id)}/retry`, { method: "POST" })).data,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: jobKeys.failed }), queryClient.invalidateQueries({ queryKey: jobKeys.queues })]),
  });
}
