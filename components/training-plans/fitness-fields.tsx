"use client";

import { useState } from "react";
import { Field } from "@/components/ui/field";
import { useAdmin } from "@/lib/admin/admin-context";
import type { FitnessFields, Texts } from "./plan-grid";

type Inputs = { title: string; description: string; distance: string; duration: string };
type Errors = Partial<Record<keyof Inputs, string>>;

const METERS_PER_KM = 1000;
const SECONDS_PER_MINUTE = 60;

function inputsOf(fields: FitnessFields | undefined, language: string): Inputs {
  return {
    title: fields?.title[language] ?? "",
    description: fields?.description[language] ?? "",
    distance: fields?.distance == null ? "" : String(fields.distance / METERS_PER_KM),
    duration: fields?.duration == null ? "" : String(Math.round(fields.duration / SECONDS_PER_MINUTE)),
  };
}

/** A number input's value, or null when empty; undefined when it is not a number at least 0. */
function amount(text: string): number | null | undefined {
  if (text.trim() === "") return null;
  const value = Number(text.replace(",", "."));
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

/**
 * The inputs of a fitness activity described in place: title and description in the default language
 * (other languages are kept as they are and translated in the translation workspace), distance in
 * kilometres and duration in minutes (the API stores meters and seconds).
 */
export function useFitnessInputs(initial?: FitnessFields) {
  const { languages, defaultLanguage } = useAdmin();
  const [values, setValues] = useState<Inputs>(() => inputsOf(initial, defaultLanguage));
  const [errors, setErrors] = useState<Errors>({});
  const withText = (texts: Texts | undefined, text: string): Texts => ({ ...Object.fromEntries(languages.map((language) => [language, texts?.[language] ?? ""])), [defaultLanguage]: text.trim() });

  const read = (): FitnessFields | undefined => {
    const distance = amount(values.distance);
    const minutes = amount(values.duration);
    const next: Errors = {};
    if (!values.title.trim()) next.title = `Enter the title in ${defaultLanguage}, the default language`;
    if (distance === undefined) next.distance = "must be a number of kilometres, at least 0";
    if (minutes === undefined || (minutes !== null && !Number.isInteger(minutes))) next.duration = "must be a whole number of minutes, at least 0";
    setErrors(next);
    if (Object.keys(next).length > 0 || distance === undefined || minutes === undefined) return undefined;
    return {
      title: withText(initial?.title, values.title),
      description: withText(initial?.description, values.description),
      distance: distance === null ? null : Math.round(distance * METERS_PER_KM),
      duration: minutes === null ? null : minutes * SECONDS_PER_MINUTE,
    };
  };

  const clear = () => {
    setValues(inputsOf(undefined, defaultLanguage));
    setErrors({});
  };

  return { values, setValues, errors, read, clear, defaultLanguage };
}

export function FitnessFieldsInputs({ inputs, onEnter }: { inputs: ReturnType<typeof useFitnessInputs>; onEnter: () => void }) {
  const { values, setValues, errors, defaultLanguage } = inputs;
  const bind = (name: keyof Inputs) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
    // Enter adds or applies the activity; it must not submit the plan's form around it.
    onKeyDown: (event: { key: string; preventDefault: () => void }) => {
      if (event.key !== "Enter") return;
      event.preventDefault();
      onEnter();
    },
    error: errors[name],
  });
  return (
    <div className="space-y-2">
      <Field label={`Activity title (${defaultLanguage})`} {...bind("title")} />
      <Field label={`Activity description (${defaultLanguage})`} {...bind("description")} />
      <div className="grid grid-cols-2 gap-2">
        <Field label="Distance (km)" inputMode="decimal" {...bind("distance")} />
        <Field label="Duration (minutes)" inputMode="numeric" {...bind("duration")} />
      </div>
    </div>
  );
}
