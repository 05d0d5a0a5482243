import type { Metadata } from "next";
import Link from "next/link";
import { requireAdminSession } from "@/lib/admin-session/get-admin-session";
import { ADMIN_COLLECTIONS } from "@/lib/admin/collections";

export const metadata: Metadata = { title: "Admin" };

export default async function AdminHomePage() {
  const user = await requireAdminSession();
  return (
    <section className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Welcome</h1>
        <p className="mt-2 text-slate-700">
          You are signed in to <strong>{user.organizationName}</strong> ({user.organizationCode}) as {user.role}.
        </p>
      </div>
      <div>
        <h2 className="text-lg font-semibold">Collections</h2>
        <ul className="mt-2 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {ADMIN_COLLECTIONS.map((collection) => (
            <li key={collection.slug}>
              <Link href={`/admin/content/${collection.slug}`} className="block rounded-md border border-slate-200 bg-white px-3 py-2 text-blue-800 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-blue-600">
                {collection.label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
      <p className="text-slate-700">
        The API reference is at{" "}
        <a className="text-blue-700 underline" href="/reference">
          /reference
        </a>
        .
      </p>
    </section>
  );
}
