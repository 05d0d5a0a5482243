"use client";

import { useDeferredValue, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Notice } from "@/components/ui/notice";
import { describeError } from "@/lib/admin/api-client";
import { EXERCISE_PAGE_SIZE, thumbnailUrl, useExerciseDetails, useExerciseSearch, type EquipmentOption, type ExercisePreview } from "./api";

/**
 * Chooses an exercise: search as you type (name or equipment, the list API's `q`) and page through
 * the results, EXERCISE_PAGE_SIZE at a time. The result under the pointer or the keyboard focus is
 * previewed with its image: list previews carry no image, so it is read for that one exercise only
 * (ADR 10), never for the whole page.
 */
export function ExercisePicker({
  purpose,
  equipment,
  onPick,
  onClose,
}: {
  /** What the choice is for; the dialog's title. */
  purpose: string | undefined;
  equipment: ReadonlyMap<number, EquipmentOption>;
  onPick: (exercise: ExercisePreview) => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={purpose !== undefined} title={purpose ?? "Choose an exercise"} onClose={onClose}>
      {purpose !== undefined ? <PickerBody equipment={equipment} onPick={onPick} /> : null}
      <div className="mt-4 flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </Dialog>
  );
}

function PickerBody({ equipment, onPick }: { equipment: ReadonlyMap<number, EquipmentOption>; onPick: (exercise: ExercisePreview) => void }) {
  const [search, setSearch] = useState("");
  const [offset, setOffset] = useState(0);
  const [previewId, setPreviewId] = useState<string>();
  const deferredSearch = useDeferredValue(search);
  const results = useExerciseSearch(deferredSearch, offset);
  const searchId = useId();
  const page = results.data;
  // What is shown may still answer an earlier search (a deferred value, then the previous page kept while loading).
  const isStale = deferredSearch !== search || results.isPlaceholderData || results.isPending;
  const first = page && page.total > 0 ? offset + 1 : 0;
  const last = page ? Math.min(offset + EXERCISE_PAGE_SIZE, page.total) : 0;
  const equipmentNames = (ids: readonly number[]) =>
    ids
      .map((id) => equipment.get(id))
      .filter((record): record is EquipmentOption => record !== undefined && !record.no_equipment)
      .map((record) => record.name)
      .join(", ");
  return (
    <div className="space-y-3">
      <div>
        <label htmlFor={searchId} className="block text-sm font-medium text-slate-800">
          Search exercises
        </label>
        <input
          id={searchId}
          type="search"
          autoFocus
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setOffset(0);
          }}
          placeholder="Name or equipment"
          className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus:outline-2 focus:outline-blue-600"
        />
      </div>
      {results.isError ? <Notice tone="error">{describeError(results.error)}</Notice> : null}
      <p role="status" className="text-sm text-slate-700">
        {isStale ? "Searching…" : page && page.total === 0 ? "No exercise matches." : `Showing ${first}–${last} of ${page?.total ?? 0}`}
      </p>
      <ul className="max-h-80 space-y-1 overflow-y-auto" aria-label="Exercises found" aria-busy={isStale}>
        {page?.data.map((exercise) => (
          <li key={exercise.id}>
            <button
              type="button"
              onClick={() => onPick(exercise)}
              onFocus={() => setPreviewId(exercise.id)}
              onMouseEnter={() => setPreviewId(exercise.id)}
              className="w-full rounded-md border border-slate-200 px-3 py-2 text-left hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-blue-600"
            >
              <span className="block font-medium">{exercise.name}</span>
              <span className="block text-xs text-slate-600">
                {exercise.level}
                {equipmentNames(exercise.equipment) ? ` · ${equipmentNames(exercise.equipment)}` : ""}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {/* A fixed height: a preview appearing must not move the results under the pointer. */}
      <div className="h-28">{previewId ? <ExercisePreviewCard id={previewId} /> : <p className="text-sm text-slate-600">Point at or focus an exercise to see its image.</p>}</div>
      <div className="flex gap-2">
        <Button variant="secondary" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - EXERCISE_PAGE_SIZE))}>
          Previous
        </Button>
        <Button variant="secondary" disabled={!page || last >= page.total} onClick={() => setOffset(offset + EXERCISE_PAGE_SIZE)}>
          Next
        </Button>
      </div>
    </div>
  );
}

function ExercisePreviewCard({ id }: { id: string }) {
  const details = useExerciseDetails([id]);
  const exercise = details.byId.get(id.toLowerCase());
  if (!exercise) return <p className="text-sm text-slate-600">{details.missing.has(id) ? "This exercise no longer exists." : "Loading the preview…"}</p>;
  return (
    <figure className="flex h-full items-center gap-3 rounded-md border border-slate-200 p-2">
      {exercise.image ? (
        // eslint-disable-next-line @next/next/no-img-element -- signed CDN thumbnail, already sized
        <img src={thumbnailUrl(exercise.image.url, "square", "s")} alt={`Preview of ${exercise.name}`} width={96} height={96} className="h-24 w-24 rounded object-cover" />
      ) : null}
      <figcaption className="text-sm">
        <span className="block font-medium">{exercise.name}</span>
        {exercise.summary ? <span className="block text-slate-600">{exercise.summary}</span> : null}
      </figcaption>
    </figure>
  );
}
