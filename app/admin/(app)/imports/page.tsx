import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ImportScreen } from "@/components/imports/import-screen";
import { requireAdminSession } from "@/lib/admin-session/get-admin-session";

export const metadata: Metadata = { title: "Import content" };

export default async function ImportsPage() {
  const user = await requireAdminSession();
  if (user.role !== "admin" && user.role !== "editor") notFound();
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold">Import content</h1>
      <ImportScreen />
    </section>
  );
}
