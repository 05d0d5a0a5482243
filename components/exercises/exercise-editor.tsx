"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useMemo, useRef } from "react";
import { useFieldArray, type UseFormReturn } from "react-hook-form";
import { ChoiceOptions, LookupPickerField } from "@/components/collections/form-fields";
import { MediaPickerField } from "@/components/media/media-picker";
import { textsOf, uploadOf, type Languages } from "@/components/collections/form-schemas";
import { LanguageTabs, StructureFields, StructureScope } from "@/components/collections/language-tabs";
import { LocalizedTextInputs } from "@/components/collections/localized-text-inputs";
import { RecordFormActions, RecordLoader, useRecordForm, type LoadedRecord } from "@/components/collections/record-form";
import type { RecordEditorProps } from "@/components/collections/record-editor-props";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { useAdmin } from "@/lib/admin/admin-context";
import type { ExerciseAllTexts } from "@/lib/exercises/schemas";
import { exerciseFormSchema, GENDERS, LEVELS, ORIENTATIONS, type ExerciseFormOutput, type ExerciseFormValues } from "./exercise-form-schema";
import { EDITOR_LOOKUPS } from "@/components/collections/lookup-fields";
import { registerWithValues } from "@/components/collections/register-with-values";

const LOOKUPS = EDITOR_LOOKUPS["exercises"];

function valuesOf(record: ExerciseAllTexts | undefined, languages: Languages): ExerciseFormValues {
  return {
    name: textsOf(record?.name, languages),
    summary: textsOf(record?.summary, languages),
    slug: record?.slug ?? "",
    // A new exercise starts on the selects' empty option, which the form refuses until one is chosen.
    level: record?.level ?? ("" as ExerciseFormValues["level"]),
    gender: record?.gender ?? ("" as ExerciseFormValues["gender"]),
    orientation: record?.orientation ?? "",
    muscle_groups: record?.muscle_groups ?? [],
    equipment: record?.equipment ?? [],
    types: record?.types ?? [],
    video: uploadOf(record?.video),
    gif: uploadOf(record?.gif),
    image: uploadOf(record?.image),
    steps: (record?.steps ?? []).map((step) => ({ text: textsOf(step, languages) })),
  };
}

/** Create (no id) or edit an exercise. */
export function ExerciseEditor({ collection, id }: RecordEditorProps) {
  return (
    <RecordLoader<ExerciseAllTexts> collection={collection} id={id}>
      {(loaded) => <ExerciseForm collection={collection} id={id} loaded={loaded} />}
    </RecordLoader>
  );
}

function ExerciseForm({ collection, id, loaded }: RecordEditorProps & { loaded: LoadedRecord<ExerciseAllTexts> }) {
  const { languages, defaultLanguage } = useAdmin();
  const schema = useMemo(() => exerciseFormSchema({ languages, defaultLanguage }), [languages, defaultLanguage]);
  const { form, onSubmit, notices, conflictDialog, isNew, listHref } = useRecordForm<ExerciseFormValues, ExerciseFormOutput>({
    collection,
    id,
    loaded,
    resolver: zodResolver(schema),
    defaultValues: valuesOf(loaded.record, { languages, defaultLanguage }),
    fieldOf: (pointer) => {
      const step = /^\/steps\/(\d+)(?:\/([^/]+))?$/.exec(pointer);
      return step ? `steps.${step[1]}.text.${step[2] && languages.includes(step[2]) ? step[2] : defaultLanguage}` : undefined;
    },
  });
  const { formState } = form;
  const register = registerWithValues(form);

  return (
    <form onSubmit={onSubmit} noValidate aria-label={isNew ? "New exercise" : "Edit exercise"} className="max-w-3xl space-y-5">
      {notices}
      <LanguageTabs control={form.control} setFocus={form.setFocus} record={loaded.record}>
        <LocalizedTextInputs form={form} name="name" label="Name" />
        <LocalizedTextInputs form={form} name="summary" label="Summary" legend="Summary (a one-line description for lists)" />
        <StructureFields>
          <Field label="Slug" hint="Lowercase letters and digits separated by dashes; left empty, it is made from the name." {...register("slug")} error={formState.errors.slug?.message} />
          <div className="grid gap-4 sm:grid-cols-3">
            <Select label="Level" {...register("level")} error={formState.errors.level?.message}>
              <ChoiceOptions empty="Choose a level" values={LEVELS} />
            </Select>
            <Select label="Gender" {...register("gender")} error={formState.errors.gender?.message}>
              <ChoiceOptions empty="Choose a gender" values={GENDERS} />
            </Select>
            <Select label="Orientation" {...register("orientation")} error={formState.errors.orientation?.message}>
              <ChoiceOptions empty="None" values={ORIENTATIONS} />
            </Select>
          </div>
          <LookupPickerField form={form} name="muscle_groups" label="Muscle groups" {...LOOKUPS.muscle_groups} />
          <LookupPickerField form={form} name="equipment" label="Equipment" {...LOOKUPS.equipment} />
          <LookupPickerField form={form} name="types" label="Types" hint="Content categories" {...LOOKUPS.types} />
          <div className="grid gap-4 lg:grid-cols-3">
            <MediaPickerField form={form} name="video" label="Video" kind="video" />
            <MediaPickerField form={form} name="gif" label="Gif" kind="image" hint="An animated gif or webp" />
            <MediaPickerField form={form} name="image" label="Image" kind="image" />
          </div>
        </StructureFields>
        <StructureScope>
          <StepsEditor form={form} />
        </StructureScope>
      </LanguageTabs>
      <RecordFormActions isNew={isNew} isSubmitting={formState.isSubmitting} singular="exercise" listHref={listHref} />
      {conflictDialog}
    </form>
  );
}

/** The ordered steps: add, remove, and move up or down (buttons, so the keyboard can do everything; focus follows the step). */
function StepsEditor({ form }: { form: UseFormReturn<ExerciseFormValues, unknown, ExerciseFormOutput> }) {
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name: "steps" });
  const { languages } = useAdmin();
  const prefix = useId();
  // The button to focus once a move has re-rendered the list.
  const pendingFocus = useRef<string | null>(null);
  useEffect(() => {
    const focus = pendingFocus.current;
    if (!focus) return;
    pendingFocus.current = null;
    const target = document.getElementById(focus);
    // A button that is disabled at its new place (first or last) hands focus to its partner.
    if (target instanceof HTMLButtonElement && target.disabled) document.getElementById(focus.replace(/-(up|down)$/, (_match, way: string) => (way === "up" ? "-down" : "-up")))?.focus();
    else target?.focus();
  });
  const setFocus = (target: string) => {
    pendingFocus.current = target;
  };

  return (
    <section aria-labelledby={`${prefix}-steps`} className="space-y-3">
      <h2 id={`${prefix}-steps`} className="text-lg font-semibold">
        Steps
      </h2>
      {fields.length === 0 ? <p className="text-sm text-slate-600">No steps yet.</p> : null}
      <ol className="space-y-3">
        {fields.map((field, index) => {
          const number = index + 1;
          return (
            <li key={field.id} className="space-y-2">
              <LocalizedTextInputs form={form} name={`steps.${index}.text`} label={`Step ${number}`} />
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="secondary"
                  id={`${prefix}-${index}-up`}
                  aria-label={`Move step ${number} up`}
                  disabled={index === 0}
                  onClick={() => {
                    move(index, index - 1);
                    setFocus(`${prefix}-${index - 1}-up`);
                  }}
                >
                  Move up
                </Button>
                <Button
                  variant="secondary"
                  id={`${prefix}-${index}-down`}
                  aria-label={`Move step ${number} down`}
                  disabled={index === fields.length - 1}
                  onClick={() => {
                    move(index, index + 1);
                    setFocus(`${prefix}-${index + 1}-down`);
                  }}
                >
                  Move down
                </Button>
                <Button variant="ghost" aria-label={`Remove step ${number}`} onClick={() => remove(index)}>
                  Remove
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      <Button variant="secondary" onClick={() => append({ text: Object.fromEntries(languages.map((language) => [language, ""])) }, { shouldFocus: true })}>
        Add step
      </Button>
    </section>
  );
}
