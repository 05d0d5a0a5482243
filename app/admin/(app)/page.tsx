import type { Metadata } from "next";
import { requireAdminSession } from "@/lib/admin-session/get-admin-session";

export const metadata: Metadata = { title: "Admin" };

export default async function AdminHomePage() {
  const user = await requireAdminSession();
  return (
    <section>
      <h1 className="text-2xl font-semibold">Welcome</h1>
      <p className="mt-2 text-slate-700">
        You are signed in to <strong>{user.organizationName}</strong> ({user.organizationCode}) as {user.role}.
      </p>
      <p className="mt-4 text-slate-700">
        The API reference is at{" "}
        <a className="text-blue-700 underline" href="/reference">
          /reference
        </a>
        .
      </p>
    </section>
  );
}
