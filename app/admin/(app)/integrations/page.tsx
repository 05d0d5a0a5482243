import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { IntegrationsScreen } from "@/components/integrations/integrations-screen";
import { connectionsRead, definitionsRead } from "@/components/integrations/reads";
import { requireAdminSession } from "@/lib/admin-session/get-admin-session";
import { bodyRead, readFirstPaint } from "@/lib/admin/first-paint";

export const metadata: Metadata = { title: "Integrations" };

export default async function IntegrationsPage() {
  const user = await requireAdminSession();
  if (user.role !== "admin") notFound();
  // The screen's data, read here so the first HTML holds it (ADR 9, "Data on first paint").
  const state = await readFirstPaint([bodyRead(definitionsRead), bodyRead(connectionsRead(0))]);
  return (
    <HydrationBoundary state={state}>
      <IntegrationsScreen />
    </HydrationBoundary>
  );
}
