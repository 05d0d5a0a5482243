import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Suspense } from "react";
import { CollectionScreen } from "@/components/collections/collection-screen";
import { getCollectionFilterSpec } from "@/lib/admin/collection-specs";
import { findAdminCollection } from "@/lib/admin/collections";

type Params = { params: Promise<{ collection: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  return { title: findAdminCollection((await params).collection)?.label ?? "Not found" };
}

export default async function CollectionPage({ params }: Params) {
  const slug = (await params).collection;
  const collection = findAdminCollection(slug);
  const spec = getCollectionFilterSpec(slug);
  if (!collection || !spec) notFound();
  return (
    <Suspense>
      <CollectionScreen collection={collection} spec={spec} />
    </Suspense>
  );
}
