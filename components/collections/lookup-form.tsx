"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { useForm, type Path } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { useToast } from "@/components/ui/toast";
import { useAdmin } from "@/lib/admin/admin-context";
import { ApiRequestError, describeError } from "@/lib/admin/api-client";
import type { AdminCollection } from "@/lib/admin/collections";
import { useRecord, useSaveRecord, type FullRecord } from "./api";
import { ConflictDialog } from "./conflict-dialog";
import { lookupFormSchema, type LookupFormOutput, type LookupFormValues } from "./lookup-schema";
import { useUnsavedChangesWarning } from "./use-unsaved-changes-warning";

/** The per-language inputs from a record read with `lang=<every language>` (`default` is the default language). */
function textsOf(value: unknown, languages: readonly string[], defaultLanguage: string): Record<string, string> {
  const texts = value && typeof value === "object" ? (value as Record<string, string>) : {};
  return Object.fromEntries(languages.map((language) => [language, texts[language] ?? (language === defaultLanguage ? (texts.default ?? "") : "")]));
}

function valuesOf(record: FullRecord | undefined, collection: AdminCollection, languages: readonly string[], defaultLanguage: string): LookupFormValues {
  return {
    name: textsOf(record?.name, languages, defaultLanguage),
    slug: typeof record?.slug === "string" ? record.slug : "",
    ...(collection.hasDescription ? { description: textsOf(record?.description, languages, defaultLanguage) } : {}),
  };
}

/** Create (no id) or edit a lookup record. */
export function LookupEditor({ collection, id }: { collection: AdminCollection; id?: string }) {
  const record = useRecord(collection, id);
  if (id !== undefined && record.isPending) return <p>Loading…</p>;
  if (id !== undefined && record.isError) return <Notice tone="error">{describeError(record.error)}</Notice>;
  return <LookupForm key={record.data?.etag ?? "new"} collection={collection} id={id} record={record.data?.record} etag={record.data?.etag ?? undefined} onReload={() => record.refetch()} />;
}

function LookupForm({ collection, id, record, etag, onReload }: { collection: AdminCollection; id?: string; record?: FullRecord; etag?: string; onReload: () => unknown }) {
  const { languages, defaultLanguage } = useAdmin();
  const router = useRouter();
  const toast = useToast();
  const save = useSaveRecord(collection);
  const [formError, setFormError] = useState<string>();
  const [conflict, setConflict] = useState<LookupFormOutput>();
  const schema = useMemo(() => lookupFormSchema({ languages, defaultLanguage, withDescription: collection.hasDescription === true }), [languages, defaultLanguage, collection.hasDescription]);
  const form = useForm<LookupFormValues, unknown, LookupFormOutput>({ resolver: zodResolver(schema), defaultValues: valuesOf(record, collection, languages, defaultLanguage) });
  const { register, handleSubmit, formState, setError, reset } = form;
  // Not formState.isSubmitSuccessful: a save the API refused still counts as a "successful" submit there.
  const [isSaved, setIsSaved] = useState(false);
  useUnsavedChangesWarning(formState.isDirty && !isSaved);
  const listHref = `/admin/content/${collection.slug}`;
  const isNew = id === undefined;

  const showServerErrors = (error: ApiRequestError) => {
    const unplaced: string[] = [];
    for (const detail of error.details) {
      const [field, language] = detail.path.replace(/^\//, "").split("/");
      const isText = field === "name" || (field === "description" && collection.hasDescription);
      const target = isText ? `${field}.${language && languages.includes(language) ? language : defaultLanguage}` : field === "slug" ? "slug" : undefined;
      if (target) setError(target as Path<LookupFormValues>, { type: "server", message: detail.message }, { shouldFocus: true });
      else unplaced.push(`${detail.path}: ${detail.message}`);
    }
    if (error.details.length === 0 && error.status === 409 && /slug/i.test(error.message)) setError("slug", { type: "server", message: error.message }, { shouldFocus: true });
    else if (error.details.length === 0 || unplaced.length > 0) setFormError([describeError(error), ...unplaced].join(" "));
  };

  const submit = async (values: LookupFormOutput, ifMatch = etag) => {
    setFormError(undefined);
    try {
      await save.mutateAsync({ id, body: values, ifMatch });
      const label = typeof values.name === "string" ? values.name : (values.name[defaultLanguage] ?? "");
      toast.show(isNew ? `Created “${label}”.` : `Saved “${label}”.`);
      setIsSaved(true);
      router.push(listHref);
    } catch (error) {
      if (error instanceof ApiRequestError && error.isConflict) setConflict(values);
      else if (error instanceof ApiRequestError && (error.status === 422 || error.status === 409)) showServerErrors(error);
      else setFormError(describeError(error));
    }
  };

  const textInputs = (field: "name" | "description", label: string) => (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold">{label}</legend>
      {languages.map((language) => (
        <Field
          key={language}
          label={`${label} (${language}${language === defaultLanguage ? ", default" : ""})`}
          lang={language}
          {...register(`${field}.${language}` as Path<LookupFormValues>)}
          error={formState.errors[field]?.[language as never]?.["message" as never]}
        />
      ))}
    </fieldset>
  );

  return (
    <form onSubmit={handleSubmit((values) => submit(values))} noValidate aria-label={isNew ? `New ${collection.singular}` : `Edit ${collection.singular}`} className="max-w-2xl space-y-5">
      {formError ? <Notice tone="error">{formError}</Notice> : null}
      {textInputs("name", "Name")}
      {collection.hasDescription ? textInputs("description", "Description") : null}
      <Field label="Slug" hint="Lowercase letters and digits separated by dashes; left empty, it is made from the name." {...register("slug")} error={formState.errors.slug?.message} />
      <div className="flex gap-2">
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? "Saving…" : isNew ? `Create ${collection.singular}` : "Save changes"}
        </Button>
        <Link href={listHref} className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-100">
          Cancel
        </Link>
      </div>

      <ConflictDialog
        open={conflict !== undefined}
        singular={collection.singular}
        onKeepEditing={() => setConflict(undefined)}
        onReload={() => {
          setConflict(undefined);
          reset(undefined, { keepValues: true });
          onReload();
          toast.show("Loaded the latest version.", "info");
        }}
        onOverwrite={() => {
          const values = conflict;
          setConflict(undefined);
          if (values) void submit(values, "*");
        }}
      />
    </form>
  );
}
