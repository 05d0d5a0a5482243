import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { OrganizationSettings } from "@/components/organization/organization-settings";
import { requireAdminSession } from "@/lib/admin-session/get-admin-session";

export const metadata: Metadata = { title: "Organization settings" };

export default async function OrganizationPage() {
  const user = await requireAdminSession();
  // Only admins change settings (the API refuses others); the screen is not offered to them.
  if (user.role !== "admin") notFound();
  return <OrganizationSettings />;
}
