"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo } from "react";
import { Field } from "@/components/ui/field";
import { useAdmin } from "@/lib/admin/admin-context";
import type { AdminCollection } from "@/lib/admin/collections";
import type { MultiLangString } from "@/lib/i18n";
import { textsOf, type Languages } from "./form-schemas";
import { LanguageTabs, StructureFields } from "./language-tabs";
import { LocalizedTextInputs } from "./localized-text-inputs";
import { lookupFormSchema, type LookupFormOutput, type LookupFormValues } from "./lookup-schema";
import { RecordFormActions, RecordLoader, useRecordForm, type LoadedRecord } from "./record-form";
import { registerWithValues } from "./register-with-values";

/**
 * A lookup as the API answers it with every text (its `…AllTexts` schema). The lookups' factory in
 * lib/lookups/collections.ts builds that schema beside their database code, so this mirrors it until
 * the schema moves to an isomorphic lib/lookups/schemas.ts.
 */
type LookupAllTexts = { id: number | string; name: MultiLangString; slug: string; description?: MultiLangString };

function valuesOf(record: LookupAllTexts | undefined, collection: AdminCollection, languages: Languages): LookupFormValues {
  return {
    name: textsOf(record?.name, languages),
    slug: record?.slug ?? "",
    ...(collection.hasDescription ? { description: textsOf(record?.description, languages) } : {}),
  };
}

/** Create (no id) or edit a lookup record. */
export function LookupEditor({ collection, id }: { collection: AdminCollection; id?: string }) {
  return (
    <RecordLoader<LookupAllTexts> collection={collection} id={id}>
      {(loaded) => <LookupForm collection={collection} id={id} loaded={loaded} />}
    </RecordLoader>
  );
}

function LookupForm({ collection, id, loaded }: { collection: AdminCollection; id?: string; loaded: LoadedRecord<LookupAllTexts> }) {
  const { languages, defaultLanguage } = useAdmin();
  const schema = useMemo(() => lookupFormSchema({ languages, defaultLanguage, withDescription: collection.hasDescription === true }), [languages, defaultLanguage, collection.hasDescription]);
  const { form, onSubmit, notices, conflictDialog, isNew, listHref } = useRecordForm<LookupFormValues, LookupFormOutput>({
    collection,
    id,
    loaded,
    resolver: zodResolver(schema),
    defaultValues: valuesOf(loaded.record, collection, { languages, defaultLanguage }),
    mode: "onSubmit",
  });
  const { formState } = form;
  const register = registerWithValues(form);

  return (
    <form onSubmit={onSubmit} noValidate aria-label={isNew ? `New ${collection.singular}` : `Edit ${collection.singular}`} className="max-w-2xl space-y-5">
      {notices}
      <LanguageTabs control={form.control} setFocus={form.setFocus} record={loaded.record}>
        <LocalizedTextInputs form={form} name="name" label="Name" />
        {collection.hasDescription ? <LocalizedTextInputs form={form} name="description" label="Description" /> : null}
        <StructureFields>
          <Field label="Slug" hint="Lowercase letters and digits separated by dashes; left empty, it is made from the name." {...register("slug")} error={formState.errors.slug?.message} />
        </StructureFields>
      </LanguageTabs>
      <RecordFormActions isNew={isNew} isSubmitting={formState.isSubmitting} singular={collection.singular} listHref={listHref} />
      {conflictDialog}
    </form>
  );
}
