import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { IntegrationsScreen } from "@/components/integrations/integrations-screen";
import { requireAdminSession } from "@/lib/admin-session/get-admin-session";

export const metadata: Metadata = { title: "Integrations" };

export default async function IntegrationsPage() {
  const user = await requireAdminSession();
  if (user.role !== "admin") notFound();
  return <IntegrationsScreen />;
}
