import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { JobsScreen } from "@/components/jobs/jobs-screen";
import { queueDepthsRead } from "@/components/jobs/reads";
import { requireAdminSession } from "@/lib/admin-session/get-admin-session";
import { bodyRead, readFirstPaint } from "@/lib/admin/first-paint";

export const metadata: Metadata = { title: "Background jobs" };

export default async function JobsPage() {
  const user = await requireAdminSession();
  if (user.role !== "admin") notFound();
  // The queues, read here so the first HTML holds them (ADR 9, "Data on first paint"). The failed
  // jobs are asked for by the browser, which is also where the e2e suite stands in a failed job (no
  // job fails on demand there).
  const state = await readFirstPaint([bodyRead(queueDepthsRead)]);
  return (
    <HydrationBoundary state={state}>
      <JobsScreen />
    </HydrationBoundary>
  );
}
