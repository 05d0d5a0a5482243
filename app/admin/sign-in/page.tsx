import type { Metadata } from "next";
import { SignInForm } from "@/components/admin/sign-in-form";
import { AdminSessionProvider } from "@/components/admin/session-provider";

export const metadata: Metadata = { title: "Sign in" };

function safeCallback(value: string | string[] | undefined): string {
  const target = Array.isArray(value) ? value[0] : value;
  // Only paths of this admin: never an absolute or protocol-relative address (open redirect).
  return target && target.startsWith("/admin") && !target.startsWith("//") ? target : "/admin";
}

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-sm rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-xl font-semibold">Sign in to the admin</h1>
        <p className="mt-1 text-sm text-slate-600">Fitness Content Service</p>
        <div className="mt-6">
          <AdminSessionProvider>
            <SignInForm callbackUrl={safeCallback(params.callbackUrl)} />
          </AdminSessionProvider>
        </div>
      </div>
    </main>
  );
}
