import type { FieldPath, FieldValues, RegisterOptions, UseFormGetValues, UseFormRegister, UseFormRegisterReturn } from "react-hook-form";

type Registrar<T extends FieldValues> = { register: UseFormRegister<T>; getValues: UseFormGetValues<T> };

/** An input's value as its HTML attribute: "" for nothing (and for the NaN of an emptied number input). */
function attributeOf(value: unknown): string {
  if (value === null || value === undefined || (typeof value === "number" && Number.isNaN(value))) return "";
  return String(value);
}

/**
 * react-hook-form's `register` that also gives each text input, textarea and select its value as
 * `defaultValue`. react-hook-form's inputs are uncontrolled and take their values when they mount in
 * the browser, so without it the server's HTML (the editor's first paint, ADR 9) holds empty inputs
 * until the page hydrates. The value is the form's as it stands when the input renders, so an input
 * mounted later (another language's tab) starts from it too. Not for checkboxes: see `registerCheckbox`.
 */
export function registerWithValues<T extends FieldValues>(form: Registrar<T>) {
  return <N extends FieldPath<T>>(name: N, options?: RegisterOptions<T, N>): UseFormRegisterReturn<N> & { defaultValue: string } => ({
    ...form.register(name, options),
    defaultValue: attributeOf(form.getValues(name)),
  });
}

/**
 * A checkbox registered with its state in the server's HTML (`defaultChecked`): checked when the field
 * is true, or, with `value`, when the field's list holds it. react-hook-form reads a checkbox that
 * starts checked from the page, which then agrees with the form.
 */
export function registerCheckbox<T extends FieldValues, N extends FieldPath<T>>(form: Registrar<T>, name: N, value?: string): UseFormRegisterReturn<N> & { defaultChecked: boolean; value?: string } {
  const current: unknown = form.getValues(name);
  const checked = value === undefined ? current === true : Array.isArray(current) && current.includes(value);
  return { ...form.register(name), defaultChecked: checked, ...(value === undefined ? {} : { value }) };
}
