"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo } from "react";
import { useWatch } from "react-hook-form";
import { ChoiceOptions, LookupPickerField } from "@/components/collections/form-fields";
import { MediaPickerField } from "@/components/media/media-picker";
import { textsOf, uploadOf, type Languages } from "@/components/collections/form-schemas";
import { LanguageTabs, StructureFields } from "@/components/collections/language-tabs";
import { LocalizedTextInputs } from "@/components/collections/localized-text-inputs";
import { RecordFormActions, RecordLoader, useRecordForm, type LoadedRecord } from "@/components/collections/record-form";
import type { RecordEditorProps } from "@/components/collections/record-editor-props";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { mediaLanguagesOf, useMediaUpload } from "@/components/media/media-panel";
import { useAdmin } from "@/lib/admin/admin-context";
import type { OnDemandAllTexts } from "@/lib/on-demand/schemas";
import { DURATIONS, LEVELS, describeLanguageMismatch, onDemandFormSchema, type OnDemandFormOutput, type OnDemandFormValues } from "./on-demand-form-schema";
import { EDITOR_LOOKUPS } from "@/components/collections/lookup-fields";
import { registerWithValues } from "@/components/collections/register-with-values";

const LOOKUPS = EDITOR_LOOKUPS["on-demand"];

function valuesOf(record: OnDemandAllTexts | undefined, languages: Languages): OnDemandFormValues {
  // A new item starts on the selects' empty option, which the form refuses until one is chosen.
  return {
    type: record?.type ?? ("" as OnDemandFormValues["type"]),
    title: textsOf(record?.title, languages),
    description: textsOf(record?.description, languages),
    slug: record?.slug ?? "",
    video: uploadOf(record?.video),
    image: uploadOf(record?.image),
    instructor_id: record?.instructor_id ?? null,
    content_provider: record?.content_provider ?? null,
    content_packages: record?.content_packages ?? [],
    categories: record?.categories ?? [],
    equipment: record?.equipment ?? [],
    goals: record?.goals ?? [],
    level: record?.level ?? ("" as OnDemandFormValues["level"]),
    duration: record?.duration ?? ("" as OnDemandFormValues["duration"]),
    languages: (record?.languages ?? []).join(", "),
  };
}

/** Create (no id) or edit an on-demand item: a virtual class (video) or an audio workout. */
export function OnDemandEditor({ collection, id }: RecordEditorProps) {
  return (
    <RecordLoader<OnDemandAllTexts> collection={collection} id={id}>
      {(loaded) => <OnDemandForm collection={collection} id={id} loaded={loaded} />}
    </RecordLoader>
  );
}

function OnDemandForm({ collection, id, loaded }: RecordEditorProps & { loaded: LoadedRecord<OnDemandAllTexts> }) {
  const { languages, defaultLanguage } = useAdmin();
  const schema = useMemo(() => onDemandFormSchema({ languages, defaultLanguage }), [languages, defaultLanguage]);
  const { form, onSubmit, notices, conflictDialog, isNew, listHref } = useRecordForm<OnDemandFormValues, OnDemandFormOutput>({
    collection,
    id,
    loaded,
    resolver: zodResolver(schema),
    defaultValues: valuesOf(loaded.record, { languages, defaultLanguage }),
    // A wrong code among the media's languages is shown on the one languages input.
    fieldOf: (pointer) => (pointer.startsWith("/languages") ? "languages" : undefined),
  });
  const { formState, control } = form;
  const register = registerWithValues(form);
  const type = useWatch({ control, name: "type" });
  const isAudio = type === "audio-workout";
  const media = useWatch({ control, name: "video" });
  const listedLanguages = useWatch({ control, name: "languages" });
  const mediaUpload = useMediaUpload(media?.id);
  const languageMismatch = describeLanguageMismatch(listedLanguages, mediaLanguagesOf(mediaUpload.data));

  return (
    <form onSubmit={onSubmit} noValidate aria-label={isNew ? "New on-demand item" : "Edit on-demand item"} className="max-w-3xl space-y-5">
      {notices}
      <LanguageTabs control={form.control} setFocus={form.setFocus} record={loaded.record}>
        <StructureFields>
          <Select label="Type" {...register("type")} error={formState.errors.type?.message}>
            <option value="">Choose a type</option>
            <option value="virtual-class">Virtual class (video)</option>
            <option value="audio-workout">Audio workout (audio)</option>
          </Select>
        </StructureFields>
        <LocalizedTextInputs form={form} name="title" label="Title" />
        <LocalizedTextInputs form={form} name="description" label="Description" />
        <StructureFields>
          <Field label="Slug" hint="Lowercase letters and digits separated by dashes; left empty, it is made from the title." {...register("slug")} error={formState.errors.slug?.message} />
          <div className="grid gap-4 lg:grid-cols-2">
            <MediaPickerField
              form={form}
              name="video"
              label={isAudio ? "Audio" : "Video"}
              kind={isAudio ? "media" : "video"}
              hint={isAudio ? "An mp3 or m4a file (an mp4 video works too)." : "An mp4 video."}
            />
            <MediaPickerField form={form} name="image" label="Image" kind="image" />
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <Select label="Level" {...register("level")} error={formState.errors.level?.message}>
              <ChoiceOptions empty="Choose a level" values={LEVELS} />
            </Select>
            <Select label="Duration (minutes)" {...register("duration")} error={formState.errors.duration?.message}>
              <ChoiceOptions empty="Choose a duration" values={DURATIONS} />
            </Select>
            <Field label="Languages of the media" hint="Language codes, e.g. en, pt-BR" {...register("languages")} error={formState.errors.languages?.message} />
          </div>
          {languageMismatch ? (
            <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
              {languageMismatch}
            </p>
          ) : null}
          <LookupPickerField form={form} name="instructor_id" label="Instructor" {...LOOKUPS.instructor_id} />
          <LookupPickerField form={form} name="content_provider" label="Content provider" {...LOOKUPS.content_provider} />
          <LookupPickerField form={form} name="categories" label="Categories" hint="Content categories" {...LOOKUPS.categories} />
          <LookupPickerField form={form} name="equipment" label="Equipment" {...LOOKUPS.equipment} />
          <LookupPickerField form={form} name="goals" label="Goals" hint="Fitness goals" {...LOOKUPS.goals} />
          <LookupPickerField form={form} name="content_packages" label="Content packages" {...LOOKUPS.content_packages} />
        </StructureFields>
      </LanguageTabs>
      <RecordFormActions isNew={isNew} isSubmitting={formState.isSubmitting} singular="on-demand item" listHref={listHref} />
      {conflictDialog}
    </form>
  );
}
