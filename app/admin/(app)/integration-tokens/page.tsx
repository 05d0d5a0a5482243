import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { IntegrationTokensScreen } from "@/components/integration-tokens/integration-tokens-screen";
import { requireAdminSession } from "@/lib/admin-session/get-admin-session";

export const metadata: Metadata = { title: "Integration tokens" };

export default async function IntegrationTokensPage() {
  const user = await requireAdminSession();
  // The API refuses other roles anyway; the screen is not offered to them.
  if (user.role !== "admin") notFound();
  return <IntegrationTokensScreen />;
}
