import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { OrganizationSettings } from "@/components/organization/organization-settings";
import { organizationRead } from "@/components/organization/reads";
import { requireAdminSession } from "@/lib/admin-session/get-admin-session";
import { bodyRead, readFirstPaint } from "@/lib/admin/first-paint";

export const metadata: Metadata = { title: "Organization settings" };

export default async function OrganizationPage() {
  const user = await requireAdminSession();
  // Only admins change settings (the API refuses others); the screen is not offered to them.
  if (user.role !== "admin") notFound();
  // The screen's data, read here so the first HTML holds it (ADR 9, "Data on first paint").
  const state = await readFirstPaint([bodyRead(organizationRead)]);
  return (
    <HydrationBoundary state={state}>
      <OrganizationSettings />
    </HydrationBoundary>
  );
}
