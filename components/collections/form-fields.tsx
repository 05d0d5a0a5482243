"use client";

import { Controller, type FieldValues, type Path, type UseFormReturn } from "react-hook-form";
import { LookupPicker } from "./lookup-picker";

/** The props that bind a field component to a react-hook-form field. */
export type BoundField<T extends FieldValues, O> = { form: UseFormReturn<T, unknown, O>; name: Path<T>; label: string; hint?: string };

/**
 * A LookupPicker bound to a form field: a list of ids, or with `single` one id or null.
 * `apiPath` is the list endpoint under /api/v3; `valueKey`, `labelKey`, `readsChosenOneByOne` as in LookupPicker.
 */
export function LookupPickerField<T extends FieldValues, O>({
  form,
  name,
  label,
  hint,
  apiPath,
  single = false,
  valueKey,
  labelKey,
  readsChosenOneByOne,
}: BoundField<T, O> & { apiPath: string; single?: boolean; valueKey?: string; labelKey?: string; readsChosenOneByOne?: boolean }) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => {
        const value: unknown = field.value;
        const values = single ? (value === null || value === undefined || value === "" ? [] : [value as string | number]) : ((value as (string | number)[] | undefined) ?? []);
        return (
          <LookupPicker
            ref={field.ref}
            label={label}
            hint={hint}
            apiPath={apiPath}
            single={single}
            valueKey={valueKey}
            labelKey={labelKey}
            readsChosenOneByOne={readsChosenOneByOne}
            value={values}
            onChange={(next) => field.onChange(single ? (next[0] ?? null) : next)}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        );
      }}
    />
  );
}

/** A select's options: the empty one (a prompt, or "none"), then each value. */
export function ChoiceOptions({ empty, values }: { empty: string; values: readonly string[] }) {
  return (
    <>
      <option value="">{empty}</option>
      {values.map((value) => (
        <option key={value} value={value}>
          {value}
        </option>
      ))}
    </>
  );
}
