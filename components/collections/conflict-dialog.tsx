"use client";

import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useAdmin } from "@/lib/admin/admin-context";
import { apiRequest, describeError } from "@/lib/admin/api-client";
import type { AdminCollection } from "@/lib/admin/collections";
import { everyTextQuery, type FullRecord } from "./api";
import { recordChanges } from "./record-changes";

type ConflictDialogProps = {
  open: boolean;
  /** What the record is called in messages, e.g. "workout". */
  singular: string;
  onKeepEditing: () => void;
  /** Discard the form's changes and load what is stored now. */
  onReload: () => void;
  /** Save the form's values with `If-Match: *`. */
  onOverwrite: () => void;
  /** What the other person changed (`TheirChanges`), where the editor can tell. */
  children?: ReactNode;
};

/** The choice after a save answered 412: someone else saved the record after it was opened. */
export function ConflictDialog({ open, singular, onKeepEditing, onReload, onOverwrite, children }: ConflictDialogProps) {
  return (
    <Dialog open={open} title="Someone else changed this record" onClose={onKeepEditing}>
      <p>This {singular} was changed after you opened it. Reload their version (your changes here are discarded), or overwrite it with yours.</p>
      {children}
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onKeepEditing}>
          Keep editing
        </Button>
        <Button variant="secondary" onClick={onReload}>
          Reload their version
        </Button>
        <Button variant="danger" onClick={onOverwrite}>
          Overwrite with mine
        </Button>
      </div>
    </Dialog>
  );
}

/**
 * Inside the conflict dialog: reads the stored version and lists what the other person changed (field,
 * language and new value) against the record as the editor opened it, so the choice is an informed one.
 */
export function TheirChanges({ collection, id, base }: { collection: AdminCollection; id: string | undefined; base: Record<string, unknown> | undefined }) {
  const { languages } = useAdmin();
  const stored = useQuery({
    queryKey: ["conflict", collection.apiPath, id ?? ""],
    enabled: id !== undefined && base !== undefined,
    staleTime: 0,
    gcTime: 0,
    queryFn: async ({ signal }) => (await apiRequest<FullRecord>(`/content/${collection.apiPath}/${encodeURIComponent(id ?? "")}?${everyTextQuery(languages)}`, { signal })).data,
  });
  if (id === undefined || base === undefined) return null;
  const changes = stored.data ? recordChanges(base, stored.data) : undefined;
  return (
    <section aria-label="Their changes" className="mt-3">
      {stored.isPending ? <p className="text-slate-600">Reading their version…</p> : null}
      {stored.isError ? <p className="text-red-700">Their changes could not be read: {describeError(stored.error)}</p> : null}
      {changes && changes.length === 0 ? <p className="text-slate-600">Their version differs from yours only in fields this editor does not show.</p> : null}
      {changes && changes.length > 0 ? (
        <>
          <h3 className="font-medium">What they changed</h3>
          <dl className="mt-1 max-h-48 space-y-1 overflow-y-auto rounded-md border border-slate-200 p-2">
            {changes.map((change) => (
              <div key={change.field} className="grid grid-cols-[10rem_minmax(0,1fr)] gap-2">
                <dt className="font-medium text-slate-700">{change.field}</dt>
                <dd className="break-words">{change.value}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : null}
    </section>
  );
}
