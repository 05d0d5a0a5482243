import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Suspense } from "react";
import { TranslationWorkspace } from "@/components/translations/translation-workspace";
import { findAdminCollection } from "@/lib/admin/collections";

type Params = { params: Promise<{ collection: string; id: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const collection = findAdminCollection((await params).collection);
  return { title: collection ? `Translate ${collection.singular}` : "Not found" };
}

export default async function TranslatePage({ params }: Params) {
  const { collection: slug, id } = await params;
  const collection = findAdminCollection(slug);
  if (!collection) notFound();
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold">Translate {collection.singular}</h1>
      {/* The target language lives in the address (useSearchParams needs a boundary). */}
      <Suspense>
        <TranslationWorkspace collection={collection} id={id} />
      </Suspense>
    </section>
  );
}
