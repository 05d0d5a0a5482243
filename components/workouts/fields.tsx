"use client";

import { createContext, useContext, type ReactNode } from "react";
import { get, useFieldArray, useFormContext, useFormState, useWatch, type Control, type FieldPath } from "react-hook-form";
import { useLanguageFocus } from "@/components/collections/language-tabs";
import { Field } from "@/components/ui/field";
import type { ExercisePreview } from "./api";
import type { Languages, WorkoutFormValues } from "./form-values";
import { registerWithValues } from "@/components/collections/register-with-values";

/** A dynamic path into the form (phases.0.items.2.ss_exercises.1.rest); react-hook-form types it as a union of every path. */
export function at(path: string): FieldPath<WorkoutFormValues> {
  return path as FieldPath<WorkoutFormValues>;
}

type LooseValues = { list: Record<string, unknown>[] };

/**
 * useFieldArray at a dynamic path. Item shapes differ by type (a union), which react-hook-form's path
 * types cannot follow, so the list is typed loosely here; the API's schema checks every value.
 */
export function useListField(path: string) {
  const { control } = useFormContext<WorkoutFormValues>();
  return useFieldArray({ control: control as unknown as Control<LooseValues>, name: path as "list" });
}

/** The message of the error at `path`, if any (validation as you type, on submit, or from the API's 422). */
export function useFieldError(path: string): string | undefined {
  const { errors } = useFormState<WorkoutFormValues>({ name: at(path) });
  const error = get(errors, path) as { message?: unknown; root?: { message?: unknown } } | undefined;
  const message = error?.message ?? error?.root?.message;
  return typeof message === "string" ? message : undefined;
}

export type ExerciseLabel = { name: string; thumbnail?: string; isMissing: boolean };

export type WorkoutEditorContextValue = Languages & {
  /** What to show for an exercise id: its name and thumbnail once loaded. */
  describeExercise: (id: string) => ExerciseLabel;
  /** Opens the exercise picker; `onPick` receives the chosen exercise. */
  pickExercise: (purpose: string, onPick: (exercise: ExercisePreview) => void) => void;
  /** The phases a moved item can go to, by index. */
  phaseTitles: readonly string[];
};

const WorkoutEditorContext = createContext<WorkoutEditorContextValue | null>(null);

export function WorkoutEditorProvider({ value, children }: { value: WorkoutEditorContextValue; children: ReactNode }) {
  return <WorkoutEditorContext.Provider value={value}>{children}</WorkoutEditorContext.Provider>;
}

export function useWorkoutEditor(): WorkoutEditorContextValue {
  const value = useContext(WorkoutEditorContext);
  if (!value) throw new Error("useWorkoutEditor() outside <WorkoutEditorProvider>");
  return value;
}

/** A whole number or decimal input bound to `path`; an empty input is NaN, which the API's schema refuses. */
export function NumberField({ path, label, unit, step = 1, deps, className = "w-32" }: { path: string; label: string; unit?: string; step?: number | "any"; deps?: string[]; className?: string }) {
  const register = registerWithValues(useFormContext<WorkoutFormValues>());
  const error = useFieldError(path);
  return (
    <Field
      label={unit ? `${label} (${unit})` : label}
      type="number"
      inputMode={step === 1 ? "numeric" : "decimal"}
      step={step}
      min={0}
      className={className}
      error={error}
      {...register(at(path), { valueAsNumber: true, deps: deps?.map(at) })}
    />
  );
}

/**
 * The input of one text in the editor's focused language (see LanguageTabs); for a language other than
 * the default, the default language's text beside it, read only, as the source to translate from.
 * Nested texts (`nested`) leave ", default" out of their label.
 */
export function TextInputs({ path, label, multiline = false, nested = false }: { path: string; label: string; multiline?: boolean; nested?: boolean }) {
  const { language, defaultLanguage, isTextLocked, lockedHint } = useLanguageFocus();
  const isSource = language === defaultLanguage;
  const input = (
    <TextInput
      key={language}
      path={`${path}.${language}`}
      label={`${label} (${language}${isSource && !nested ? ", default" : ""})`}
      language={language}
      multiline={multiline}
      readOnly={isTextLocked(language)}
      hint={isTextLocked(language) ? lockedHint : undefined}
    />
  );
  if (isSource) return input;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <SourceText path={`${path}.${defaultLanguage}`} label={`${label} (${defaultLanguage}, source)`} language={defaultLanguage} multiline={multiline} />
      {input}
    </div>
  );
}

/** The default language's text, read only, as it stands in the form now. */
function SourceText({ path, label, language, multiline }: { path: string; label: string; language: string; multiline: boolean }) {
  const value: unknown = useWatch<WorkoutFormValues>({ name: at(path) });
  const text = typeof value === "string" ? value : "";
  const hint = text === "" ? `No ${language} text yet.` : undefined;
  if (!multiline) return <Field label={label} lang={language} value={text} readOnly hint={hint} />;
  const id = `source-${path.replace(/\./g, "-")}`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea id={id} lang={language} rows={3} readOnly value={text} aria-describedby={hint ? `${id}-message` : undefined} className="mt-1 block w-full rounded-md border border-slate-300 bg-slate-50 px-3 py-2 text-sm shadow-sm focus:outline-2 focus:outline-blue-600" />
      {hint ? (
        <p id={`${id}-message`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function TextInput({ path, label, language, multiline, readOnly, hint }: { path: string; label: string; language: string; multiline: boolean; readOnly: boolean; hint?: string }) {
  const register = registerWithValues(useFormContext<WorkoutFormValues>());
  const error = useFieldError(path);
  if (!multiline) return <Field label={label} lang={language} error={error} readOnly={readOnly} hint={hint} {...register(at(path))} />;
  const id = `text-${path.replace(/\./g, "-")}`;
  const message = error ?? hint;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        lang={language}
        rows={3}
        readOnly={readOnly}
        aria-invalid={error ? true : undefined}
        aria-describedby={message ? `${id}-message` : undefined}
        className={`mt-1 block w-full rounded-md border px-3 py-2 text-sm shadow-sm focus:outline-2 focus:outline-blue-600 ${error ? "border-rose-600" : "border-slate-300"} ${readOnly ? "bg-slate-50" : ""}`}
        {...register(at(path))}
      />
      {message ? (
        <p id={`${id}-message`} className={`mt-1 text-sm ${error ? "text-rose-700" : "text-slate-600"}`}>
          {message}
        </p>
      ) : null}
    </div>
  );
}

/** An error that belongs to a list or an entry as a whole ("must have at least 2 entries", an unknown exercise). */
export function ListError({ path }: { path: string }) {
  const error = useFieldError(path);
  return error ? <p className="text-sm text-rose-700">{error}</p> : null;
}
