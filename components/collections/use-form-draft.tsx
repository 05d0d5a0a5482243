"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { Notice } from "@/components/ui/notice";
import { useAdmin } from "@/lib/admin/admin-context";
import { browserSessionStorage, clearDraft, draftKey, readDraft, writeDraft } from "./draft";

type FormDraftOptions = {
  /** The collection's admin segment and the record's key ("new", or "new:duplicate:<id>"). */
  collectionSlug: string;
  recordKey: string;
  /** The ETag the editor loaded; a restored draft keeps the one it was made against. */
  etag: string | undefined;
};

/**
 * Every change of an editor's form is kept in this tab's sessionStorage until a save succeeds; on return
 * (a reload, a crash, a navigation away) the draft is restored with a notice that offers to discard it
 * (ADR 10). `ifMatch` is the ETag the draft was made against, so a save after someone else's is a 412
 * and the conflict choice, never a silent overwrite. Call `clear` once a save succeeded, the person took
 * the stored version or chose to leave: nothing more is kept until the editor opens again.
 */
export function useFormDraft<Values extends FieldValues, Output>(form: UseFormReturn<Values, unknown, Output>, { collectionSlug, recordKey, etag }: FormDraftOptions) {
  const { organizationCode } = useAdmin();
  const key = draftKey(organizationCode, collectionSlug, recordKey);
  // The draft restored when the editor opened: when, and the ETag it was made against (its If-Match).
  const [restored, setRestored] = useState<{ savedAt: string; etag?: string }>();
  const ifMatch = restored?.etag ?? etag;
  // After a save or a reload of the stored version the form is about to be replaced: keep nothing more.
  const isDone = useRef(false);
  const { reset } = form;
  useEffect(() => {
    const draft = readDraft<Values>(browserSessionStorage(), key);
    if (draft) {
      // The loaded record stays the form's default, so the restored draft counts as unsaved changes.
      reset(draft.values, { keepDefaultValues: true });
      // eslint-disable-next-line react-hooks/set-state-in-effect -- sessionStorage can only be read once mounted (the page is rendered on the server first)
      setRestored({ savedAt: draft.savedAt, etag: draft.etag });
    }
    return form.subscribe({
      formState: { values: true, isDirty: true },
      callback: ({ values, isDirty }) => {
        if (!isDirty || isDone.current) return;
        // A reset back to the stored record (discarding) is no edit, whatever the dirty flag says meanwhile.
        if (JSON.stringify(values) === JSON.stringify(form.formState.defaultValues)) clearDraft(browserSessionStorage(), key);
        else writeDraft(browserSessionStorage(), key, { savedAt: new Date().toISOString(), values, etag: ifMatch });
      },
    });
  }, [form, key, ifMatch, reset]);

  const clear = () => {
    isDone.current = true;
    clearDraft(browserSessionStorage(), key);
  };
  const discard = () => {
    clearDraft(browserSessionStorage(), key);
    // Back to the loaded record (a restored draft kept it as the form's default).
    reset();
    setRestored(undefined);
  };
  const restoredNotice: ReactNode = restored ? (
    <Notice>
      Restored your unsaved changes from {new Date(restored.savedAt).toLocaleString()}.{" "}
      <button type="button" onClick={discard} className="font-medium underline">
        Discard them
      </button>
    </Notice>
  ) : null;
  return { ifMatch, clear, restoredNotice };
}
