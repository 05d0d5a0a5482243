"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo } from "react";
import { LookupPickerField } from "@/components/collections/form-fields";
import { MediaPickerField } from "@/components/media/media-picker";
import { textsOf, uploadOf, type Languages } from "@/components/collections/form-schemas";
import { LanguageTabs, StructureFields } from "@/components/collections/language-tabs";
import { LocalizedTextInputs } from "@/components/collections/localized-text-inputs";
import { RecordFormActions, RecordLoader, useRecordForm, type LoadedRecord } from "@/components/collections/record-form";
import type { RecordEditorProps } from "@/components/collections/record-editor-props";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { useAdmin } from "@/lib/admin/admin-context";
import type { EquipmentAllTexts } from "@/lib/equipment/schemas";
import { equipmentFormSchema, type EquipmentFormOutput, type EquipmentFormValues } from "./equipment-form-schema";
import { EDITOR_LOOKUPS } from "@/components/collections/lookup-fields";
import { registerWithValues } from "@/components/collections/register-with-values";

const LOOKUPS = EDITOR_LOOKUPS["equipment"];

function valuesOf(record: EquipmentAllTexts | undefined, languages: Languages): EquipmentFormValues {
  return {
    name: textsOf(record?.name, languages),
    description: textsOf(record?.description, languages),
    slug: record?.slug ?? "",
    brand_id: record?.brand_id ?? null,
    categories: record?.categories ?? [],
    image: uploadOf(record?.image),
  };
}

/** Create (no id) or edit a piece of equipment. */
export function EquipmentEditor({ collection, id }: RecordEditorProps) {
  return (
    <RecordLoader<EquipmentAllTexts> collection={collection} id={id}>
      {(loaded) => <EquipmentForm collection={collection} id={id} loaded={loaded} />}
    </RecordLoader>
  );
}

function EquipmentForm({ collection, id, loaded }: RecordEditorProps & { loaded: LoadedRecord<EquipmentAllTexts> }) {
  const { languages, defaultLanguage } = useAdmin();
  const isNoEquipment = loaded.record?.no_equipment === true;
  const schema = useMemo(() => equipmentFormSchema({ languages, defaultLanguage }, isNoEquipment), [languages, defaultLanguage, isNoEquipment]);
  const { form, onSubmit, notices, conflictDialog, isNew, listHref } = useRecordForm<EquipmentFormValues, EquipmentFormOutput>({
    collection,
    id,
    loaded,
    resolver: zodResolver(schema),
    defaultValues: valuesOf(loaded.record, { languages, defaultLanguage }),
  });
  const { formState } = form;
  const register = registerWithValues(form);

  return (
    <form onSubmit={onSubmit} noValidate aria-label={isNew ? "New equipment" : "Edit equipment"} className="max-w-3xl space-y-5">
      {isNoEquipment ? (
        <Notice>
          This is the “no equipment” record: exercises that need no equipment point to it. It cannot be deleted, and it has no brand, categories or image; only its
          name and description can change.
        </Notice>
      ) : null}
      {notices}
      <LanguageTabs control={form.control} setFocus={form.setFocus} record={loaded.record}>
        <LocalizedTextInputs form={form} name="name" label="Name" />
        <LocalizedTextInputs form={form} name="description" label="Description" />
        {isNoEquipment ? null : (
          <StructureFields>
            <Field label="Slug" hint="Lowercase letters and digits separated by dashes; left empty, it is made from the name." {...register("slug")} error={formState.errors.slug?.message} />
            <LookupPickerField form={form} name="brand_id" label="Brand" {...LOOKUPS.brand_id} />
            <LookupPickerField form={form} name="categories" label="Categories" hint="Equipment categories" {...LOOKUPS.categories} />
            <MediaPickerField form={form} name="image" label="Image" kind="image" />
          </StructureFields>
        )}
      </LanguageTabs>
      <RecordFormActions isNew={isNew} isSubmitting={formState.isSubmitting} singular="equipment" listHref={listHref} />
      {conflictDialog}
    </form>
  );
}
