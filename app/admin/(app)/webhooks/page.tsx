import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { WebhooksScreen } from "@/components/webhooks/webhooks-screen";
import { requireAdminSession } from "@/lib/admin-session/get-admin-session";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage() {
  const user = await requireAdminSession();
  if (user.role !== "admin") notFound();
  return <WebhooksScreen />;
}
