"use client";

import { get, useWatch, type FieldValues, type Path, type UseFormReturn } from "react-hook-form";
import { Field } from "@/components/ui/field";
import { useLanguageFocus } from "./language-tabs";
import { registerWithValues } from "./register-with-values";

type LocalizedTextInputsProps<T extends FieldValues, O> = {
  form: UseFormReturn<T, unknown, O>;
  /** The form field holding `{ <language>: text }`, e.g. "name" or "steps.2.text". */
  name: string;
  /** The text's label; the input is labelled "<label> (<language>)". */
  label: string;
  /** Shown as a fieldset legend; defaults to `label`. */
  legend?: string;
};

/**
 * The input of a text in the editor's focused language (see LanguageTabs), with its error; for a language
 * other than the default, the default language's text beside it, read only, as the source to translate
 * from. The other languages' values stay in the form while their inputs are not shown.
 */
export function LocalizedTextInputs<T extends FieldValues, O>({ form, name, label, legend = label }: LocalizedTextInputsProps<T, O>) {
  const { language, defaultLanguage, isTextLocked, lockedHint } = useLanguageFocus();
  const { formState, control } = form;
  const register = registerWithValues(form);
  const path = `${name}.${language}` as Path<T>;
  const error: unknown = get(formState.errors, `${path}.message`);
  const isLocked = isTextLocked(language);
  const isSource = language === defaultLanguage;
  return (
    <fieldset className="rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold">{legend}</legend>
      <div className={isSource ? undefined : "grid gap-3 md:grid-cols-2"}>
        {isSource ? null : <SourceText control={control} name={name} label={label} defaultLanguage={defaultLanguage} />}
        <Field
          key={language}
          label={`${label} (${language}${isSource ? ", default" : ""})`}
          lang={language}
          {...register(path)}
          readOnly={isLocked}
          hint={isLocked ? lockedHint : undefined}
          error={typeof error === "string" ? error : undefined}
        />
      </div>
    </fieldset>
  );
}

/** The default language's text of `name`, read only, as it stands in the form now. */
function SourceText<T extends FieldValues, O>({ control, name, label, defaultLanguage }: { control: UseFormReturn<T, unknown, O>["control"]; name: string; label: string; defaultLanguage: string }) {
  const source: unknown = useWatch({ control, name: `${name}.${defaultLanguage}` as Path<T> });
  const text = typeof source === "string" ? source : "";
  return <Field label={`${label} (${defaultLanguage}, source)`} lang={defaultLanguage} value={text} readOnly hint={text === "" ? `No ${defaultLanguage} text yet.` : undefined} />;
}
