import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { LookupEditor } from "@/components/collections/lookup-form";
import { findAdminCollection } from "@/lib/admin/collections";

type Params = { params: Promise<{ collection: string }> };

export const metadata: Metadata = { title: "New record" };

export default async function NewRecordPage({ params }: Params) {
  const collection = findAdminCollection((await params).collection);
  // Full editors for the content collections come with their own issues; lookups are edited here.
  if (!collection || collection.kind !== "lookup") notFound();
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold">New {collection.singular}</h1>
      <LookupEditor collection={collection} />
    </section>
  );
}
