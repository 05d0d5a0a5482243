"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { useToast } from "@/components/ui/toast";
import { useAdmin } from "@/lib/admin/admin-context";
import { ApiRequestError, describeError } from "@/lib/admin/api-client";
import type { AdminCollection } from "@/lib/admin/collections";
import { useRecord, useSaveRecord, type FullRecord } from "./api";
import { ConflictDialog, TheirChanges } from "./conflict-dialog";
import { defaultFieldOf } from "./form-schemas";
import { useFormDraft } from "./use-form-draft";
import { useUnsavedChangesWarning } from "./use-unsaved-changes-warning";

/** What a loaded editor form receives: the record (absent when creating), its ETag and a way to load it again. */
export type LoadedRecord = { record?: FullRecord; etag?: string; reload: () => unknown };

/** Loads the record to edit (every language, with its ETag) and renders the form once it is there; a new ETag remounts the form. */
export function RecordLoader({ collection, id, children }: { collection: AdminCollection; id?: string; children: (loaded: LoadedRecord) => ReactNode }) {
  const record = useRecord(collection, id);
  if (id !== undefined && record.isPending) return <p>Loading…</p>;
  if (id !== undefined && record.isError) return <Notice tone="error">{describeError(record.error)}</Notice>;
  return <div key={record.data?.etag ?? "new"}>{children({ record: record.data?.record, etag: record.data?.etag ?? undefined, reload: () => record.refetch() })}</div>;
}

type RecordSaveOptions<Values extends FieldValues, Output> = {
  collection: AdminCollection;
  /** The record's id; absent when creating. */
  id?: string;
  loaded: LoadedRecord;
  form: UseFormReturn<Values, unknown, Output>;
  /** Where a 422 detail's pointer lands when the default mapping does not fit (return undefined for the default). */
  fieldOf?: (pointer: string) => string | undefined;
};

/**
 * The save flow every record editor shares: POST or PUT with `If-Match`, a toast and back to the list on
 * success, the conflict choice on 412, the API's 422 (and slug 409) details on the fields they name and
 * anything unplaced above the form, the unsaved-changes warning until the save succeeded, and the draft
 * kept in this tab until then. Render `draftNotice`, `formError` and `conflictDialog`; call `submit` from
 * `handleSubmit`.
 */
export function useRecordSave<Values extends FieldValues, Output>({ collection, id, loaded, form, fieldOf }: RecordSaveOptions<Values, Output>) {
  const { defaultLanguage } = useAdmin();
  const router = useRouter();
  const toast = useToast();
  const save = useSaveRecord(collection);
  const [formError, setFormError] = useState<string>();
  const [conflict, setConflict] = useState<Output>();
  // Not formState.isSubmitSuccessful: a save the API refused still counts as a "successful" submit there.
  const [isSaved, setIsSaved] = useState(false);
  const isNew = id === undefined;
  // Every change is kept in this tab until a save succeeds, and restored on return (ADR 10).
  const draft = useFormDraft(form, { collectionSlug: collection.slug, recordKey: id ?? "new", etag: loaded.etag });
  useUnsavedChangesWarning(form.formState.isDirty && !isSaved, draft.clear);
  // The record's name or title (the collection says which) in the default language, for the toasts.
  const nameOf = (values: Output): string => {
    const text = (values as Record<string, unknown>)[collection.titleField];
    return typeof text === "string" ? text : ((text as Record<string, string> | undefined)?.[defaultLanguage] ?? "");
  };
  const listHref = `/admin/content/${collection.slug}`;

  const showServerErrors = (error: ApiRequestError) => {
    const unplaced: string[] = [];
    let focus = true;
    for (const detail of error.details) {
      const field = fieldOf?.(detail.path) ?? defaultFieldOf(detail.path, form.getValues(), defaultLanguage);
      if (field) {
        form.setError(field as Path<Values>, { type: "server", message: detail.message }, { shouldFocus: focus });
        focus = false;
      } else unplaced.push(`${detail.path}: ${detail.message}`);
    }
    if (error.details.length === 0 && error.status === 409 && /slug/i.test(error.message) && "slug" in form.getValues()) {
      form.setError("slug" as Path<Values>, { type: "server", message: error.message }, { shouldFocus: true });
    } else if (error.details.length === 0 || unplaced.length > 0) setFormError([describeError(error), ...unplaced].join(" "));
  };

  const submit = async (values: Output, ifMatch = draft.ifMatch) => {
    setFormError(undefined);
    try {
      await save.mutateAsync({ id, body: values as Record<string, unknown>, ifMatch });
      draft.clear();
      toast.show(isNew ? `Created “${nameOf(values)}”.` : `Saved “${nameOf(values)}”.`);
      setIsSaved(true);
      router.push(listHref);
    } catch (error) {
      if (error instanceof ApiRequestError && error.isConflict) setConflict(values);
      else if (error instanceof ApiRequestError && (error.status === 422 || error.status === 409)) showServerErrors(error);
      else setFormError(describeError(error));
    }
  };

  const conflictDialog = (
    <ConflictDialog
      open={conflict !== undefined}
      singular={collection.singular}
      onKeepEditing={() => setConflict(undefined)}
      onReload={() => {
        setConflict(undefined);
        draft.clear();
        form.reset(undefined, { keepValues: true });
        loaded.reload();
        toast.show("Loaded the latest version.", "info");
      }}
      onOverwrite={() => {
        const values = conflict;
        setConflict(undefined);
        if (values !== undefined) void submit(values, "*");
      }}
    >
      {conflict !== undefined ? <TheirChanges collection={collection} id={id} base={loaded.record} /> : null}
    </ConflictDialog>
  );

  return { submit, formError, conflictDialog, isNew, listHref, draftNotice: draft.restoredNotice };
}

/** The editor's buttons: save (named "Create <singular>" or "Save changes") and Cancel back to the list. */
export function RecordFormActions({ isNew, isSubmitting, singular, listHref }: { isNew: boolean; isSubmitting: boolean; singular: string; listHref: string }) {
  return (
    <div className="flex gap-2">
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? "Saving…" : isNew ? `Create ${singular}` : "Save changes"}
      </Button>
      <Link href={listHref} className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-100">
        Cancel
      </Link>
    </div>
  );
}
