"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";
import { useAdmin } from "@/lib/admin/admin-context";
import { apiRequest, describeError } from "@/lib/admin/api-client";
import type { AdminCollection } from "@/lib/admin/collections";
import { collectionKeys } from "./api";

/** One action applied to every selected record: a status change in one language, or a delete. */
type BulkAction = { kind: "status"; key: string; language: string; to: "published" | "unpublished" } | { kind: "delete" };

const BULK_PARALLEL = 4;

function actionsOf(collection: AdminCollection, languages: readonly string[], defaultLanguage: string): { value: string; label: string; action: BulkAction }[] {
  const statusActions =
    collection.kind === "publishable"
      ? languages.flatMap((language) => {
          const key = language === defaultLanguage ? "default" : language;
          return (["published", "unpublished"] as const).map((to) => ({
            value: `${to}:${key}`,
            label: `${to === "published" ? "Publish" : "Unpublish"} in ${language}`,
            action: { kind: "status", key, language, to } as const,
          }));
        })
      : [];
  return [...statusActions, { value: "delete", label: "Delete", action: { kind: "delete" } }];
}

const verbOf = (action: BulkAction) => (action.kind === "delete" ? "Delete" : action.to === "published" ? `Publish in ${action.language}` : `Unpublish in ${action.language}`);

/**
 * The bar above a list with selected rows: one action for them all, confirmed with how many records it
 * touches, then run against the API record by record (a few at a time) under the same rules as one
 * record: a refusal is reported by the record's name and leaves the others done (ADR 9, "Bulk actions").
 */
export function BulkActions({ collection, selected, titles, onDone }: { collection: AdminCollection; selected: string[]; titles: ReadonlyMap<string, string>; onDone: () => void }) {
  const { languages, defaultLanguage } = useAdmin();
  const queryClient = useQueryClient();
  const toast = useToast();
  const options = actionsOf(collection, languages, defaultLanguage);
  const [choice, setChoice] = useState(options[0]!.value);
  const [pending, setPending] = useState<BulkAction>();
  const [isRunning, setIsRunning] = useState(false);
  const count = selected.length;
  const records = `${count} ${count === 1 ? collection.singular : collection.label.toLowerCase()}`;

  const run = async (action: BulkAction) => {
    setPending(undefined);
    setIsRunning(true);
    const failures: string[] = [];
    const queue = [...selected];
    const worker = async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        const path = `/content/${collection.apiPath}/${encodeURIComponent(id)}`;
        try {
          if (action.kind === "delete") await apiRequest<void>(path, { method: "DELETE" });
          else await apiRequest(`${path}/status`, { method: "PATCH", body: { [action.key]: action.to } });
        } catch (error) {
          failures.push(`“${titles.get(id) ?? id}”: ${describeError(error)}`);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(BULK_PARALLEL, count) }, worker));
    setIsRunning(false);
    await queryClient.invalidateQueries({ queryKey: collectionKeys.all(collection) });
    const done = count - failures.length;
    const summary = `${verbOf(action)}: ${done} of ${count} done.`;
    if (failures.length === 0) toast.show(summary);
    else toast.show(`${summary} Refused: ${failures.join("; ")}`, "error");
    onDone();
  };

  const chosen = options.find((option) => option.value === choice) ?? options[0]!;
  return (
    <div role="region" aria-label="Bulk actions" className="flex flex-wrap items-center gap-3 rounded-md border border-blue-200 bg-blue-50 px-3 py-2 text-sm">
      <span className="font-medium">{count} selected</span>
      <label className="flex items-center gap-2">
        Action
        <select value={choice} onChange={(event) => setChoice(event.target.value)} className="rounded-md border border-slate-300 bg-white px-2 py-1">
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <Button variant="secondary" disabled={isRunning} onClick={() => setPending(chosen.action)}>
        {isRunning ? "Working…" : "Apply…"}
      </Button>
      <Button variant="ghost" disabled={isRunning} onClick={onDone}>
        Clear selection
      </Button>
      <ConfirmDialog
        open={pending !== undefined}
        title={pending ? `${verbOf(pending)}: ${records}?` : ""}
        confirmLabel={pending ? `${verbOf(pending)} (${count})` : ""}
        onConfirm={() => pending && void run(pending)}
        onCancel={() => setPending(undefined)}
      >
        <p>
          This touches {records}
          {pending?.kind === "delete" ? ", in every language. It cannot be undone." : ". Each is checked as if changed on its own; a refused one is named afterwards."}
        </p>
      </ConfirmDialog>
    </div>
  );
}
