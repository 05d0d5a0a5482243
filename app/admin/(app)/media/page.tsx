import type { Metadata } from "next";
import { UploadsScreen } from "@/components/media/uploads-screen";

export const metadata: Metadata = { title: "Images" };

export default function MediaPage() {
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold">Images</h1>
      <UploadsScreen />
    </section>
  );
}
