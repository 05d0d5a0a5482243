import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { Suspense } from "react";
import { readQueueView, translationQueueRead } from "@/components/translations/reads";
import { TranslationQueue } from "@/components/translations/translation-queue";
import { requireAdminSession } from "@/lib/admin-session/get-admin-session";
import { getAdminViewer, readFirstPaint, toSearchParams } from "@/lib/admin/first-paint";
import { translationQueueFilterSpec } from "@/lib/translations/schemas";

export const metadata: Metadata = { title: "Translation queue" };

type Params = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function TranslationQueuePage({ searchParams }: Params) {
  // The filter spec travels as plain data (ADR 0009): the queue module itself imports the database.
  const spec = JSON.parse(JSON.stringify(translationQueueFilterSpec));
  const [viewer, search] = await Promise.all([requireAdminSession().then(getAdminViewer), searchParams]);
  // The page the queue will ask for, read here so the first HTML holds its rows (ADR 9, "Data on first paint").
  const { queryString } = readQueueView(toSearchParams(search).toString(), spec, viewer);
  const state = await readFirstPaint([translationQueueRead(queryString)]);
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold">Translation queue</h1>
      <HydrationBoundary state={state}>
        <Suspense>
          <TranslationQueue spec={spec} />
        </Suspense>
      </HydrationBoundary>
    </section>
  );
}
