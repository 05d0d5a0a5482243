import type { Metadata } from "next";
import { Suspense } from "react";
import { TranslationQueue } from "@/components/translations/translation-queue";
import { translationQueueFilterSpec } from "@/lib/translations/queue";

export const metadata: Metadata = { title: "Translation queue" };

export default function TranslationQueuePage() {
  // The filter spec travels as plain data (ADR 0009): the queue module itself imports the database.
  const spec = JSON.parse(JSON.stringify(translationQueueFilterSpec));
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold">Translation queue</h1>
      <Suspense>
        <TranslationQueue spec={spec} />
      </Suspense>
    </section>
  );
}
