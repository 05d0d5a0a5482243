"use client";

/* eslint-disable @next/next/no-img-element -- thumbnails come from the service's own signed CDN route. */

import Link from "next/link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { Cell, HeaderCell, Row, Table } from "@/components/ui/table";
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
        <Table
          caption="Images, newest first"
          head={
            <>
              <HeaderCell hidden>Preview</HeaderCell>
              <HeaderCell>Name</HeaderCell>
              <HeaderCell>Size</HeaderCell>
              <HeaderCell hidden>Actions</HeaderCell>
            </>
          }
        >
          {list.data?.data.map((upload) => (
            <Row key={upload.id}>
              <Cell>
                <img src={thumbnailUrl(upload, "square", "xs")} alt="" className="h-12 w-12 rounded border border-slate-200" loading="lazy" />
              </Cell>
              <Cell className="font-medium">{upload.name}</Cell>
              <Cell className="text-slate-700">
                {upload.metadata?.width} × {upload.metadata?.height} px{upload.metadata?.animated ? " (animated)" : ""}
              </Cell>
              <Cell className="text-right">
                <Link href={`/admin/media/${upload.id}`} aria-label={`Crop formats of ${upload.name}`} className="rounded px-2 py-1 text-blue-800 hover:bg-blue-50">
                  Crop formats
                </Link>
              </Cell>
            </Row>
          ))}
        </Table>
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
