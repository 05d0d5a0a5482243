import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { imageUploadsRead } from "@/components/media/reads";
import { UploadsScreen } from "@/components/media/uploads-screen";
import { bodyRead, readFirstPaint } from "@/lib/admin/first-paint";

export const metadata: Metadata = { title: "Images" };

export default async function MediaPage() {
  // The first page of images, read here so the first HTML holds it (ADR 9, "Data on first paint").
  const state = await readFirstPaint([bodyRead(imageUploadsRead(0))]);
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold">Images</h1>
      <HydrationBoundary state={state}>
        <UploadsScreen />
      </HydrationBoundary>
    </section>
  );
}
