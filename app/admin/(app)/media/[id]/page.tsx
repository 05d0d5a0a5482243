import type { Metadata } from "next";
import Link from "next/link";
import { CropEditorScreen } from "@/components/media/crop-editor";

type Params = { params: Promise<{ id: string }> };

export const metadata: Metadata = { title: "Crop formats" };

export default async function CropFormatsPage({ params }: Params) {
  const { id } = await params;
  return (
    <section className="space-y-4">
      <p className="text-sm">
        <Link href="/admin/media" className="text-blue-800 underline-offset-2 hover:underline">
          Images
        </Link>
      </p>
      <h1 className="text-2xl font-semibold">Crop formats</h1>
      <CropEditorScreen id={id} />
    </section>
  );
}
