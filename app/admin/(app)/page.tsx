import type { Metadata } from "next";
import Link from "next/link";
import { requireAdminSession } from "@/lib/admin-session/get-admin-session";
import { findAdminCollection } from "@/lib/admin/collections";
import { getAdminHome } from "@/lib/admin/get-admin-home";
import { getAdminOrganizationLanguages } from "@/lib/admin/get-admin-organization";
import { getAdminTranslatorLanguages } from "@/lib/admin/get-admin-translator-languages";

export const metadata: Metadata = { title: "Admin" };

const cardClass = "block rounded-md border border-slate-200 bg-white px-3 py-2 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-blue-600";

/**
 * One figure of the home: a count that links to the view listing those records. A line of detail
 * (`detail.text`) is the link's description, not part of its name ("3 scheduled status changes").
 */
function Figure({ href, count, label, detail }: { href: string; count: number; label: string; detail?: { id: string; text: string } }) {
  return (
    <li>
      <Link href={href} className={cardClass} aria-describedby={detail?.id}>
        <span className="block text-2xl font-semibold text-slate-900">{count}</span>
        <span className="text-sm text-blue-800">{label}</span>
        {detail ? (
          <span id={detail.id} aria-hidden className="block text-xs text-slate-600">
            {detail.text}
          </span>
        ) : null}
      </Link>
    </li>
  );
}

const editedAt = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** The home: what waits for the signed-in person, each figure leading to where the work is done. */
export default async function AdminHomePage() {
  const user = await requireAdminSession();
  const [home, translatorLanguages, { defaultLanguage }] = await Promise.all([
    getAdminHome(user),
    user.role === "translator" ? getAdminTranslatorLanguages(user.organizationCode, user.email) : undefined,
    getAdminOrganizationLanguages(user.organizationCode),
  ]);
  const translations = Object.entries(home?.missingTranslations ?? {}).filter(([language]) => !translatorLanguages || translatorLanguages.includes(language));
  const neverPublished = Object.entries(home?.neverPublished ?? {});
  return (
    <section className="space-y-8">
      <div>
        <h1 className="text-2xl font-semibold">Welcome</h1>
        <p className="mt-2 text-slate-700">
          You are signed in to <strong>{user.organizationName}</strong> ({user.organizationCode}) as {user.role}. Press <kbd className="rounded border border-slate-300 px-1 text-xs">Ctrl K</kbd> to find a
          record or a screen.
        </p>
      </div>
      {home && home.recentEdits.length > 0 ? (
        <section aria-labelledby="home-recent" className="space-y-2">
          <h2 id="home-recent" className="text-lg font-semibold">
            Your recent edits
          </h2>
          <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
            {home.recentEdits.map((edit) => {
              const collection = findAdminCollection(edit.collection);
              const label = edit.label?.[defaultLanguage] || Object.values(edit.label ?? {}).find(Boolean) || edit.recordId;
              return collection ? (
                <li key={`${edit.collection}/${edit.recordId}`} className="flex flex-wrap items-baseline justify-between gap-x-4 px-3 py-2">
                  <Link href={`/admin/content/${collection.slug}/${encodeURIComponent(edit.recordId)}`} className="font-medium text-blue-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600">
                    {label}
                  </Link>
                  <span className="text-sm text-slate-600">
                    {collection.singular} · <time dateTime={edit.editedAt.toISOString()}>{editedAt.format(edit.editedAt)} UTC</time>
                  </span>
                </li>
              ) : null;
            })}
          </ul>
        </section>
      ) : null}
      {translations.length > 0 ? (
        <section aria-labelledby="home-translations" className="space-y-2">
          <h2 id="home-translations" className="text-lg font-semibold">
            Missing translations
          </h2>
          <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
            {translations.map(([language, count]) => (
              <Figure key={language} href={`/admin/translations?filter[where][language]=${encodeURIComponent(language)}`} count={count} label={`records need ${language}`} />
            ))}
          </ul>
        </section>
      ) : null}
      {user.role !== "translator" ? (
        <section aria-labelledby="home-unpublished" className="space-y-2">
          <h2 id="home-unpublished" className="text-lg font-semibold">
            Never published
          </h2>
          <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
            {neverPublished.map(([key, count]) => {
              const collection = findAdminCollection(key);
              return collection ? <Figure key={key} href={`/admin/content/${collection.slug}?filter[where][status]=draft`} count={count} label={`${collection.label.toLowerCase()} in draft only`} /> : null;
            })}
          </ul>
        </section>
      ) : null}
      {home ? (
        <section aria-labelledby="home-media-schedules" className="space-y-2">
          <h2 id="home-media-schedules" className="text-lg font-semibold">
            Media and schedules
          </h2>
          <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
            {home.uncroppedImages !== undefined ? <Figure href="/admin/media" count={home.uncroppedImages} label="images without a chosen crop" /> : null}
            <Figure
              href="/admin/schedules"
              count={home.upcomingSchedules.total}
              label="scheduled status changes"
              detail={home.upcomingSchedules.next ? { id: "home-next-schedule", text: `next ${editedAt.format(home.upcomingSchedules.next)} UTC` } : undefined}
            />
          </ul>
        </section>
      ) : null}
      {home?.failedJobs !== undefined ? (
        <section aria-labelledby="home-failures" className="space-y-2">
          <h2 id="home-failures" className="text-lg font-semibold">
            Failures
          </h2>
          <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
            <Figure href="/admin/jobs" count={home.failedJobs} label="failed background jobs" />
            {home.failedDeliveries !== undefined ? <Figure href="/admin/webhooks" count={home.failedDeliveries} label="failed webhook deliveries" /> : null}
          </ul>
        </section>
      ) : null}
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
