"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { Select } from "@/components/ui/select";
import { apiRequest, ApiRequestError, describeError } from "@/lib/admin/api-client";
import { ADMIN_COLLECTIONS } from "@/lib/admin/collections";
import type { TranslationImportResult } from "@/lib/translation-exchange/schemas";
import { translationQueueKey } from "./reads";

const STATES = [
  { value: "untranslated", label: "Not translated" },
  { value: "partial", label: "Partly translated" },
  { value: "all", label: "Every record" },
] as const;

/**
 * Export a collection's texts as XLIFF for a CAT tool, and import the translated file (docs/api.md
 * "Translation exchange (XLIFF)"). The download is a same-origin link: the session cookie is its credential.
 */
export function TranslationExchange({ language, collection, collections }: { language: string; collection: string; collections: readonly string[] }) {
  const queryClient = useQueryClient();
  const options = ADMIN_COLLECTIONS.filter((candidate) => collections.includes(candidate.apiPath));
  const [chosen, setChosen] = useState(collection || options[0]?.apiPath || "workouts");
  const [state, setState] = useState<string>("untranslated");
  const [file, setFile] = useState<File | null>(null);
  const [isForced, setIsForced] = useState(false);
  const target = collection || chosen;
  const exportHref = `/api/v3/translations/export?${new URLSearchParams({ language, collection: target, state })}`;
  const upload = useMutation({
    mutationFn: async () =>
      (await apiRequest<TranslationImportResult>(`/translations/import${isForced ? "?force=true" : ""}`, { method: "POST", raw: { body: file!, contentType: "application/xliff+xml" } })).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: translationQueueKey }),
  });
  const result = upload.data;

  return (
    <section aria-labelledby="exchange-heading" className="space-y-3 rounded-md border border-slate-200 p-4">
      <h2 id="exchange-heading" className="text-base font-semibold">
        Exchange with a CAT tool (XLIFF 2.1)
      </h2>
      <div className="flex flex-wrap items-end gap-4">
        {collection ? null : (
          <Select label="Collection to export" className="w-56" value={chosen} onChange={(event) => setChosen(event.target.value)}>
            {options.map((candidate) => (
              <option key={candidate.apiPath} value={candidate.apiPath}>
                {candidate.label}
              </option>
            ))}
          </Select>
        )}
        <Select label="Records to export" className="w-56" value={state} onChange={(event) => setState(event.target.value)}>
          {STATES.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
        <a href={exportHref} download className="rounded-md bg-blue-700 px-3 py-2 text-sm font-medium text-white hover:bg-blue-800">
          Export XLIFF ({language})
        </a>
      </div>
      <form
        className="flex flex-wrap items-end gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (file) upload.mutate();
        }}
      >
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          Translated XLIFF file
          <input type="file" accept=".xlf,.xliff,application/xliff+xml,application/xml" onChange={(event) => setFile(event.target.files?.[0] ?? null)} className="text-sm" />
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" checked={isForced} onChange={(event) => setIsForced(event.target.checked)} />
          Also write texts whose source changed since the export
        </label>
        <Button type="submit" disabled={!file || upload.isPending}>
          {upload.isPending ? "Importing…" : "Import XLIFF"}
        </Button>
      </form>
      {upload.isError ? (
        <Notice tone="error">
          {describeError(upload.error)}
          {upload.error instanceof ApiRequestError && upload.error.details.length > 1 ? (
            <ul className="mt-1 list-disc pl-5">
              {upload.error.details.map((detail) => (
                <li key={`${detail.path}:${detail.message}`}>
                  {detail.path}: {detail.message}
                </li>
              ))}
            </ul>
          ) : null}
        </Notice>
      ) : null}
      {result ? (
        <Notice>
          Imported {result.language}: {result.texts_written} texts written in {result.records_updated} records, {result.texts_unchanged} unchanged, {result.texts_empty} without a
          translation; {result.conflicts.length} conflicts.
          {result.conflicts.length > 0 ? (
            <ul className="mt-1 list-disc pl-5">
              {result.conflicts.map((conflict) => (
                <li key={conflict.unit}>
                  {conflict.unit} ({conflict.path}): the source changed since the export, {conflict.resolution}
                </li>
              ))}
            </ul>
          ) : null}
        </Notice>
      ) : null}
    </section>
  );
}
