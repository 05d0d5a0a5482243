import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { findRecordEditor } from "@/components/collections/record-editors";
import { findAdminCollection } from "@/lib/admin/collections";

type Params = { params: Promise<{ collection: string; id: string }> };

export const metadata: Metadata = { title: "Edit record" };

export default async function EditRecordPage({ params }: Params) {
  const { collection: slug, id } = await params;
  const collection = findAdminCollection(slug);
  const renderEditor = findRecordEditor(slug);
  if (!collection || !renderEditor) notFound();
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold">Edit {collection.singular}</h1>
      {renderEditor({ collection, id })}
    </section>
  );
}
