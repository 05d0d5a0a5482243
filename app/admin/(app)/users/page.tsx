import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { UsersScreen } from "@/components/users/users-screen";
import { usersRead } from "@/components/users/reads";
import { requireAdminSession } from "@/lib/admin-session/get-admin-session";
import { bodyRead, readFirstPaint } from "@/lib/admin/first-paint";

export const metadata: Metadata = { title: "Users" };

export default async function UsersPage() {
  const user = await requireAdminSession();
  if (user.role !== "admin") notFound();
  // The screen's data, read here so the first HTML holds it (ADR 9, "Data on first paint").
  const state = await readFirstPaint([bodyRead(usersRead)]);
  return (
    <HydrationBoundary state={state}>
      <UsersScreen />
    </HydrationBoundary>
  );
}
