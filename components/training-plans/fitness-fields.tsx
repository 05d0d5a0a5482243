"use client";

import { useState } from "react";
import { useLanguageFocus } from "@/components/collections/language-tabs";
import { Field } from "@/components/ui/field";
import { fitnessFormLanguages, fitnessTextInputsOf, fitnessTextsOf, type FitnessFields, type FitnessText, type FitnessTextInputs } from "./plan-grid";

type Amounts = { distance: string; duration: string };
type Errors = Partial<Record<"title" | keyof Amounts, string>>;

const METERS_PER_KM = 1000;
const SECONDS_PER_MINUTE = 60;

function amountsOf(fields: FitnessFields | undefined): Amounts {
  return {
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
 * The inputs of a fitness activity described in place: title and description in the editor's focused
 * language (see LanguageTabs), with the default language's beside them read only as the source, or
 * editable when the activity has no default-language title yet (fitnessFormLanguages); distance in
 * kilometres and duration in minutes (the API stores meters and seconds). Every language's texts stay
 * in the inputs while their fields are not shown.
 */
export function useFitnessInputs(initial?: FitnessFields) {
  const { languages, defaultLanguage } = useLanguageFocus();
  const [texts, setTexts] = useState<FitnessTextInputs>(() => fitnessTextInputsOf(initial, languages));
  const [amounts, setAmounts] = useState<Amounts>(() => amountsOf(initial));
  const [errors, setErrors] = useState<Errors>({});

  const read = (): FitnessFields | undefined => {
    const distance = amount(amounts.distance);
    const minutes = amount(amounts.duration);
    const next: Errors = {};
    const { title, description } = fitnessTextsOf(texts, languages);
    if (!title[defaultLanguage]) next.title = `Enter the title in ${defaultLanguage}, the default language`;
    if (distance === undefined) next.distance = "must be a number of kilometres, at least 0";
    if (minutes === undefined || (minutes !== null && !Number.isInteger(minutes))) next.duration = "must be a whole number of minutes, at least 0";
    setErrors(next);
    if (Object.keys(next).length > 0 || distance === undefined || minutes === undefined) return undefined;
    return {
      title,
      description,
      distance: distance === null ? null : Math.round(distance * METERS_PER_KM),
      duration: minutes === null ? null : minutes * SECONDS_PER_MINUTE,
    };
  };

  const clear = () => {
    setTexts(fitnessTextInputsOf(undefined, languages));
    setAmounts(amountsOf(undefined));
    setErrors({});
  };

  return { initial, texts, setTexts, amounts, setAmounts, errors, read, clear };
}

/** Enter adds or applies the activity; it must not submit the plan's form around it. */
function onEnterKey(onEnter: () => void) {
  return (event: { key: string; preventDefault: () => void }) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    onEnter();
  };
}

export function FitnessFieldsInputs({ inputs, onEnter }: { inputs: ReturnType<typeof useFitnessInputs>; onEnter: () => void }) {
  const { language, defaultLanguage, isStructureLocked, isTextLocked, lockedHint } = useLanguageFocus();
  const { initial, texts, setTexts, amounts, setAmounts, errors } = inputs;
  const { edited, source } = fitnessFormLanguages(initial, { language, defaultLanguage });
  const onKeyDown = onEnterKey(onEnter);

  const textField = (name: keyof FitnessText, label: string) => {
    const sourceText = source === undefined ? undefined : (texts[source]?.[name] ?? "");
    return (
      // Stacked, not side by side: the side panel is narrow.
      <div className="space-y-2">
        {source !== undefined ? (
          <Field label={`${label} (${source}, source)`} lang={source} value={sourceText} readOnly hint={sourceText === "" ? `No ${source} text yet.` : undefined} />
        ) : null}
        {edited.map((text) => {
          const isLocked = isTextLocked(text);
          const error = name === "title" && text === defaultLanguage ? errors.title : undefined;
          return (
            <Field
              key={text}
              label={`${label} (${text})`}
              lang={text}
              value={texts[text]?.[name] ?? ""}
              onChange={(event) => setTexts((current) => ({ ...current, [text]: { ...(current[text] ?? { title: "", description: "" }), [name]: event.target.value } }))}
              onKeyDown={onKeyDown}
              // Only when locked: left undefined, a read-only scope around (the side panel's, for translators) still applies.
              readOnly={isLocked || undefined}
              hint={isLocked ? lockedHint : undefined}
              error={error}
            />
          );
        })}
      </div>
    );
  };
  const amountField = (name: keyof Amounts) => ({
    value: amounts[name],
    onChange: (event: { target: { value: string } }) => setAmounts((current) => ({ ...current, [name]: event.target.value })),
    onKeyDown,
    readOnly: isStructureLocked || undefined,
    error: errors[name],
  });
  return (
    <div className="space-y-2">
      {textField("title", "Activity title")}
      {textField("description", "Activity description")}
      <div className="grid grid-cols-2 gap-2">
        <Field label="Distance (km)" inputMode="decimal" {...amountField("distance")} />
        <Field label="Duration (minutes)" inputMode="numeric" {...amountField("duration")} />
      </div>
    </div>
  );
}
