"use client";

/* eslint-disable @next/next/no-img-element -- thumbnails come from the service's own signed CDN route. */

import Link from "next/link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { describeError } from "@/lib/admin/api-client";
import { thumbnailUrl, UPLOADS_PAGE_SIZE, useImageUploads } from "./api";

/** The organization's images, newest first, each leading to its crop formats. */
export function UploadsScreen() {
  const [offset, setOffset] = useState(0);
  const list = useImageUploads(offset);
  const total = list.data?.total ?? 0;
  return (
    <div className="space-y-4">
      {list.isError ? <Notice tone="error">{describeError(list.error)}</Notice> : null}
      {list.data && total === 0 ? <p className="text-sm text-slate-700">No images have been uploaded yet.</p> : null}
      {total > 0 ? (
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 text-slate-700">
            <tr>
              <th scope="col" className="py-2 pr-3">
                <span className="sr-only">Preview</span>
              </th>
              <th scope="col" className="py-2 pr-3">
                Name
              </th>
              <th scope="col" className="py-2 pr-3">
                Size
              </th>
              <th scope="col" className="py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data?.data.map((upload) => (
              <tr key={upload.id} className="border-b border-slate-100 last:border-0">
                <td className="py-2 pr-3">
                  <img src={thumbnailUrl(upload, "square", "xs")} alt="" className="h-12 w-12 rounded border border-slate-200" loading="lazy" />
                </td>
                <td className="py-2 pr-3 font-medium">{upload.name}</td>
                <td className="py-2 pr-3 text-slate-700">
                  {upload.metadata?.width} × {upload.metadata?.height} px{upload.metadata?.animated ? " (animated)" : ""}
                </td>
                <td className="py-2 text-right">
                  <Link href={`/admin/media/${upload.id}`} aria-label={`Crop formats of ${upload.name}`} className="rounded px-2 py-1 text-blue-800 hover:bg-blue-50">
                    Crop formats
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {total > UPLOADS_PAGE_SIZE ? (
        <nav aria-label="Pages" className="flex items-center justify-end gap-2">
          <span className="text-sm text-slate-700">
            {offset + 1}–{Math.min(offset + UPLOADS_PAGE_SIZE, total)} of {total}
          </span>
          <Button variant="secondary" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - UPLOADS_PAGE_SIZE))}>
            Previous page
          </Button>
          <Button variant="secondary" disabled={offset + UPLOADS_PAGE_SIZE >= total} onClick={() => setOffset(offset + UPLOADS_PAGE_SIZE)}>
            Next page
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
