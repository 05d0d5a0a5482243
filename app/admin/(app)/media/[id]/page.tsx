import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import Link from "next/link";
import { CropEditorScreen } from "@/components/media/crop-editor";
import { uploadRead } from "@/components/media/reads";
import { readFirstPaint } from "@/lib/admin/first-paint";

type Params = { params: Promise<{ id: string }> };

export const metadata: Metadata = { title: "Crop formats" };

export default async function CropFormatsPage({ params }: Params) {
  const { id } = await params;
  // The image and its ETag, read here so the first HTML holds the editor (ADR 9, "Data on first paint").
  const read = uploadRead(id);
  const state = await readFirstPaint([{ ...read, select: (response) => (response.status === 200 ? { upload: response.data, etag: response.etag } : undefined) }]);
  return (
    <section className="space-y-4">
      <p className="text-sm">
        <Link href="/admin/media" className="text-blue-800 underline-offset-2 hover:underline">
          Images
        </Link>
      </p>
      <h1 className="text-2xl font-semibold">Crop formats</h1>
      <HydrationBoundary state={state}>
        <CropEditorScreen id={id} />
      </HydrationBoundary>
    </section>
  );
}
