"use client";

import { useId, useState } from "react";
import { useRecord } from "@/components/collections/api";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Notice } from "@/components/ui/notice";
import { Cell, HeaderCell, Row, Table } from "@/components/ui/table";
import { useToast } from "@/components/ui/toast";
import { ApiRequestError, describeError } from "@/lib/admin/api-client";
import type { AdminCollection } from "@/lib/admin/collections";
import { useRestoreVersion, useVersionDiff, useVersions, VERSIONS_PAGE_SIZE, type VersionSummary } from "./api";
import { describeChange } from "./describe-change";

const WHEN = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

function operationLabel(version: VersionSummary): string {
  switch (version.operation) {
    case "create":
      return "Created";
    case "replace":
      return "Saved";
    case "patch":
      return "Changed";
    case "status":
      return "Status changed";
    case "restore":
      return version.restored_from !== null ? `Restored version ${version.restored_from}` : "Restored";
    case "delete":
      return "Deleted";
  }
}

/** Why a restore was refused, in words: a newer save (412) or the checks of a write (422, each detail named). */
function refusalOf(error: unknown, singular: string): { message: string; details: string[] } {
  if (error instanceof ApiRequestError && error.status === 412) {
    return {
      message: `Someone saved this ${singular} after you opened it, so nothing was restored. The form and the history now show their version: check the changes and restore again if you still want to.`,
      details: [],
    };
  }
  if (error instanceof ApiRequestError && error.status === 422) {
    return { message: `This version cannot be restored as it is: ${error.message}.`, details: error.details.map((detail) => `${detail.path}: ${detail.message}`) };
  }
  return { message: describeError(error), details: [] };
}

/**
 * The record's versions beside its editor (ADR 27): who wrote each and how, the API's diff of a chosen
 * version against the current one, and a restore of it under `If-Match`, asked first. A restore
 * reloads the editor's form with the restored content.
 */
export function VersionHistory({ collection, id }: { collection: AdminCollection; id: string }) {
  const headingId = useId();
  const [offset, setOffset] = useState(0);
  const [selected, setSelected] = useState<number>();
  const [isConfirming, setIsConfirming] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; details: string[] }>();
  const record = useRecord(collection, id);
  const versions = useVersions(collection, id, offset);
  const diff = useVersionDiff(collection, id, selected);
  const restore = useRestoreVersion(collection, id);
  const toast = useToast();
  const total = versions.data?.total ?? 0;
  const currentNumber = diff.data?.to;
  const isCurrent = selected !== undefined && selected === currentNumber;

  const runRestore = (number: number) => {
    setIsConfirming(false);
    setRefusal(undefined);
    restore.mutate(
      { number, ifMatch: record.data?.etag ?? "" },
      {
        onSuccess: () => {
          setSelected(undefined);
          setOffset(0);
          toast.show(`Restored version ${number}; the form shows it now.`);
        },
        onError: (error) => setRefusal(refusalOf(error, collection.singular)),
      },
    );
  };

  return (
    <aside id="version-history" aria-labelledby={headingId} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id={headingId} className="text-lg font-semibold">
        Version history
      </h2>
      {versions.isError ? <Notice tone="error">{describeError(versions.error)}</Notice> : null}
      {refusal ? (
        <Notice tone="error">
          <p>{refusal.message}</p>
          {refusal.details.length > 0 ? (
            <ul className="mt-1 list-disc pl-5">
              {refusal.details.map((detail) => (
                <li key={detail}>{detail}</li>
              ))}
            </ul>
          ) : null}
        </Notice>
      ) : null}
      {versions.data && total === 0 ? <p className="text-sm text-slate-700">No versions are kept for this {collection.singular}.</p> : null}
      {total > 0 ? (
        <Table
          caption="Versions, newest first"
          head={
            <>
              <HeaderCell>Version</HeaderCell>
              <HeaderCell>When (UTC)</HeaderCell>
              <HeaderCell>By</HeaderCell>
              <HeaderCell>Change</HeaderCell>
              <HeaderCell hidden>Actions</HeaderCell>
            </>
          }
        >
          {versions.data?.data.map((version) => (
            <Row key={version.number}>
              <Cell className="font-medium">{version.number}</Cell>
              <Cell className="whitespace-nowrap">
                <time dateTime={version.created_at}>{WHEN.format(new Date(version.created_at))}</time>
              </Cell>
              <Cell className="break-all">{version.author?.email ?? "a removed user or a token"}</Cell>
              <Cell>{operationLabel(version)}</Cell>
              <Cell className="text-right">
                <Button
                  variant="secondary"
                  aria-pressed={selected === version.number}
                  aria-label={`Compare version ${version.number} with the current version`}
                  onClick={() => {
                    setRefusal(undefined);
                    setSelected(selected === version.number ? undefined : version.number);
                  }}
                >
                  Compare
                </Button>
              </Cell>
            </Row>
          ))}
        </Table>
      ) : null}
      {total > VERSIONS_PAGE_SIZE ? (
        <nav aria-label="Version history pages" className="flex items-center justify-end gap-2">
          <span className="text-sm text-slate-700">
            {offset + 1}–{Math.min(offset + VERSIONS_PAGE_SIZE, total)} of {total}
          </span>
          <Button variant="secondary" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - VERSIONS_PAGE_SIZE))}>
            Newer
          </Button>
          <Button variant="secondary" disabled={offset + VERSIONS_PAGE_SIZE >= total} onClick={() => setOffset(offset + VERSIONS_PAGE_SIZE)}>
            Older
          </Button>
        </nav>
      ) : null}
      {selected !== undefined ? (
        <section aria-labelledby={`${headingId}-diff`} className="space-y-2 border-t border-slate-200 pt-3">
          <h3 id={`${headingId}-diff`} className="font-semibold">
            {currentNumber === undefined ? `Version ${selected}` : isCurrent ? `Version ${selected} (the current version)` : `From version ${selected} to the current version ${currentNumber}`}
          </h3>
          {diff.isError ? <Notice tone="error">{describeError(diff.error)}</Notice> : null}
          {diff.isPending ? <p className="text-sm text-slate-700">Loading the changes…</p> : null}
          {diff.data && diff.data.changes.length === 0 ? (
            <p className="text-sm text-slate-700">{isCurrent ? "This is what the form holds now." : "The content is the same as now."}</p>
          ) : null}
          {diff.data && diff.data.changes.length > 0 ? (
            <ul aria-label={`Changes since version ${selected}`} className="space-y-1 text-sm">
              {diff.data.changes.map((change, index) => {
                const { place, what } = describeChange(change);
                return (
                  <li key={`${change.path}-${index}`} className="rounded border border-slate-100 bg-slate-50 px-2 py-1">
                    <span className="font-medium">{place}</span>: <span className="break-words">{what}</span>
                  </li>
                );
              })}
            </ul>
          ) : null}
          {diff.data && !isCurrent ? (
            <Button variant="danger" disabled={restore.isPending || !record.data?.etag} onClick={() => setIsConfirming(true)}>
              Restore version {selected}
            </Button>
          ) : null}
        </section>
      ) : null}
      <ConfirmDialog
        open={isConfirming && selected !== undefined}
        title={`Restore version ${selected ?? ""}?`}
        confirmLabel={`Restore version ${selected ?? ""}`}
        onCancel={() => setIsConfirming(false)}
        onConfirm={() => {
          if (selected !== undefined) runRestore(selected);
        }}
      >
        <p>
          The {collection.singular} is written again as it was in version {selected}, as a new version; the versions in between stay in the history. The status of
          each language stays as it is. Unsaved changes in the form are discarded.
        </p>
      </ConfirmDialog>
    </aside>
  );
}
