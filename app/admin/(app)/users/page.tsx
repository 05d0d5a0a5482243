import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { UsersScreen } from "@/components/users/users-screen";
import { requireAdminSession } from "@/lib/admin-session/get-admin-session";

export const metadata: Metadata = { title: "Users" };

export default async function UsersPage() {
  const user = await requireAdminSession();
  if (user.role !== "admin") notFound();
  return <UsersScreen />;
}
