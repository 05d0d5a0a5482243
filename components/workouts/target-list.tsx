"use client";

import { useFormContext, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/select";
import { TARGET_METRICS, type Target } from "@/lib/workouts/phases";
import { at, ListError, NumberField, useFieldError, useListField } from "./fields";
import { METRIC_LABELS, newTarget, retypeTarget, type WorkoutFormValues } from "./form-values";
import { registerWithValues } from "@/components/collections/register-with-values";

/**
 * Goal or resistance targets (docs/api.md "Workout phases"): each a value or a range with its metric. A range's `max` below its
 * `min` is refused by the API's schema on `max`; typing in `min` revalidates `max` (deps).
 */
export function TargetList({ path, kind }: { path: string; kind: "goal" | "resistance" }) {
  const { fields, append, remove } = useListField(path);
  const title = kind === "goal" ? "Goals" : "Resistance";
  const singular = kind === "goal" ? "goal" : "resistance target";
  return (
    <fieldset className="space-y-2 rounded border border-slate-200 p-2">
      <legend className="px-1 text-sm font-medium">{title}</legend>
      {fields.length === 0 ? <p className="text-sm text-slate-600">None.</p> : null}
      <ol className="space-y-2">
        {fields.map((field, index) => (
          <li key={field.id}>
            <TargetRow path={`${path}.${index}`} label={`${kind === "goal" ? "Goal" : "Resistance"} ${index + 1}`} onRemove={() => remove(index)} />
          </li>
        ))}
      </ol>
      <ListError path={path} />
      <Button variant="secondary" className="px-2 py-1" onClick={() => append(newTarget(kind === "goal" ? "repetitions" : "weight"))}>
        Add {singular}
      </Button>
    </fieldset>
  );
}

function TargetRow({ path, label, onRemove }: { path: string; label: string; onRemove: () => void }) {
  const form = useFormContext<WorkoutFormValues>();
  const { control, getValues, setValue } = form;
  const register = registerWithValues(form);
  const type = useWatch({ control, name: at(`${path}.type`) }) as Target["type"];
  const metric = useWatch({ control, name: at(`${path}.metric`) }) as Target["metric"];
  const metricError = useFieldError(`${path}.metric`);
  const unit = METRIC_LABELS[metric] ?? "";
  const step = metric === "weight" ? "any" : 1;
  return (
    <fieldset className="flex flex-wrap items-end gap-2">
      <legend className="sr-only">{label}</legend>
      <Select
        label={`${label} type`}
        className="w-28"
        value={type}
        onChange={(event) => setValue(at(path), retypeTarget(getValues(at(path)) as Target, event.target.value as Target["type"]), { shouldDirty: true, shouldValidate: true })}
      >
        <option value="VALUE">Value</option>
        <option value="RANGE">Range</option>
      </Select>
      <Select label={`${label} metric`} className="w-36" error={metricError} {...register(at(`${path}.metric`))}>
        {TARGET_METRICS.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </Select>
      {type === "RANGE" ? (
        <>
          <NumberField key="min" path={`${path}.min`} label={`${label} min`} unit={unit} step={step} deps={[`${path}.max`]} className="w-32" />
          <NumberField key="max" path={`${path}.max`} label={`${label} max`} unit={unit} step={step} deps={[`${path}.min`]} className="w-32" />
        </>
      ) : (
        <NumberField key="value" path={`${path}.value`} label={`${label} value`} unit={unit} step={step} className="w-32" />
      )}
      <Button variant="ghost" className="px-2 py-1" onClick={onRemove} aria-label={`Remove ${label.toLowerCase()}`}>
        Remove
      </Button>
    </fieldset>
  );
}
