"use client";

import { useFormContext } from "react-hook-form";
import { Button } from "@/components/ui/button";
import type { WorkoutItemType } from "@/lib/workouts/phases";
import { ExerciseList } from "./exercise-list";
import { at, ListError, NumberField, TextInputs, useListField } from "./fields";
import { newRepetitionRound, newTimeRound, type WorkoutFormValues } from "./form-values";

/** The fields of one workout item, shaped like its type's structure (docs/api.md "Workout phases"). `owner` names the item in labels. */
export function ItemFields({ path, type, owner }: { path: string; type: WorkoutItemType; owner: string }) {
  return (
    <div className="space-y-3">
      <TypeFields path={path} type={type} owner={owner} />
      <TextInputs path={`${path}.notes`} label="Item notes" nested />
    </div>
  );
}

function TypeFields({ path, type, owner }: { path: string; type: WorkoutItemType; owner: string }) {
  switch (type) {
    case "SINGLE-EXERCISES":
      return <ExerciseList path={`${path}.se_exercises`} kind="single" owner={owner} />;
    case "SUPERSET":
      return (
        <>
          <div className="flex flex-wrap gap-3">
            <NumberField path={`${path}.ss_sets`} label="Sets" />
            <NumberField path={`${path}.ss_rest`} label="Rest after each set" unit="seconds" className="w-48" />
          </div>
          <ExerciseList path={`${path}.ss_exercises`} kind="plain" owner={owner} />
        </>
      );
    case "CIRCUIT-TIME":
      return <RoundList path={`${path}.ct_rounds`} kind="time" owner={owner} />;
    case "CIRCUIT-REPETITIONS":
      return <RoundList path={`${path}.cr_rounds`} kind="repetitions" owner={owner} />;
    case "AMRAP":
      return (
        <>
          <NumberField path={`${path}.amrap_duration`} label="Time cap" unit="seconds" className="w-40" />
          <ExerciseList path={`${path}.amrap_exercises`} kind="rested" owner={owner} />
        </>
      );
    case "RFT":
      return (
        <>
          <NumberField path={`${path}.rft_rounds`} label="Rounds" />
          <ExerciseList path={`${path}.rft_exercises`} kind="plain" owner={owner} />
        </>
      );
    case "EMOM":
      return (
        <>
          <NumberField path={`${path}.emom_rest`} label="Rest after the last minute" unit="seconds" className="w-56" />
          <ExerciseList path={`${path}.emom_minutes`} kind="rested" entryLabel="Minute" owner={owner} />
        </>
      );
    case "TIMER":
      return (
        <>
          <TextInputs path={`${path}.timer_title`} label="Timer title" nested />
          <NumberField path={`${path}.timer_duration`} label="Timer duration" unit="seconds" className="w-40" />
        </>
      );
  }
}

/** Rounds of a circuit; each round has its own intervals and exercises ("rounds may differ"). */
function RoundList({ path, kind, owner }: { path: string; kind: "time" | "repetitions"; owner: string }) {
  const { fields, append, insert, remove } = useListField(path);
  const { getValues } = useFormContext<WorkoutFormValues>();
  return (
    <div className="space-y-3">
      <ol className="space-y-3">
        {fields.map((field, index) => {
          const roundPath = `${path}.${index}`;
          const name = `round ${index + 1} of ${owner}`;
          return (
            <li key={field.id}>
              <fieldset className="space-y-3 rounded-md border border-slate-300 p-3">
                <legend className="px-1 font-medium">Round {index + 1}</legend>
                <div className="flex flex-wrap gap-3">
                  {kind === "time" ? (
                    <>
                      <NumberField path={`${roundPath}.work`} label="Work" unit="seconds" />
                      <NumberField path={`${roundPath}.rest`} label="Rest between exercises" unit="seconds" className="w-52" />
                      <NumberField path={`${roundPath}.rest_rounds`} label="Rest after the round" unit="seconds" className="w-52" />
                    </>
                  ) : (
                    <>
                      <NumberField path={`${roundPath}.rest`} label="Rest between exercises" unit="seconds" className="w-52" />
                      <NumberField path={`${roundPath}.rest_round`} label="Rest after the round" unit="seconds" className="w-52" />
                    </>
                  )}
                </div>
                <ExerciseList path={`${roundPath}.exercises`} kind={kind === "time" ? "timed" : "rested"} owner={name} />
                <div className="flex gap-2">
                  <Button variant="ghost" className="px-2 py-1" onClick={() => insert(index + 1, structuredClone(getValues(at(roundPath)) as Record<string, unknown>))} aria-label={`Duplicate ${name}`}>
                    Duplicate round
                  </Button>
                  <Button variant="ghost" className="px-2 py-1" onClick={() => remove(index)} aria-label={`Remove ${name}`}>
                    Remove round
                  </Button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <ListError path={path} />
      <Button variant="secondary" onClick={() => append(kind === "time" ? newTimeRound() : newRepetitionRound())}>
        Add round
      </Button>
    </div>
  );
}
