"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useDeferredValue, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Notice } from "@/components/ui/notice";
import { describeError } from "@/lib/admin/api-client";
import { IMAGE_PAGE_SIZE, thumbnailUrl, uploadFile, useImageUploads, useUpload, type ImageUpload } from "./api";

/** The workout's cover image: the chosen upload's thumbnail, a dialog to choose another one or upload a file. */
export function ImagePicker({ value, onChange, error }: { value: string; onChange: (id: string) => void; error?: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const current = useUpload(value);
  const messageId = useId();
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-slate-800">Image</p>
      <div className="flex items-center gap-3">
        {current.data ? (
          // eslint-disable-next-line @next/next/no-img-element
          <img src={thumbnailUrl(current.data.url, "landscape", "xs")} alt={`Current image: ${current.data.name}`} width={140} height={100} className="h-24 w-32 rounded object-cover" />
        ) : (
          <span className="inline-flex h-24 w-32 items-center justify-center rounded border border-dashed border-slate-400 text-xs text-slate-600">{value ? "Loading…" : "No image"}</span>
        )}
        <Button variant="secondary" onClick={() => setIsOpen(true)} aria-describedby={error ? messageId : undefined}>
          {value ? "Change image" : "Choose image"}
        </Button>
      </div>
      {error ? (
        <p id={messageId} className="text-sm text-rose-700">
          {error}
        </p>
      ) : null}
      <Dialog open={isOpen} title="Choose an image" onClose={() => setIsOpen(false)}>
        {isOpen ? (
          <ImageChooser
            onChoose={(upload) => {
              onChange(upload.id);
              setIsOpen(false);
            }}
          />
        ) : null}
        <div className="mt-4 flex justify-end">
          <Button variant="secondary" onClick={() => setIsOpen(false)}>
            Cancel
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

function ImageChooser({ onChoose }: { onChoose: (upload: ImageUpload) => void }) {
  const [search, setSearch] = useState("");
  const [offset, setOffset] = useState(0);
  const [uploadError, setUploadError] = useState<string>();
  const [isUploading, setIsUploading] = useState(false);
  const queryClient = useQueryClient();
  const images = useImageUploads(useDeferredValue(search), offset, true);
  const searchId = useId();
  const fileId = useId();
  const page = images.data;
  return (
    <div className="space-y-3">
      <div>
        <label htmlFor={fileId} className="block text-sm font-medium text-slate-800">
          Upload a new image
        </label>
        <input
          id={fileId}
          type="file"
          accept="image/*"
          disabled={isUploading}
          className="mt-1 block text-sm"
          onChange={async (event) => {
            const file = event.target.files?.[0];
            if (!file) return;
            setUploadError(undefined);
            setIsUploading(true);
            try {
              const upload = await uploadFile(file);
              void queryClient.invalidateQueries({ queryKey: ["workout-editor", "images"] });
              onChoose(upload);
            } catch (error) {
              setUploadError(describeError(error));
            } finally {
              setIsUploading(false);
            }
          }}
        />
        {isUploading ? <p role="status">Uploading…</p> : null}
        {uploadError ? <Notice tone="error">{uploadError}</Notice> : null}
      </div>
      <div>
        <label htmlFor={searchId} className="block text-sm font-medium text-slate-800">
          Search images
        </label>
        <input
          id={searchId}
          type="search"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setOffset(0);
          }}
          className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus:outline-2 focus:outline-blue-600"
        />
      </div>
      {images.isError ? <Notice tone="error">{describeError(images.error)}</Notice> : null}
      <ul className="grid max-h-72 grid-cols-3 gap-2 overflow-y-auto" aria-label="Images">
        {page?.data.map((upload) => (
          <li key={upload.id}>
            <button type="button" onClick={() => onChoose(upload)} className="w-full rounded border border-slate-200 p-1 text-left text-xs hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-blue-600">
              {/* eslint-disable-next-line @next/next/no-img-element */}
              <img src={thumbnailUrl(upload.url)} alt="" width={96} height={96} className="mb-1 aspect-square w-full rounded object-cover" />
              <span className="block truncate">{upload.name}</span>
            </button>
          </li>
        ))}
      </ul>
      {page && page.total === 0 ? <p className="text-sm text-slate-700">No image found.</p> : null}
      <div className="flex gap-2">
        <Button variant="secondary" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - IMAGE_PAGE_SIZE))}>
          Previous
        </Button>
        <Button variant="secondary" disabled={!page || offset + IMAGE_PAGE_SIZE >= page.total} onClick={() => setOffset(offset + IMAGE_PAGE_SIZE)}>
          Next
        </Button>
      </div>
    </div>
  );
}
