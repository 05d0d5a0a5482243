import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { IntegrationTokensScreen } from "@/components/integration-tokens/integration-tokens-screen";
import { integrationTokensRead } from "@/components/integration-tokens/reads";
import { requireAdminSession } from "@/lib/admin-session/get-admin-session";
import { bodyRead, readFirstPaint } from "@/lib/admin/first-paint";

export const metadata: Metadata = { title: "Integration tokens" };

export default async function IntegrationTokensPage() {
  const user = await requireAdminSession();
  // The API refuses other roles anyway; the screen is not offered to them.
  if (user.role !== "admin") notFound();
  // The screen's data, read here so the first HTML holds it (ADR 9, "Data on first paint").
  const state = await readFirstPaint([bodyRead(integrationTokensRead)]);
  return (
    <HydrationBoundary state={state}>
      <IntegrationTokensScreen />
    </HydrationBoundary>
  );
}
