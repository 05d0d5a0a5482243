import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AuditLogScreen } from "@/components/audit-log/audit-log-screen";
import { auditEntriesRead, auditFilter } from "@/components/audit-log/reads";
import { requireAdminSession } from "@/lib/admin-session/get-admin-session";
import { readFirstPaint } from "@/lib/admin/first-paint";

export const metadata: Metadata = { title: "Audit log" };

export default async function AuditLogPage() {
  const user = await requireAdminSession();
  if (user.role !== "admin") notFound();
  // The newest entries, every action, read here so the first HTML holds them (ADR 9, "Data on first paint").
  const state = await readFirstPaint([auditEntriesRead(auditFilter("", 0))]);
  return (
    <HydrationBoundary state={state}>
      <AuditLogScreen />
    </HydrationBoundary>
  );
}
