import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { JobsScreen } from "@/components/jobs/jobs-screen";
import { failedJobsRead, queueDepthsRead } from "@/components/jobs/reads";
import { requireAdminSession } from "@/lib/admin-session/get-admin-session";
import { readFirstPaint } from "@/lib/admin/first-paint";

export const metadata: Metadata = { title: "Background jobs" };

export default async function JobsPage() {
  const user = await requireAdminSession();
  if (user.role !== "admin") notFound();
  // The queues and the failed jobs, read here so the first HTML holds them (ADR 9, "Data on first paint").
  const state = await readFirstPaint([queueDepthsRead, failedJobsRead]);
  return (
    <HydrationBoundary state={state}>
      <JobsScreen />
    </HydrationBoundary>
  );
}
