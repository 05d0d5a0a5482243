import { cookies } from "next/headers";
import Link from "next/link";
import type { ReactNode } from "react";
import { AdminNav } from "@/components/admin/admin-nav";
import { AdminProviders } from "@/components/admin/admin-providers";
import { CommandPalette } from "@/components/admin/command-palette";
import { KeyboardSave } from "@/components/admin/keyboard-save";
import { LanguageSwitcher } from "@/components/admin/language-switcher";
import { SignOutButton } from "@/components/admin/sign-out-button";
import { requireAdminSession } from "@/lib/admin-session/get-admin-session";
import { getAdminOrganizationLanguages } from "@/lib/admin/get-admin-organization";
import { getAdminTranslatorLanguages } from "@/lib/admin/get-admin-translator-languages";
import { CONTENT_LANGUAGE_COOKIE } from "@/lib/admin/content-language-preference";

export const dynamic = "force-dynamic";

export default async function AdminLayout({ children }: { children: ReactNode }) {
  const user = await requireAdminSession();
  const [{ languages, defaultLanguage }, translatorLanguages, cookieStore] = await Promise.all([
    getAdminOrganizationLanguages(user.organizationCode),
    getAdminTranslatorLanguages(user.organizationCode, user.email),
    cookies(),
  ]);
  const admin = {
    email: user.email ?? "",
    role: user.role ?? "",
    organizationCode: user.organizationCode ?? "",
    organizationName: user.organizationName ?? "",
    languages,
    defaultLanguage,
    translatorLanguages,
    contentLanguagePreference: cookieStore.get(CONTENT_LANGUAGE_COOKIE)?.value ?? null,
  };
  return (
    <AdminProviders admin={admin}>
      <KeyboardSave />
      <a href="#main" className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium text-blue-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:outline-2 focus:outline-blue-600">
        Skip to content
      </a>
      <div className="min-h-screen">
        <header className="border-b border-slate-200 bg-white">
          <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
            <Link href="/admin" className="font-semibold focus-visible:outline-2 focus-visible:outline-blue-600">
              Fitness Content Service
            </Link>
            <div className="flex flex-wrap items-center gap-3 text-sm">
              <CommandPalette />
              <LanguageSwitcher />
              <span>
                <span className="font-medium">{user.organizationName}</span>
                <span className="text-slate-600"> · {user.email} ({user.role})</span>
              </span>
              <SignOutButton />
            </div>
          </div>
        </header>
        <div className="flex flex-col md:flex-row">
          <aside className="border-b border-slate-200 bg-white px-3 py-4 md:min-h-[calc(100vh-57px)] md:w-56 md:shrink-0 md:border-r md:border-b-0">
            <AdminNav role={user.role ?? ""} />
          </aside>
          <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 focus:outline-none md:px-8">
            {children}
          </main>
        </div>
      </div>
    </AdminProviders>
  );
}
