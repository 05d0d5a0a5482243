"use client";

import type { ReactNode } from "react";
import { useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { at, ListError, NumberField, TextInputs, useListField, useWorkoutEditor } from "./fields";
import { newExerciseEntry, newSet, type ExerciseEntryKind } from "./form-values";
import { SortableEntry, SortableList } from "./sortable";
import { TargetList } from "./target-list";

/**
 * The exercises of an item, round or EMOM, shaped by the item's structure (docs/api.md "Workout phases"):
 * - `single`: SINGLE-EXERCISES, each exercise with its own sets;
 * - `plain`: SUPERSET and RFT (notes and targets);
 * - `timed`: a CIRCUIT-TIME round (the round's work interval, so rest and resistance only);
 * - `rested`: CIRCUIT-REPETITIONS rounds, AMRAP and EMOM minutes (rest and targets).
 * `entryLabel` names an entry ("Exercise", or "Minute" for an EMOM).
 */
export function ExerciseList({ path, kind, entryLabel = "Exercise", owner }: { path: string; kind: ExerciseEntryKind; entryLabel?: string; owner: string }) {
  const editor = useWorkoutEditor();
  const { fields, append, remove, move } = useListField(path);
  const ids = fields.map((field) => field.id);
  const exerciseIds = useWatch({ name: at(path) }) as { exercise_id: string }[] | undefined;
  const labelAt = (index: number) => `${entryLabel.toLowerCase()} ${index + 1} of ${owner}`;
  const nameAt = (index: number) => {
    const id = exerciseIds?.[index]?.exercise_id ?? "";
    return id ? editor.describeExercise(id).name : "";
  };
  return (
    <div className="space-y-2">
      <SortableList
        ids={ids}
        labelOf={(id) => `${labelAt(ids.indexOf(String(id)))}, ${nameAt(ids.indexOf(String(id)))}`}
        onMove={move}
        listLabel={`${entryLabel === "Minute" ? "Minutes" : "Exercises"} of ${owner}`}
        className="space-y-2"
      >
          {fields.map((field, index) => (
            <SortableEntry key={field.id} id={field.id} label={`${labelAt(index)} (${nameAt(index)})`} index={index} count={fields.length} onMove={move}>
              {(controls) => (
                <ExerciseEntry path={`${path}.${index}`} kind={kind} title={`${entryLabel} ${index + 1}`} controls={controls} onRemove={() => remove(index)} />
              )}
            </SortableEntry>
        ))}
      </SortableList>
      <ListError path={path} />
      <Button
        variant="secondary"
        onClick={() => editor.pickExercise(`Add ${entryLabel.toLowerCase()} to ${owner}`, (exercise) => append(newExerciseEntry(kind, exercise.id, editor)))}
      >
        Add {entryLabel.toLowerCase()}
      </Button>
    </div>
  );
}

function ExerciseEntry({ path, kind, title, controls, onRemove }: { path: string; kind: ExerciseEntryKind; title: string; controls: ReactNode; onRemove: () => void }) {
  const editor = useWorkoutEditor();
  const exerciseId = useWatch({ name: at(`${path}.exercise_id`) }) as string;
  const exercise = editor.describeExercise(exerciseId);
  const heading = `${title}: ${exercise.name}`;
  return (
    <fieldset className="space-y-3 rounded-md border border-slate-300 bg-white p-3">
      <legend className="sr-only">{heading}</legend>
      <div className="flex flex-wrap items-center gap-3">
        {exercise.thumbnail ? (
          // Signed CDN thumbnails, already sized: next/image would add nothing here.
          // eslint-disable-next-line @next/next/no-img-element
          <img src={exercise.thumbnail} alt="" width={48} height={48} className="h-12 w-12 rounded object-cover" />
        ) : (
          <span aria-hidden="true" className="inline-block h-12 w-12 rounded bg-slate-100" />
        )}
        <p className="grow font-medium">
          <span className="text-slate-600">{title}:</span> {exercise.name}
          {exercise.isMissing ? <span className="ml-2 text-sm text-rose-700">(this exercise no longer exists)</span> : null}
        </p>
        {controls}
        <Button variant="ghost" className="px-2 py-1" onClick={onRemove} aria-label={`Remove ${heading}`}>
          Remove
        </Button>
      </div>
      <ListError path={`${path}.exercise_id`} />
      {kind === "timed" || kind === "rested" ? <NumberField path={`${path}.rest`} label="Rest" unit="seconds" /> : null}
      {kind === "single" ? <SetList path={`${path}.sets`} owner={heading} /> : null}
      {kind === "plain" || kind === "rested" ? <TargetList path={`${path}.goal_targets`} kind="goal" /> : null}
      {kind !== "single" ? <TargetList path={`${path}.resistance_targets`} kind="resistance" /> : null}
      <TextInputs path={`${path}.notes`} label="Notes" nested />
    </fieldset>
  );
}

function SetList({ path, owner }: { path: string; owner: string }) {
  const editor = useWorkoutEditor();
  const { fields, append, remove } = useListField(path);
  return (
    <div className="space-y-2">
      <ol className="space-y-2">
        {fields.map((field, index) => (
          <li key={field.id}>
            <fieldset className="space-y-2 rounded border border-slate-200 p-2">
              <legend className="px-1 text-sm font-medium">Set {index + 1}</legend>
              <NumberField path={`${path}.${index}.rest`} label="Rest" unit="seconds" />
              <TargetList path={`${path}.${index}.goal_targets`} kind="goal" />
              <TargetList path={`${path}.${index}.resistance_targets`} kind="resistance" />
              <TextInputs path={`${path}.${index}.notes`} label="Notes" nested />
              <Button variant="ghost" className="px-2 py-1" onClick={() => remove(index)} aria-label={`Remove set ${index + 1} of ${owner}`}>
                Remove set
              </Button>
            </fieldset>
          </li>
        ))}
      </ol>
      <ListError path={path} />
      <Button variant="secondary" className="px-2 py-1" onClick={() => append(newSet(editor))}>
        Add set
      </Button>
    </div>
  );
}
