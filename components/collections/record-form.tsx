"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { useForm, type DefaultValues, type FieldValues, type Mode, type Path, type Resolver, type UseFormReturn } from "react-hook-form";
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
export type LoadedRecord<Full extends FullRecord = FullRecord> = { record?: Full; etag?: string; reload: () => unknown };

/**
 * Loads the record to edit (every language, with its ETag; typed as `Full`, the collection's response
 * type) and renders the form once it is there; a new ETag remounts the form.
 */
export function RecordLoader<Full extends FullRecord = FullRecord>({ collection, id, children }: { collection: AdminCollection; id?: string; children: (loaded: LoadedRecord<Full>) => ReactNode }) {
  const record = useRecord<Full>(collection, id);
  if (id !== undefined && record.isPending) return <p>Loading…</p>;
  if (id !== undefined && record.isError) return <Notice tone="error">{describeError(record.error)}</Notice>;
  return <div key={record.data?.etag ?? "new"}>{children({ record: record.data?.record, etag: record.data?.etag ?? undefined, reload: () => record.refetch() })}</div>;
}

type RecordSaveOptions<Values extends FieldValues, Output> = {
  collection: AdminCollection;
  /** The record's id; absent when creating. */
  id?: string;
  /** The record as loaded: its ETag is the save's If-Match, `reload` the conflict dialog's "load theirs". */
  loaded: LoadedRecord;
  form: UseFormReturn<Values, unknown, Output>;
  /** Where a 422 detail's pointer lands when the default mapping does not fit (return undefined for the default). */
  fieldOf?: (pointer: string, message: string) => string | undefined;
  /** The draft's key when it is not the record's id ("new" when creating): a new record copied from another keeps its own draft. */
  draftKey?: string;
  /**
   * Given, the editor stays on the record after a save: a new record opens at its own address, and an
   * edited one calls `onSaved` (to load the saved version). Absent, a save goes back to the list.
   */
  onSaved?: () => void;
};

/**
 * The save flow every record editor shares: POST or PUT with `If-Match`, a toast and back to the list
 * (or on to the saved record) on success, the conflict choice on 412, the API's 422 (and slug 409)
 * details on the fields they name with the first one focused and anything unplaced above the form, a
 * notice above the form whenever a save is refused, the unsaved-changes warning until the save
 * succeeded, and the draft kept in this tab until then. Render `draftNotice`, `formError` and
 * `conflictDialog`; give `onSubmit` to the form.
 */
export function useRecordSave<Values extends FieldValues, Output>({ collection, id, loaded, form, fieldOf, draftKey, onSaved }: RecordSaveOptions<Values, Output>) {
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
  const draft = useFormDraft(form, { collectionSlug: collection.slug, recordKey: draftKey ?? id ?? "new", etag: loaded.etag });
  useUnsavedChangesWarning(form.formState.isDirty && !isSaved, draft.clear);
  // The record's name or title (the collection says which) in the default language, for the toasts.
  const nameOf = (values: Output): string => {
    const text = (values as Record<string, unknown>)[collection.titleField];
    return typeof text === "string" ? text : ((text as Record<string, string> | undefined)?.[defaultLanguage] ?? "");
  };
  const listHref = `/admin/content/${collection.slug}`;
  const notSaved = (advice: string) => `The ${collection.singular} was not saved: ${advice}.`;

  const showServerErrors = (error: ApiRequestError) => {
    const unplaced: string[] = [];
    let focus = true;
    for (const detail of error.details) {
      const field = fieldOf?.(detail.path, detail.message) ?? defaultFieldOf(detail.path, form.getValues(), defaultLanguage);
      if (field) {
        form.setError(field as Path<Values>, { type: "server", message: detail.message }, { shouldFocus: focus });
        focus = false;
      } else unplaced.push(`${detail.path}: ${detail.message}`);
    }
    if (error.details.length === 0 && error.status === 409 && /slug/i.test(error.message) && "slug" in form.getValues()) {
      form.setError("slug" as Path<Values>, { type: "server", message: error.message }, { shouldFocus: true });
    } else if (error.details.length === 0 || unplaced.length > 0) setFormError([describeError(error), ...unplaced].join(" "));
    else setFormError(notSaved("see the highlighted fields"));
  };

  const submit = async (values: Output, ifMatch = draft.ifMatch) => {
    setFormError(undefined);
    try {
      const response = await save.mutateAsync({ id, body: values as Record<string, unknown>, ifMatch });
      draft.clear();
      toast.show(isNew ? `Created “${nameOf(values)}”.` : `Saved “${nameOf(values)}”.`);
      setIsSaved(true);
      if (!onSaved) router.push(listHref);
      else if (isNew) router.replace(`${listHref}/${String(response.data.id)}`);
      else onSaved();
    } catch (error) {
      if (error instanceof ApiRequestError && error.isConflict) setConflict(values);
      else if (error instanceof ApiRequestError && (error.status === 422 || error.status === 409)) showServerErrors(error);
      else setFormError(describeError(error));
    }
  };

  const onSubmit = form.handleSubmit(
    (values) => submit(values),
    () => setFormError(notSaved("correct the highlighted fields")),
  );

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

  // What the editor shows above its fields: the restored draft, and why the last save did not happen.
  const notices = (
    <>
      {draft.restoredNotice}
      {formError ? <Notice tone="error">{formError}</Notice> : null}
    </>
  );

  return { onSubmit, notices, conflictDialog, isNew, listHref };
}

type RecordFormOptions<Values extends FieldValues, Output> = Omit<RecordSaveOptions<Values, Output>, "form"> & {
  /** The form's values for the loaded record (or a new one). */
  defaultValues: Values;
  resolver: Resolver<Values, unknown, Output>;
  /** When fields are validated; after they were left once, by default. */
  mode?: Mode;
};

/** A record editor's form (react-hook-form) with the shared save flow (`useRecordSave`) wired to it. */
export function useRecordForm<Values extends FieldValues, Output>({ defaultValues, resolver, mode = "onTouched", ...options }: RecordFormOptions<Values, Output>) {
  const form = useForm<Values, unknown, Output>({ resolver, defaultValues: defaultValues as DefaultValues<Values>, mode });
  return { form, ...useRecordSave({ ...options, form }) };
}

/** The editor's buttons: save (named "Create <singular>" or "Save changes"), the editor's own actions (`children`) and Cancel back to the list. */
export function RecordFormActions({ isNew, isSubmitting, singular, listHref, children }: { isNew: boolean; isSubmitting: boolean; singular: string; listHref: string; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? "Saving…" : isNew ? `Create ${singular}` : "Save changes"}
      </Button>
      {children}
      <Link href={listHref} className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-100">
        Cancel
      </Link>
    </div>
  );
}
