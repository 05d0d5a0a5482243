"use client";

import { createContext, useContext, type ReactNode } from "react";
import { get, useFieldArray, useFormContext, useFormState, type Control, type FieldPath } from "react-hook-form";
import { Field } from "@/components/ui/field";
import type { ExercisePreview } from "./api";
import type { Languages, WorkoutFormValues } from "./form-values";

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
  const { register } = useFormContext<WorkoutFormValues>();
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
 * The inputs of one text, one per enabled language. Nested texts show the default language and keep
 * the translations in a disclosure, so a phase with many items stays readable.
 */
export function TextInputs({ path, label, multiline = false, collapseTranslations = false }: { path: string; label: string; multiline?: boolean; collapseTranslations?: boolean }) {
  const { languages, defaultLanguage } = useWorkoutEditor();
  const others = languages.filter((language) => language !== defaultLanguage);
  const input = (language: string) => <TextInput key={language} path={`${path}.${language}`} label={`${label} (${language}${language === defaultLanguage && !collapseTranslations ? ", default" : ""})`} language={language} multiline={multiline} />;
  if (!collapseTranslations) return <div className="grid gap-3 sm:grid-cols-2">{languages.map(input)}</div>;
  return (
    <div className="space-y-2">
      {input(defaultLanguage)}
      {others.length > 0 ? (
        <TranslationsDisclosure paths={others.map((language) => `${path}.${language}`)} label={label}>
          {others.map(input)}
        </TranslationsDisclosure>
      ) : null}
    </div>
  );
}

/** Collapsed translations, opened when one of them has an error (a 422 can name any language). */
function TranslationsDisclosure({ paths, label, children }: { paths: string[]; label: string; children: ReactNode }) {
  const { errors } = useFormState<WorkoutFormValues>({ name: paths.map(at) });
  const hasError = paths.some((path) => get(errors, path) !== undefined);
  return (
    <details open={hasError || undefined} className="rounded border border-slate-200 px-2 py-1 text-sm">
      <summary className="cursor-pointer text-slate-700">Translations of {label.toLowerCase()}</summary>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">{children}</div>
    </details>
  );
}

function TextInput({ path, label, language, multiline }: { path: string; label: string; language: string; multiline: boolean }) {
  const { register } = useFormContext<WorkoutFormValues>();
  const error = useFieldError(path);
  if (!multiline) return <Field label={label} lang={language} error={error} {...register(at(path))} />;
  const id = `text-${path.replace(/\./g, "-")}`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        lang={language}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-message` : undefined}
        className={`mt-1 block w-full rounded-md border px-3 py-2 text-sm shadow-sm focus:outline-2 focus:outline-blue-600 ${error ? "border-rose-600" : "border-slate-300"}`}
        {...register(at(path))}
      />
      {error ? (
        <p id={`${id}-message`} className="mt-1 text-sm text-rose-700">
          {error}
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
