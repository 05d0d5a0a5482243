import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Suspense } from "react";
import { statusHistoryRead } from "@/components/publishing/reads";
import { recordSchedulesRead } from "@/components/schedules/reads";
import { TranslationWorkspace } from "@/components/translations/translation-workspace";
import { requireAdminSession } from "@/lib/admin-session/get-admin-session";
import { findAdminCollection } from "@/lib/admin/collections";
import { readFirstPaint } from "@/lib/admin/first-paint";
import { getAdminOrganizationLanguages } from "@/lib/admin/get-admin-organization";
import { readRecordTitle, recordRead } from "@/lib/admin/record-first-paint";

type Params = { params: Promise<{ collection: string; id: string }> };

/** The record's name or title in the default language in the tab's title. */
export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { collection: slug, id } = await params;
  const collection = findAdminCollection(slug);
  if (!collection) return { title: "Not found" };
  const user = await requireAdminSession();
  const title = await readRecordTitle(collection, id, user.organizationCode);
  return { title: title ? `${title} · Translate ${collection.singular}` : `Translate ${collection.singular}` };
}

export default async function TranslatePage({ params }: Params) {
  const { collection: slug, id } = await params;
  const collection = findAdminCollection(slug);
  if (!collection) notFound();
  const user = await requireAdminSession();
  const { languages } = await getAdminOrganizationLanguages(user.organizationCode);
  // The record, and for publishable collections its status history and schedules, read here so the
  // first HTML holds them (ADR 9, "Data on first paint").
  const state = await readFirstPaint([
    recordRead(collection, id, languages),
    ...(collection.kind === "publishable" ? [statusHistoryRead(collection, id, 0), recordSchedulesRead(collection, id)] : []),
  ]);
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold">Translate {collection.singular}</h1>
      {/* The target language lives in the address (useSearchParams needs a boundary). */}
      <HydrationBoundary state={state}>
        <Suspense>
          <TranslationWorkspace collection={collection} id={id} />
        </Suspense>
      </HydrationBoundary>
    </section>
  );
}
