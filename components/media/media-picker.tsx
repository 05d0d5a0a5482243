"use client";

import { useQuery } from "@tanstack/react-query";
import { Controller, type FieldValues } from "react-hook-form";
import { forwardRef, useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { ApiRequestError, apiRequest, describeError } from "@/lib/admin/api-client";
import { MediaPanel } from "./media-panel";
import { uploadFileResumable } from "./resumable-upload";
import { uploadFile } from "./upload-file";
import type { UploadRef } from "@/components/collections/form-schemas";
import type { BoundField } from "@/components/collections/form-fields";

/** What a field takes: images (also animated gif/webp), mp4 videos, mp3/m4a audio, or video and audio. */
export type MediaKind = "image" | "video" | "audio" | "media";

const KINDS: Record<MediaKind, { accept: string; filter: [string, string]; noun: string }> = {
  image: { accept: "image/*", filter: ["filter[where][mime][contains]", "image/"], noun: "image" },
  video: { accept: "video/mp4", filter: ["filter[where][mime][contains]", "video/"], noun: "video" },
  audio: { accept: "audio/mpeg,audio/mp4,.mp3,.m4a", filter: ["filter[where][mime][contains]", "audio/"], noun: "audio file" },
  media: { accept: "video/mp4,audio/mpeg,audio/mp4,.mp3,.m4a", filter: ["filter[where][mime][in]", "video/mp4,audio/mpeg,audio/mp4"], noun: "video or audio file" },
};

/** The address of a small square thumbnail of an image upload (the CDN's `style` and `size`). */
export function thumbnailUrl(upload: UploadRef): string {
  return `${upload.url}${upload.url.includes("?") ? "&" : "?"}style=square&size=xs`;
}

/** How an upload looks in the editor: a thumbnail, or the player of a video or audio file. */
export function MediaPreview({ upload }: { upload: UploadRef }) {
  if (upload.mime.startsWith("image/")) {
    // eslint-disable-next-line @next/next/no-img-element -- signed CDN addresses, already sized by the service
    return <img src={thumbnailUrl(upload)} alt={`Preview of ${upload.name}`} width={96} height={96} className="h-24 w-24 rounded border border-slate-200 object-cover" />;
  }
  if (upload.mime.startsWith("video/")) return <video src={upload.url} controls preload="metadata" aria-label={`Preview of ${upload.name}`} className="h-32 max-w-xs rounded border border-slate-200 bg-black" />;
  if (upload.mime.startsWith("audio/")) return <audio src={upload.url} controls preload="metadata" aria-label={`Preview of ${upload.name}`} />;
  return <span>{upload.name}</span>;
}

type MediaPickerProps = {
  /** The field's label ("Image", "Video"…); its controls are "Upload <label>" and "Choose <label> from the library". */
  label: string;
  kind: MediaKind;
  value: UploadRef | null;
  onChange: (upload: UploadRef | null) => void;
  error?: string;
  hint?: string;
};

/**
 * An upload field: the chosen file's preview, a new upload with visible progress, or a pick from the
 * organization's uploads (searched through the uploads list). For react-hook-form, wrap it in a
 * Controller and pass `field.ref` (it focuses the upload input).
 */
export const MediaPicker = forwardRef<HTMLInputElement, MediaPickerProps>(function MediaPicker({ label, kind, value, onChange, error, hint }, ref) {
  const id = useId();
  const messageId = `${id}-message`;
  const [progress, setProgress] = useState<{ name: string; percent: number }>();
  const [uploadError, setUploadError] = useState<string>();
  const [isLibraryOpen, setLibraryOpen] = useState(false);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  const { accept, noun } = KINDS[kind];
  const message = uploadError ?? error;

  const upload = async (file: File) => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setUploadError(undefined);
    setProgress({ name: file.name, percent: 0 });
    try {
      // Video and audio go over tus, so a large file resumes after a broken connection (docs/api.md "Resumable uploads").
      const send = kind === "image" ? uploadFile : uploadFileResumable;
      const uploaded = await send(file, (percent) => setProgress({ name: file.name, percent }), controller.signal);
      onChange(uploaded);
    } catch (failure) {
      // The API names the problem in its detail ("is not an allowed type …"); its message repeats the field.
      const reason = failure instanceof ApiRequestError && failure.details[0] ? failure.details[0].message : describeError(failure);
      if (!controller.signal.aborted) setUploadError(`Could not upload ${file.name}: ${reason}`);
    } finally {
      if (abort.current === controller) setProgress(undefined);
    }
  };

  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4" aria-describedby={message || hint ? messageId : undefined}>
      <legend className="px-1 text-sm font-semibold">{label}</legend>
      {value ? (
        <div className="flex flex-wrap items-start gap-3">
          {value.mime.startsWith("image/") ? (
            <>
              <MediaPreview upload={value} />
              <span className="text-sm break-all">{value.name}</span>
            </>
          ) : (
            <div className="min-w-0 flex-1">
              <MediaPanel uploadId={value.id} name={value.name} original={<MediaPreview upload={value} />} />
            </div>
          )}
          <Button variant="ghost" onClick={() => onChange(null)} aria-label={`Remove ${label.toLowerCase()} ${value.name}`}>
            Remove
          </Button>
        </div>
      ) : (
        <p className="text-sm text-slate-600">No {noun} chosen.</p>
      )}
      {progress ? (
        <div className="flex items-center gap-2 text-sm">
          <progress max={100} value={progress.percent} aria-label={`Uploading ${progress.name}`} className="h-2 w-48" />
          <span aria-live="polite">{progress.percent}%</span>
          <Button variant="ghost" onClick={() => abort.current?.abort()}>
            Cancel upload
          </Button>
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={id} className="cursor-pointer rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-100 has-focus-visible:outline-2 has-focus-visible:outline-blue-600">
          Upload {label.toLowerCase()}
          <input
            ref={ref}
            id={id}
            type="file"
            accept={accept}
            aria-invalid={message ? true : undefined}
            className="sr-only"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = "";
              if (file) void upload(file);
            }}
          />
        </label>
        <Button variant="secondary" onClick={() => setLibraryOpen(true)}>
          Choose {label.toLowerCase()} from the library
        </Button>
      </div>
      {message ? (
        <p id={messageId} role={uploadError ? "alert" : undefined} className="text-sm text-rose-700">
          {message}
        </p>
      ) : hint ? (
        <p id={messageId} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <UploadLibrary
        open={isLibraryOpen}
        kind={kind}
        title={`Choose ${label.toLowerCase()}`}
        onClose={() => setLibraryOpen(false)}
        onPick={(picked) => {
          setLibraryOpen(false);
          setUploadError(undefined);
          onChange(picked);
        }}
      />
    </fieldset>
  );
});

const LIBRARY_PAGE = 12;

/** The organization's uploads of one kind, newest first, searched by name through the uploads list. */
function UploadLibrary({ open, kind, title, onClose, onPick }: { open: boolean; kind: MediaKind; title: string; onClose: () => void; onPick: (upload: UploadRef) => void }) {
  const [search, setSearch] = useState("");
  const [limit, setLimit] = useState(LIBRARY_PAGE);
  const [filterKey, filterValue] = KINDS[kind].filter;
  const params = new URLSearchParams({ [filterKey]: filterValue, "filter[limit]": String(limit) });
  if (search.trim()) params.set("filter[where][q][contains]", search.trim());
  const uploads = useQuery({
    queryKey: ["uploads", "library", kind, search.trim(), limit],
    enabled: open,
    queryFn: async ({ signal }) => (await apiRequest<{ data: UploadRef[]; total: number }>(`/uploads?${params.toString()}`, { signal })).data,
    placeholderData: (previous) => previous,
  });
  const rows = uploads.data?.data ?? [];
  return (
    <Dialog open={open} title={title} onClose={onClose}>
      <Field label="Search uploads" type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
      {uploads.isError ? <p className="mt-2 text-rose-700">{describeError(uploads.error)}</p> : null}
      <ul aria-label="Uploads" className="mt-3 grid max-h-80 grid-cols-2 gap-2 overflow-auto sm:grid-cols-3">
        {rows.map((upload) => (
          <li key={upload.id}>
            <button type="button" onClick={() => onPick(upload)} className="flex w-full flex-col items-center gap-1 rounded border border-slate-200 p-2 text-xs hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-600">
              {upload.mime.startsWith("image/") ? (
                // eslint-disable-next-line @next/next/no-img-element -- signed CDN addresses, already sized by the service
                <img src={thumbnailUrl(upload)} alt="" width={64} height={64} className="h-16 w-16 object-cover" />
              ) : (
                <span aria-hidden="true" className="flex h-16 w-16 items-center justify-center rounded bg-slate-100 text-slate-700">
                  {upload.mime.startsWith("audio/") ? "Audio" : "Video"}
                </span>
              )}
              <span className="break-all">{upload.name}</span>
            </button>
          </li>
        ))}
      </ul>
      {uploads.data && rows.length === 0 ? <p className="mt-2">No uploads found.</p> : null}
      <div className="mt-4 flex justify-end gap-2">
        {uploads.data && uploads.data.total > rows.length ? (
          <Button variant="secondary" onClick={() => setLimit((current) => current + LIBRARY_PAGE)}>
            Show more
          </Button>
        ) : null}
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </Dialog>
  );
}

/** A MediaPicker bound to a form field holding an upload (the API's Upload record) or null. */
export function MediaPickerField<T extends FieldValues, O>({ form, name, label, hint, kind }: BoundField<T, O> & { kind: MediaKind }) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <MediaPicker ref={field.ref} label={label} hint={hint} kind={kind} value={field.value ?? null} onChange={field.onChange} error={fieldState.error?.message} />
      )}
    />
  );
}
