import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { WebhooksScreen } from "@/components/webhooks/webhooks-screen";
import { webhooksRead } from "@/components/webhooks/reads";
import { requireAdminSession } from "@/lib/admin-session/get-admin-session";
import { bodyRead, readFirstPaint } from "@/lib/admin/first-paint";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage() {
  const user = await requireAdminSession();
  if (user.role !== "admin") notFound();
  // The screen's data, read here so the first HTML holds it (ADR 9, "Data on first paint").
  const state = await readFirstPaint([bodyRead(webhooksRead)]);
  return (
    <HydrationBoundary state={state}>
      <WebhooksScreen />
    </HydrationBoundary>
  );
}
