"use client";

import { useId, useState, type KeyboardEvent } from "react";
import { StatusBadges } from "@/components/collections/status-badges";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { describeError } from "@/lib/admin/api-client";
import { useActivitySearch, type ActivityPreview, type ReferenceKind } from "./api";
import { FitnessFieldsInputs, useFitnessInputs } from "./fitness-fields";
import { dayLabel, newKey, type DayRef, type GridActivity } from "./plan-grid";

type Kind = ReferenceKind | "fitness-activities";

const KINDS: { kind: Kind; label: string }[] = [
  { kind: "workouts", label: "Workouts" },
  { kind: "on-demand", label: "On-demand" },
  { kind: "fitness-activities", label: "Fitness activity" },
];

/** Enter in the panel's inputs must not submit the plan's form. */
export function keepEnterInPanel(event: KeyboardEvent<HTMLElement>, onEnter?: () => void) {
  if (event.key !== "Enter") return;
  event.preventDefault();
  onEnter?.();
}

/**
 * The side panel: puts workouts and on-demand items (searched, with their status) or a fitness activity
 * described in place into the day whose Add button was chosen.
 */
export function ActivityPanel({ target, onAdd }: { target: DayRef | null; onAdd: (activity: GridActivity, preview?: ActivityPreview) => void }) {
  const [kind, setKind] = useState<Kind>("workouts");
  const headingId = useId();
  const where = target ? dayLabel(target) : undefined;
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-lg border border-slate-200 bg-white p-3">
      <h3 id={headingId} className="text-base font-semibold">
        Add activities
      </h3>
      <p className="text-sm text-slate-700" aria-live="polite">
        {where ? `Adding to ${where}.` : "Choose a day's Add button first."}
      </p>
      <div role="group" aria-label="Kind of activity" className="flex flex-wrap gap-1">
        {KINDS.map((entry) => (
          <Button key={entry.kind} variant={kind === entry.kind ? "primary" : "secondary"} className="px-2 py-1 text-xs" aria-pressed={kind === entry.kind} onClick={() => setKind(entry.kind)}>
            {entry.label}
          </Button>
        ))}
      </div>
      {kind === "fitness-activities" ? (
        <NewFitnessActivity where={where} onAdd={(activity) => onAdd(activity)} />
      ) : (
        <ReferenceSearch key={kind} kind={kind} where={where} onAdd={onAdd} />
      )}
    </section>
  );
}

function ReferenceSearch({ kind, where, onAdd }: { kind: ReferenceKind; where: string | undefined; onAdd: (activity: GridActivity, preview: ActivityPreview) => void }) {
  const [text, setText] = useState("");
  const results = useActivitySearch(kind, text);
  const noun = kind === "workouts" ? "workouts" : "on-demand items";
  const searchId = useId();
  return (
    <div className="space-y-2">
      <label htmlFor={searchId} className="block text-sm font-medium text-slate-800">
        Search {noun}
      </label>
      <input
        id={searchId}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => keepEnterInPanel(event)}
        className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:outline-2 focus:outline-blue-600"
      />
      {results.isError ? <Notice tone="error">{describeError(results.error)}</Notice> : null}
      {/* Focusable, so the keyboard scrolls it even while its Add buttons are disabled (no day chosen yet). */}
      <ul
        aria-label={`Found ${noun}`}
        aria-busy={results.isFetching}
        tabIndex={0}
        className="max-h-96 space-y-1 overflow-y-auto rounded focus-visible:outline-2 focus-visible:outline-blue-600"
      >
        {results.data && results.data.data.length === 0 ? <li className="text-sm text-slate-700">Nothing found.</li> : null}
        {(results.data?.data ?? []).map((preview) => (
          <li key={preview.id} className="flex items-start justify-between gap-2 rounded border border-slate-200 p-2 text-sm">
            <div className="min-w-0">
              <div className="font-medium break-words">{preview.title}</div>
              <StatusBadges status={preview.status} />
            </div>
            <Button
              variant="secondary"
              className="shrink-0 px-2 py-1 text-xs"
              disabled={!where}
              aria-label={where ? `Add ${preview.title} to ${where}` : `Add ${preview.title}`}
              onClick={() => onAdd({ key: newKey("a"), type: kind, id: preview.id }, preview)}
            >
              Add
            </Button>
          </li>
        ))}
      </ul>
      {results.data && results.data.total > results.data.data.length ? (
        <p className="text-xs text-slate-600">
          Showing {results.data.data.length} of {results.data.total}; type to narrow the search.
        </p>
      ) : null}
    </div>
  );
}

function NewFitnessActivity({ where, onAdd }: { where: string | undefined; onAdd: (activity: GridActivity) => void }) {
  const inputs = useFitnessInputs();
  const add = () => {
    const fields = inputs.read();
    if (!fields) return;
    onAdd({ key: newKey("a"), type: "fitness-activities", fields });
    inputs.clear();
  };
  return (
    <div className="space-y-2">
      <FitnessFieldsInputs inputs={inputs} onEnter={add} />
      <Button variant="secondary" disabled={!where} onClick={add} aria-label={where ? `Add the fitness activity to ${where}` : "Add the fitness activity"}>
        Add fitness activity
      </Button>
    </div>
  );
}
