"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { Select } from "@/components/ui/select";
import { Cell, HeaderCell, Row, Table } from "@/components/ui/table";
import { useAdmin } from "@/lib/admin/admin-context";
import { apiRequest, describeError } from "@/lib/admin/api-client";
import { ADMIN_COLLECTIONS } from "@/lib/admin/collections";
import { csvColumnsOf, IMPORT_COLLECTION_KEYS } from "@/lib/imports/csv-columns";
import type { ContentImportRecord } from "@/lib/imports/schemas";
import { columnsParameter, formatOfFile, initialMapping, mappingProblems, PREVIEW_BYTES, previewOf, type FilePreview } from "./import-mapping";

const COLLECTIONS = IMPORT_COLLECTION_KEYS.map((key) => ADMIN_COLLECTIONS.find((collection) => collection.apiPath === key)!);
const MEDIA_TYPES = { csv: "text/csv", jsonl: "application/x-ndjson" } as const;
/** The CSV columns of a collection the import writes, with the organization's languages. */
function columnsOf(key: string, languages: readonly string[]): string[] {
  const collection = ADMIN_COLLECTIONS.find((candidate) => candidate.apiPath === key);
  return csvColumnsOf(key, collection?.hasDescription ? ["name", "description"] : ["name"], languages);
}

/** Invalid lines shown under a finished import; the rest are counted. */
const SHOWN_INVALID_LINES = 20;

type ImportLine = { line: number; outcome: string; details: { path: string; message: string }[] | null };

/**
 * Import records from a CSV or JSON Lines file (docs/api.md "Bulk import"; docs/admin.md "Import"):
 * preview the first lines, map a CSV file's columns, check everything with a dry run, then import,
 * following the job's progress. The file goes to the API as it is; only the mapping is sent beside it.
 */
export function ImportScreen() {
  const { languages } = useAdmin();
  const [collectionKey, setCollectionKey] = useState<string>("exercises");
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<FilePreview | null>(null);
  const [mapping, setMapping] = useState<string[]>([]);
  const [isAtomic, setIsAtomic] = useState(true);
  const [importId, setImportId] = useState<string | null>(null);
  const collection = COLLECTIONS.find((candidate) => candidate.apiPath === collectionKey)!;
  const allowed = columnsOf(collectionKey, languages);

  async function choose(chosen: File | null, key = collectionKey) {
    setFile(chosen);
    setImportId(null);
    if (!chosen) return setPreview(null);
    const read = previewOf(await chosen.slice(0, PREVIEW_BYTES).text(), formatOfFile(chosen));
    setPreview(read);
    if ("header" in read) setMapping(initialMapping(read.header, columnsOf(key, languages)));
  }

  const start = useMutation({
    mutationFn: async (isDryRun: boolean) => {
      const format = formatOfFile(file!);
      const query = new URLSearchParams({ collection: collectionKey, dry_run: String(isDryRun), atomic: String(isAtomic) });
      const columns = preview && "header" in preview ? columnsParameter(preview.header, mapping) : undefined;
      if (columns !== undefined) query.set("columns", columns);
      return (await apiRequest<ContentImportRecord>(`/imports/content?${query}`, { method: "POST", raw: { body: file!, contentType: MEDIA_TYPES[format] } })).data;
    },
    onSuccess: (started) => setImportId(started.id),
  });
  const problems = preview && "header" in preview ? mappingProblems(mapping) : [];
  const canStart = file !== null && preview !== null && !("error" in preview) && problems.length === 0 && !start.isPending;

  return (
    <div className="space-y-6">
      <section aria-labelledby="file-heading" className="space-y-3 rounded-md border border-slate-200 bg-white p-4">
        <h2 id="file-heading" className="text-base font-semibold">
          File
        </h2>
        <div className="flex flex-wrap items-end gap-4">
          <Select
            label="Records to import"
            className="w-60"
            value={collectionKey}
            onChange={(event) => {
              setCollectionKey(event.target.value);
              void choose(file, event.target.value);
            }}
          >
            {COLLECTIONS.map((candidate) => (
              <option key={candidate.apiPath} value={candidate.apiPath}>
                {candidate.label}
              </option>
            ))}
          </Select>
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
            CSV or JSON Lines file
            <input type="file" accept=".csv,.jsonl,.ndjson,text/csv,application/x-ndjson" onChange={(event) => void choose(event.target.files?.[0] ?? null)} className="text-sm" />
          </label>
        </div>
        <p className="text-sm text-slate-700">
          Records match existing ones by their slug: a match is replaced, anything else is created. The columns of {collection.label.toLowerCase()} are: {allowed.join(", ")}.
        </p>
      </section>

      {preview ? <PreviewSection preview={preview} allowed={allowed} mapping={mapping} onMap={setMapping} /> : null}

      {preview && !("error" in preview) ? (
        <section aria-labelledby="run-heading" className="space-y-3 rounded-md border border-slate-200 bg-white p-4">
          <h2 id="run-heading" className="text-base font-semibold">
            Check and import
          </h2>
          {problems.length > 0 ? (
            <Notice tone="error">
              <ul className="list-disc pl-5">
                {problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </Notice>
          ) : null}
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" checked={isAtomic} onChange={(event) => setIsAtomic(event.target.checked)} />
            Write every line or, when one is invalid, none
          </label>
          <div className="flex flex-wrap gap-3">
            <Button type="button" variant="secondary" disabled={!canStart} onClick={() => start.mutate(true)}>
              Check the file (dry run)
            </Button>
            <Button type="button" disabled={!canStart} onClick={() => start.mutate(false)}>
              Import
            </Button>
          </div>
          {start.isError ? <Notice tone="error">{describeError(start.error)}</Notice> : null}
          {importId ? <ImportProgress id={importId} /> : null}
        </section>
      ) : null}
    </div>
  );
}

function PreviewSection({ preview, allowed, mapping, onMap }: { preview: FilePreview; allowed: readonly string[]; mapping: string[]; onMap: (mapping: string[]) => void }) {
  return (
    <section aria-labelledby="preview-heading" className="space-y-3 rounded-md border border-slate-200 bg-white p-4">
      <h2 id="preview-heading" className="text-base font-semibold">
        First lines
      </h2>
      {"error" in preview ? (
        <Notice tone="error">{preview.error}</Notice>
      ) : preview.format === "jsonl" ? (
        <pre className="overflow-x-auto rounded-md bg-slate-50 p-3 text-xs">{preview.lines.join("\n")}</pre>
      ) : (
        <>
          <p className="text-sm text-slate-700">Choose what each column of the file is. A column left out is not imported.</p>
          <Table
            caption="The file's first lines and what each column is imported as"
            head={preview.header.map((name, index) => (
              <HeaderCell key={index}>{name || `Column ${index + 1}`}</HeaderCell>
            ))}
          >
            <Row>
              {preview.header.map((name, index) => (
                <Cell key={index}>
                  <Select
                    label={`Import “${name || `Column ${index + 1}`}” as`}
                    value={mapping[index] ?? ""}
                    onChange={(event) => onMap(mapping.map((current, position) => (position === index ? event.target.value : current)))}
                  >
                    <option value="">Leave out</option>
                    {allowed.map((column) => (
                      <option key={column} value={column}>
                        {column}
                      </option>
                    ))}
                  </Select>
                </Cell>
              ))}
            </Row>
            {preview.rows.map((row, rowIndex) => (
              <Row key={rowIndex}>
                {preview.header.map((_, index) => (
                  <Cell key={index} className="whitespace-pre-wrap">
                    {row[index] ?? ""}
                  </Cell>
                ))}
              </Row>
            ))}
          </Table>
        </>
      )}
    </section>
  );
}

const isRunning = (state: string | undefined) => state === "queued" || state === "running";

/** The import's progress while its job runs, then its counts and the invalid lines. */
function ImportProgress({ id }: { id: string }) {
  const current = useQuery({
    queryKey: ["imports", "content", id],
    queryFn: async () => (await apiRequest<ContentImportRecord>(`/imports/content/${id}`)).data,
    refetchInterval: (query) => (isRunning(query.state.data?.state) || !query.state.data ? 500 : false),
  });
  const result = current.data;
  const isDone = result !== undefined && !isRunning(result.state);
  const invalid = useQuery({
    queryKey: ["imports", "content", id, "invalid"],
    enabled: isDone && result.invalid > 0,
    queryFn: async () =>
      (await apiRequest<{ total: number; data: ImportLine[] }>(`/imports/content/${id}/lines?filter[where][outcome]=invalid&filter[limit]=${SHOWN_INVALID_LINES}`)).data,
  });
  if (current.isError) return <Notice tone="error">{describeError(current.error)}</Notice>;
  if (!result) return <p className="text-sm text-slate-700">Starting…</p>;
  const percent = Math.round(result.progress * 100);
  const kind = result.dry_run ? "Check" : "Import";
  return (
    <div className="space-y-3">
      <div className="space-y-1">
        <div className="flex justify-between text-sm text-slate-800">
          <span id={`progress-${id}`}>{kind} progress</span>
          <span>
            {percent}% · {result.lines_read} lines read
          </span>
        </div>
        <div role="progressbar" aria-labelledby={`progress-${id}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-2 overflow-hidden rounded-full bg-slate-200">
          <div className="h-full bg-blue-700 transition-[width]" style={{ width: `${percent}%` }} />
        </div>
      </div>
      {isDone ? (
        <Notice tone={result.state === "failed" ? "error" : "info"}>
          {result.state === "failed" ? (
            <>The file was refused: {result.error}</>
          ) : (
            <>
              {kind} finished: {result.lines_read} lines, {result.created} {result.dry_run ? "would be created" : "created"}, {result.updated}{" "}
              {result.dry_run ? "would be updated" : "updated"}, {result.invalid} invalid.{" "}
              {result.dry_run ? "Nothing was written." : result.written ? "The records were written." : `Nothing was written: ${result.error}`}
            </>
          )}
        </Notice>
      ) : null}
      {invalid.data && invalid.data.total > 0 ? (
        <Table caption="Invalid lines" head={[<HeaderCell key="line">Line</HeaderCell>, <HeaderCell key="problem">Problem</HeaderCell>]}>
          {invalid.data.data.map((line) => (
            <Row key={line.line}>
              <Cell>{line.line}</Cell>
              <Cell>{(line.details ?? []).map((detail) => (detail.path ? `${detail.path}: ${detail.message}` : detail.message)).join("; ")}</Cell>
            </Row>
          ))}
        </Table>
      ) : null}
      {invalid.data && invalid.data.total > SHOWN_INVALID_LINES ? <p className="text-sm text-slate-700">and {invalid.data.total - SHOWN_INVALID_LINES} more invalid lines.</p> : null}
    </div>
  );
}
