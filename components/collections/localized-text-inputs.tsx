"use client";

import { get, type FieldValues, type Path, type UseFormReturn } from "react-hook-form";
import { Field } from "@/components/ui/field";
import { useAdmin } from "@/lib/admin/admin-context";

type LocalizedTextInputsProps<T extends FieldValues, O> = {
  form: UseFormReturn<T, unknown, O>;
  /** The form field holding `{ <language>: text }`, e.g. "name" or "steps.2.text". */
  name: string;
  /** The text's label; each input is labelled "<label> (<language>)". */
  label: string;
  /** Shown as a fieldset legend; defaults to `label`. */
  legend?: string;
};

/** One labelled input per enabled language for a text of a react-hook-form form, with each language's error on its input. */
export function LocalizedTextInputs<T extends FieldValues, O>({ form, name, label, legend = label }: LocalizedTextInputsProps<T, O>) {
  const { languages, defaultLanguage, role, translatorLanguages } = useAdmin();
  const { register, formState } = form;
  // A translator changes only the texts of their languages (the API refuses the rest with 403).
  const isLocked = (language: string) => role === "translator" && !translatorLanguages.includes(language);
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold">{legend}</legend>
      {languages.map((language) => {
        const path = `${name}.${language}` as Path<T>;
        const error: unknown = get(formState.errors, `${path}.message`);
        return (
          <Field
            key={language}
            label={`${label} (${language}${language === defaultLanguage ? ", default" : ""})`}
            lang={language}
            {...register(path)}
            readOnly={isLocked(language)}
            hint={isLocked(language) ? `Read only: you translate ${translatorLanguages.join(", ")}.` : undefined}
            error={typeof error === "string" ? error : undefined}
          />
        );
      })}
    </fieldset>
  );
}
