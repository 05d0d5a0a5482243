import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Suspense } from "react";
import { CollectionScreen } from "@/components/collections/collection-screen";
import { collectionKeys, listPath, readListQuery } from "@/components/collections/query-keys";
import { requireAdminSession } from "@/lib/admin-session/get-admin-session";
import { getCollectionFilterSpec } from "@/lib/admin/collection-specs";
import { findAdminCollection } from "@/lib/admin/collections";
import { getAdminContentLanguage, readFirstPaint, toSearchParams } from "@/lib/admin/first-paint";

type Params = { params: Promise<{ collection: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  return { title: findAdminCollection((await params).collection)?.label ?? "Not found" };
}

export default async function CollectionPage({ params, searchParams }: Params) {
  const slug = (await params).collection;
  const collection = findAdminCollection(slug);
  const spec = getCollectionFilterSpec(slug);
  if (!collection || !spec) notFound();
  const user = await requireAdminSession();
  const [{ language }, search] = await Promise.all([getAdminContentLanguage(user.organizationCode), searchParams]);
  // The page the screen will ask for, read here so the first HTML holds its rows (ADR 9).
  const { queryString } = readListQuery(toSearchParams(search), spec);
  const state = await readFirstPaint([{ key: collectionKeys.list(collection, language, queryString), path: listPath(collection, queryString) }]);
  return (
    <HydrationBoundary state={state}>
      <Suspense>
        <CollectionScreen collection={collection} spec={spec} />
      </Suspense>
    </HydrationBoundary>
  );
}
