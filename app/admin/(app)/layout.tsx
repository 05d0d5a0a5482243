import Link from "next/link";
import type { ReactNode } from "react";
import { AdminSessionProvider } from "@/components/admin/session-provider";
import { SignOutButton } from "@/components/admin/sign-out-button";
import { requireAdminSession } from "@/lib/admin-session/get-admin-session";

export const dynamic = "force-dynamic";

export default async function AdminLayout({ children }: { children: ReactNode }) {
  const user = await requireAdminSession();
  return (
    <AdminSessionProvider>
      <div className="min-h-screen">
        <header className="border-b border-slate-200 bg-white">
          <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
            <Link href="/admin" className="font-semibold">
              Fitness Content Service
            </Link>
            <div className="flex items-center gap-3 text-sm">
              <span>
                <span className="font-medium">{user.organizationName}</span>
                <span className="text-slate-600"> · {user.email} ({user.role})</span>
              </span>
              <SignOutButton />
            </div>
          </div>
        </header>
        <main className="mx-auto max-w-6xl px-4 py-8">{children}</main>
      </div>
    </AdminSessionProvider>
  );
}
