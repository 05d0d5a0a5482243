import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import Link from "next/link";
import { findRecordEditor } from "../record-editors";
import { Notice } from "@/components/ui/notice";
import { VersionHistory } from "@/components/versions/version-history";
import { requireAdminSession } from "@/lib/admin-session/get-admin-session";
import { findAdminCollection } from "@/lib/admin/collections";
import { readRecordTitle } from "@/lib/admin/record-first-paint";
import { readEditorFirstPaint } from "./editor-first-paint";

type Params = { params: Promise<{ collection: string; id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The record's name or title in the organization's default language in the tab's title. */
export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { collection: slug, id } = await params;
  const collection = findAdminCollection(slug);
  if (!collection) return { title: "Not found" };
  const user = await requireAdminSession();
  const title = await readRecordTitle(collection, id, user.organizationCode);
  return { title: title ? `${title} · Edit ${collection.singular}` : `Edit ${collection.singular}` };
}

export default async function EditRecordPage({ params, searchParams }: Params) {
  const [{ collection: slug, id }, { lang }] = await Promise.all([params, searchParams]);
  const collection = findAdminCollection(slug);
  const renderEditor = findRecordEditor(slug);
  if (!collection || !renderEditor) notFound();
  const user = await requireAdminSession();
  // The record and what its editor shows beside it, read here so the first HTML holds them (ADR 9).
  const state = await readEditorFirstPaint(collection, id, user, typeof lang === "string" ? lang : undefined);
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold">Edit {collection.singular}</h1>
      {user.role === "translator" ? (
        <Notice>
          As a translator you change the texts of your languages; everything else is read only for you.{" "}
          <Link href={`/admin/translations/${collection.slug}/${encodeURIComponent(id)}`} className="font-medium text-blue-800 underline">
            Open the translation workspace
          </Link>{" "}
          to change the status of your languages.
        </Notice>
      ) : null}
      <HydrationBoundary state={state}>
        {collection.versioned ? (
          // Beside the editor on wide screens, below it otherwise.
          <div className="grid gap-6 2xl:grid-cols-[minmax(0,1fr)_28rem] 2xl:items-start">
            <div className="min-w-0">{renderEditor({ collection, id })}</div>
            <VersionHistory collection={collection} id={id} />
          </div>
        ) : (
          renderEditor({ collection, id })
        )}
      </HydrationBoundary>
    </section>
  );
}
