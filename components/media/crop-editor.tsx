"use client";

/* eslint-disable @next/next/no-img-element -- images come from the service's own signed CDN route, sized by the thumbnail styles, not by next/image. */

import { useId, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { ConflictDialog } from "@/components/collections/conflict-dialog";
import { useUnsavedChangesWarning } from "@/components/collections/use-unsaved-changes-warning";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { Select } from "@/components/ui/select";
import { useToast } from "@/components/ui/toast";
import { useAdmin } from "@/lib/admin/admin-context";
import { ApiRequestError, describeError } from "@/lib/admin/api-client";
import { completeFormats, defaultCrop, SIZES, STATIC_WIDTHS, STYLE_RATIOS, STYLES, type Crop, type Dimensions, type Formats, type Size, type Style } from "@/lib/uploads/crops";
import { thumbnailUrl, useSaveCrops, useUpload, type UploadRecord } from "./api";
import { cropAfterKey, moveCrop, resizeCrop } from "./crop-geometry";

const STYLE_LABELS: Record<Style, string> = { portrait: "Portrait", landscape: "Landscape", widescreen: "Widescreen", square: "Square" };
const ratioOf = (style: Style) => `${STYLE_RATIOS[style].width}:${STYLE_RATIOS[style].height}`;
const sameCrop = (a: Crop, b: Crop) => a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;

export function CropEditorScreen({ id }: { id: string }) {
  const query = useUpload(id);
  // The chosen format and preview size outlive a reload of the record (after a conflict, say).
  const [style, setStyle] = useState<Style>("square");
  const [size, setSize] = useState<Size>("xs");
  if (query.isError) return <Notice tone="error">{describeError(query.error)}</Notice>;
  if (!query.data) return <p className="text-sm text-slate-700">Loading…</p>;
  const { upload, etag } = query.data;
  const { width, height } = upload.metadata ?? {};
  if (!upload.mime.startsWith("image/") || !width || !height) return <Notice>{upload.name} is not an image: only images have crop formats.</Notice>;
  return (
    <CropEditor
      key={etag ?? upload.updated_at}
      upload={upload}
      etag={etag ?? "*"}
      image={{ width, height }}
      style={style}
      onStyleChange={setStyle}
      size={size}
      onSizeChange={setSize}
      onReload={() => void query.refetch()}
    />
  );
}

type CropEditorProps = {
  upload: UploadRecord;
  etag: string;
  image: Dimensions;
  style: Style;
  onStyleChange: (style: Style) => void;
  size: Size;
  onSizeChange: (size: Size) => void;
  onReload: () => void;
};

type DragState = { kind: "move" | "resize"; startX: number; startY: number; start: Crop; scale: number };

function CropEditor({ upload, etag, image, style, onStyleChange: setStyle, size, onSizeChange: setSize, onReload }: CropEditorProps) {
  const { role } = useAdmin();
  const canEdit = role === "admin" || role === "editor";
  const stored = completeFormats(upload.metadata?.formats, image);
  const [formats, setFormats] = useState<Formats>(stored);
  const [error, setError] = useState<string>();
  const [isConflict, setIsConflict] = useState(false);
  const save = useSaveCrops(upload.id);
  const toast = useToast();
  const stageRef = useRef<HTMLDivElement>(null);
  const drag = useRef<DragState | null>(null);
  const instructionsId = useId();
  const changed = STYLES.filter((candidate) => !sameCrop(formats[candidate], stored[candidate]));
  useUnsavedChangesWarning(changed.length > 0);

  const crop = formats[style];
  const setCrop = (next: Crop) => setFormats((current) => ({ ...current, [style]: next }));

  const startDrag = (event: PointerEvent<HTMLElement>, kind: DragState["kind"]) => {
    if (!canEdit || !stageRef.current) return;
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    const scale = image.width / stageRef.current.getBoundingClientRect().width;
    drag.current = { kind, startX: event.clientX, startY: event.clientY, start: crop, scale };
  };
  const onDrag = (event: PointerEvent<HTMLElement>) => {
    const state = drag.current;
    if (!state) return;
    const dx = (event.clientX - state.startX) * state.scale;
    const dy = (event.clientY - state.startY) * state.scale;
    setCrop(state.kind === "move" ? moveCrop(state.start, dx, dy, image) : resizeCrop(state.start, state.start.width + Math.max(dx, dy * (STYLE_RATIOS[style].width / STYLE_RATIOS[style].height)), style, image));
  };
  const endDrag = () => {
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!canEdit) return;
    const next = cropAfterKey(crop, event.key, event.shiftKey, style, image);
    if (!next) return;
    event.preventDefault();
    setCrop(next);
  };

  const submit = (ifMatch: string) => {
    setError(undefined);
    save.mutate(
      { formats: Object.fromEntries(changed.map((candidate) => [candidate, formats[candidate]])), ifMatch },
      {
        onSuccess: () => toast.show(`Saved the crops of ${upload.name}.`),
        onError: (failure) => {
          if (failure instanceof ApiRequestError && failure.isConflict) setIsConflict(true);
          else setError(describeError(failure));
        },
      },
    );
  };

  const percent = (value: number, total: number) => `${(value / total) * 100}%`;
  const cropLabel = `${STYLE_LABELS[style]} crop: ${crop.width} × ${crop.height} at x ${crop.x}, y ${crop.y}`;

  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-700">
        {upload.name} · {image.width} × {image.height} px
      </p>
      {!canEdit ? <Notice>Only admins and editors can change crops; you can look at them.</Notice> : null}
      {error ? <Notice tone="error">{error}</Notice> : null}

      <div className="grid gap-6 xl:grid-cols-[minmax(0,40rem)_minmax(0,1fr)]">
        <div className="space-y-3">
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">Format</legend>
            <div className="mt-1 flex flex-wrap gap-3">
              {STYLES.map((candidate) => (
                <label key={candidate} className="flex items-center gap-1.5 text-sm">
                  <input type="radio" name="style" value={candidate} checked={style === candidate} onChange={() => setStyle(candidate)} />
                  {STYLE_LABELS[candidate]} {ratioOf(candidate)}
                  {changed.includes(candidate) ? <span className="text-amber-900">(changed)</span> : null}
                </label>
              ))}
            </div>
          </fieldset>
          <p id={instructionsId} className="text-sm text-slate-700">
            Drag the frame to move it and its corner to resize it. With the frame focused: arrow keys move it (Shift: ten times
            further), Home and End move it to the left and right edge, + and − resize it. The ratio stays {ratioOf(style)}.
          </p>
          <div ref={stageRef} className="relative w-full touch-none select-none" style={{ aspectRatio: `${image.width} / ${image.height}` }}>
            <img src={upload.url} alt={`${upload.name}, the whole image`} className="absolute inset-0 h-full w-full" draggable={false} />
            <button
              type="button"
              aria-label={cropLabel}
              aria-describedby={instructionsId}
              aria-disabled={!canEdit || undefined}
              onKeyDown={onKeyDown}
              onPointerDown={(event) => startDrag(event, "move")}
              onPointerMove={onDrag}
              onPointerUp={endDrag}
              onPointerCancel={endDrag}
              className="absolute cursor-move border-2 border-white shadow-[0_0_0_9999px_rgba(15,23,42,0.55)] outline-offset-2 focus-visible:outline-3 focus-visible:outline-blue-500"
              style={{ left: percent(crop.x, image.width), top: percent(crop.y, image.height), width: percent(crop.width, image.width), height: percent(crop.height, image.height) }}
            >
              <span
                aria-hidden="true"
                data-testid="crop-resize-handle"
                onPointerDown={(event) => startDrag(event, "resize")}
                onPointerMove={onDrag}
                onPointerUp={endDrag}
                onPointerCancel={endDrag}
                className="absolute -right-2 -bottom-2 h-4 w-4 cursor-se-resize rounded-sm border-2 border-blue-700 bg-white"
              />
            </button>
          </div>
          <p className="text-sm text-slate-800" aria-live="polite">
            {cropLabel}
          </p>
          {canEdit ? (
            <div className="flex flex-wrap gap-2">
              <Button disabled={changed.length === 0 || save.isPending} onClick={() => submit(etag)}>
                Save crops
              </Button>
              <Button variant="secondary" disabled={sameCrop(crop, defaultCrop(image, style))} onClick={() => setCrop(defaultCrop(image, style))}>
                Reset {STYLE_LABELS[style].toLowerCase()} to the centred default
              </Button>
              <Button variant="secondary" disabled={changed.length === 0 || save.isPending} onClick={() => setFormats(stored)}>
                Discard changes
              </Button>
            </div>
          ) : null}
        </div>

        <div className="space-y-4">
          <h2 className="text-lg font-semibold">Previews</h2>
          <Select label="Thumbnail size" value={size} className="w-56" onChange={(event) => setSize(event.target.value as Size)}>
            {SIZES.map((candidate) => (
              <option key={candidate} value={candidate}>
                {candidate} ({STATIC_WIDTHS[candidate]} px wide)
              </option>
            ))}
          </Select>
          <ul className="grid gap-4 sm:grid-cols-2">
            {STYLES.map((candidate) => (
              <li key={candidate} className="space-y-2 rounded-lg border border-slate-200 bg-white p-3">
                <p className="text-sm font-medium">
                  {STYLE_LABELS[candidate]} {ratioOf(candidate)}
                </p>
                <LivePreview upload={upload} image={image} crop={formats[candidate]} style={candidate} />
                <figure>
                  <img
                    src={thumbnailUrl(upload, candidate, size)}
                    alt={`Saved ${candidate} thumbnail, size ${size}`}
                    className="w-full border border-slate-200"
                    style={{ aspectRatio: `${STYLE_RATIOS[candidate].width} / ${STYLE_RATIOS[candidate].height}` }}
                  />
                  <figcaption className="mt-1 text-xs text-slate-700">
                    Served by the thumbnail route ({size}); shows the saved crop{changed.includes(candidate) ? " — save to update it" : ""}.
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <ConflictDialog
        open={isConflict}
        singular="image"
        onKeepEditing={() => setIsConflict(false)}
        onReload={() => {
          setIsConflict(false);
          onReload();
        }}
        onOverwrite={() => {
          setIsConflict(false);
          submit("*");
        }}
      />
    </div>
  );
}

/** The crop as it stands (saved or not), drawn from the original in the browser. */
function LivePreview({ upload, image, crop, style }: { upload: UploadRecord; image: Dimensions; crop: Crop; style: Style }) {
  return (
    <div className="relative w-full overflow-hidden border border-slate-200" style={{ aspectRatio: `${STYLE_RATIOS[style].width} / ${STYLE_RATIOS[style].height}` }}>
      <img
        src={upload.url}
        alt={`Current ${style} crop (not saved yet when changed)`}
        className="absolute max-w-none"
        draggable={false}
        style={{
          width: `${(image.width / crop.width) * 100}%`,
          left: `${(-crop.x / crop.width) * 100}%`,
          top: `${(-crop.y / crop.height) * 100}%`,
        }}
      />
    </div>
  );
}
