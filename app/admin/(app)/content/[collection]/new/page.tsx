import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { findRecordEditor } from "../record-editors";
import { findAdminCollection } from "@/lib/admin/collections";

type Params = { params: Promise<{ collection: string }> };

export const metadata: Metadata = { title: "New record" };

export default async function NewRecordPage({ params }: Params) {
  const slug = (await params).collection;
  const collection = findAdminCollection(slug);
  const renderEditor = findRecordEditor(slug);
  if (!collection || !renderEditor) notFound();
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold">New {collection.singular}</h1>
      {renderEditor({ collection })}
    </section>
  );
}
