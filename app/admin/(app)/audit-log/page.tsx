import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AuditLogScreen } from "@/components/audit-log/audit-log-screen";
import { requireAdminSession } from "@/lib/admin-session/get-admin-session";

export const metadata: Metadata = { title: "Audit log" };

export default async function AuditLogPage() {
  const user = await requireAdminSession();
  if (user.role !== "admin") notFound();
  return <AuditLogScreen />;
}
