"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { ChoiceOptions, LookupPickerField } from "@/components/collections/form-fields";
import { MediaPickerField } from "@/components/media/media-picker";
import { uploadOf } from "@/components/collections/form-schemas";
import { RecordFormActions, RecordLoader, useRecordForm, type LoadedRecord } from "@/components/collections/record-form";
import type { RecordEditorProps } from "@/components/collections/record-editor-props";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { useAdmin } from "@/lib/admin/admin-context";
import type { Instructor } from "@/lib/instructors/schemas";
import { INSTRUCTOR_GENDERS, instructorFormSchema, type InstructorFormOutput, type InstructorFormValues } from "./instructor-form-schema";
import { EDITOR_LOOKUPS } from "@/components/collections/lookup-fields";
import { registerWithValues } from "@/components/collections/register-with-values";

const LOOKUPS = EDITOR_LOOKUPS["instructors"];

function valuesOf(record: Instructor | undefined): InstructorFormValues {
  return {
    name: record?.name ?? "",
    gender: record?.gender ?? "",
    photo: uploadOf(record?.photo),
    user_id: record?.user_id ?? null,
  };
}

/** Create (no id) or edit an instructor. */
export function InstructorEditor({ collection, id }: RecordEditorProps) {
  return (
    <RecordLoader<Instructor> collection={collection} id={id}>
      {(loaded) => <InstructorForm collection={collection} id={id} loaded={loaded} />}
    </RecordLoader>
  );
}

function InstructorForm({ collection, id, loaded }: RecordEditorProps & { loaded: LoadedRecord<Instructor> }) {
  const { role } = useAdmin();
  const { form, onSubmit, notices, conflictDialog, isNew, listHref } = useRecordForm<InstructorFormValues, InstructorFormOutput>({
    collection,
    id,
    loaded,
    resolver: zodResolver(instructorFormSchema),
    defaultValues: valuesOf(loaded.record),
  });
  const { formState } = form;
  const register = registerWithValues(form);

  return (
    <form onSubmit={onSubmit} noValidate aria-label={isNew ? "New instructor" : "Edit instructor"} className="max-w-2xl space-y-5">
      {notices}
      <Field label="Name" hint="The same in every language." {...register("name")} error={formState.errors.name?.message} />
      <Select label="Gender" {...register("gender")} error={formState.errors.gender?.message}>
        <ChoiceOptions empty="Not given" values={INSTRUCTOR_GENDERS} />
      </Select>
      <MediaPickerField form={form} name="photo" label="Photo" kind="image" />
      <LookupPickerField
        form={form}
        name="user_id"
        label="Linked user"
        hint={role === "admin" ? "The user account of this instructor, searched by email." : "Only admins can search users."}
        {...LOOKUPS.user_id}
      />
      <RecordFormActions isNew={isNew} isSubmitting={formState.isSubmitting} singular="instructor" listHref={listHref} />
      {conflictDialog}
    </form>
  );
}
