import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { JobsScreen } from "@/components/jobs/jobs-screen";
import { requireAdminSession } from "@/lib/admin-session/get-admin-session";

export const metadata: Metadata = { title: "Background jobs" };

export default async function JobsPage() {
  const user = await requireAdminSession();
  if (user.role !== "admin") notFound();
  return <JobsScreen />;
}
