"use client";

import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { useMemo, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Notice } from "@/components/ui/notice";
import { Cell, HeaderCell, Row, Table, type SortDirection } from "@/components/ui/table";
import { useToast } from "@/components/ui/toast";
import { useAdmin } from "@/lib/admin/admin-context";
import { describeError } from "@/lib/admin/api-client";
import type { AdminCollection } from "@/lib/admin/collections";
import { buildFilterQueryString } from "@/lib/filter/format";
import { type FilterCondition, type FilterQuery, type FilterSpec } from "@/lib/filter/types";
import { useCollectionList, useDeleteRecord, type RecordPreview } from "./api";
import { BulkActions } from "./bulk-actions";
import { readListQuery } from "./query-keys";
import { FilterBar } from "./filter-bar";
import { StatusBadges } from "./status-badges";
import { replaceAddress } from "@/lib/admin/replace-address";

const PAGE_SIZES = [20, 50, 100];

/** The list of one collection: filter bar, sortable table, paging; its state lives in the address. */
export function CollectionScreen({ collection, spec }: { collection: AdminCollection; spec: FilterSpec }) {
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const search = searchParams.toString();
  const { query, queryString, isValid } = useMemo(() => readListQuery(new URLSearchParams(search), spec), [search, spec]);
  const list = useCollectionList(collection, queryString);
  const remove = useDeleteRecord(collection);
  const toast = useToast();
  const [pendingDelete, setPendingDelete] = useState<RecordPreview>();
  // Rows selected for a bulk action, on the page they were selected on (another view starts empty).
  const [selection, setSelection] = useState<{ view: string; ids: string[] }>({ view: "", ids: [] });

  const navigate = (partial: Partial<FilterQuery>) => {
    const next = buildFilterQueryString({ ...query, ...partial }, spec);
    replaceAddress(next ? `${pathname}?${next}` : pathname);
  };
  const applyFilters = (where: FilterCondition[]) => navigate({ where, offset: 0 });

  const titleOf = (row: RecordPreview) => String(row[collection.titleField] ?? "") || `#${row.id}`;
  // Translators may edit texts but neither create nor delete records (the API answers 403).
  const { role } = useAdmin();
  const canCreateAndDelete = role !== "translator";
  const isEditable = collection.editable;
  const sort = query.order[0];
  const total = list.data?.total ?? 0;
  const rows = list.data?.data ?? [];
  const selected = selection.view === queryString ? selection.ids.filter((id) => rows.some((row) => String(row.id) === id)) : [];
  const toggle = (id: string, on: boolean) => setSelection({ view: queryString, ids: on ? [...selected, id] : selected.filter((other) => other !== id) });
  const allSelected = rows.length > 0 && selected.length === rows.length;
  const first = total === 0 ? 0 : query.offset + 1;
  const last = Math.min(query.offset + query.limit, total);

  // A column whose field the API can order by sorts on a click: ascending first, then the other way.
  const sortProps = (field: string): { sort?: SortDirection; onSort?: () => void } => {
    if (!(field in spec.order)) return {};
    const isCurrent = sort?.field === field;
    const direction = isCurrent && sort.direction === "asc" ? "desc" : "asc";
    return {
      sort: isCurrent ? (sort.direction === "asc" ? "ascending" : "descending") : undefined,
      onSort: () => navigate({ order: [{ field, direction }], offset: 0 }),
    };
  };

  const confirmDelete = () => {
    const row = pendingDelete;
    setPendingDelete(undefined);
    if (!row) return;
    const label = titleOf(row);
    remove.mutate(
      { id: String(row.id), label },
      {
        onSuccess: () => toast.show(`Deleted “${label}”.`),
        onError: (error) => toast.show(`Could not delete “${label}”: ${describeError(error)}`, "error"),
      },
    );
  };

  return (
    // Not a named region: the table's scrolling region already carries the collection's name, and two
    // landmarks of one name are ambiguous (axe landmark-unique).
    <section className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="collection-heading" className="text-2xl font-semibold">
          {collection.label}
        </h1>
        {isEditable && canCreateAndDelete ? (
          <Link href={`/admin/content/${collection.slug}/new`} className="rounded-md bg-blue-700 px-3 py-2 text-sm font-medium text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600">
            New {collection.singular}
          </Link>
        ) : null}
      </div>
      {!isValid ? <Notice>This address holds a filter the list cannot use; showing everything instead.</Notice> : null}
      <FilterBar spec={spec} query={query} onApply={applyFilters} />

      <div className="flex flex-wrap items-end justify-between gap-3 text-sm">
        <p aria-live="polite">{list.data ? (total === 0 ? "Nothing found." : `Showing ${first}–${last} of ${total}`) : "Loading…"}</p>
        <div className="flex flex-wrap items-center gap-3">
          <label className="flex items-center gap-2">
            Sort by
            <select
              value={sort ? `${sort.field}:${sort.direction}` : ""}
              onChange={(event) => {
                const [field, direction] = event.target.value.split(":");
                if (field && (direction === "asc" || direction === "desc")) navigate({ order: [{ field, direction }], offset: 0 });
              }}
              className="rounded-md border border-slate-300 bg-white px-2 py-1"
            >
              {Object.keys(spec.order).flatMap((field) =>
                (["asc", "desc"] as const).map((direction) => (
                  <option key={`${field}:${direction}`} value={`${field}:${direction}`}>
                    {field.replace(/_/g, " ")} ({direction === "asc" ? "ascending" : "descending"})
                  </option>
                )),
              )}
            </select>
          </label>
          <label className="flex items-center gap-2">
            Per page
            <select value={query.limit} onChange={(event) => navigate({ limit: Number(event.target.value), offset: 0 })} className="rounded-md border border-slate-300 bg-white px-2 py-1">
              {(PAGE_SIZES.includes(query.limit) ? PAGE_SIZES : [...PAGE_SIZES, query.limit]).map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </label>
        </div>
      </div>

      {list.isError ? <Notice tone="error">{describeError(list.error)}</Notice> : null}
      {canCreateAndDelete && selected.length > 0 ? (
        <BulkActions collection={collection} selected={selected} titles={new Map(rows.map((row) => [String(row.id), titleOf(row)]))} onDone={() => setSelection({ view: "", ids: [] })} />
      ) : null}

      <Table
        caption={collection.label}
        head={
          <>
            {canCreateAndDelete ? (
              <HeaderCell>
                <input
                  type="checkbox"
                  aria-label="Select every row on this page"
                  checked={allSelected}
                  disabled={rows.length === 0}
                  onChange={(event) => setSelection({ view: queryString, ids: event.target.checked ? rows.map((row) => String(row.id)) : [] })}
                  className="size-4"
                />
              </HeaderCell>
            ) : null}
            <HeaderCell {...sortProps(collection.titleField)}>{collection.titleField === "title" ? "Title" : "Name"}</HeaderCell>
            <HeaderCell {...sortProps("slug")}>Slug</HeaderCell>
            {collection.kind === "publishable" ? <HeaderCell>Status</HeaderCell> : null}
            {collection.kind !== "lookup" ? <HeaderCell>Translations</HeaderCell> : null}
            <HeaderCell hidden>Actions</HeaderCell>
          </>
        }
      >
        {rows.map((row) => {
          const title = titleOf(row);
          return (
            <Row key={String(row.id)}>
              {canCreateAndDelete ? (
                <Cell>
                  <input type="checkbox" aria-label={`Select ${title}`} checked={selected.includes(String(row.id))} onChange={(event) => toggle(String(row.id), event.target.checked)} className="size-4" />
                </Cell>
              ) : null}
              <Cell className="font-medium">
                {isEditable ? (
                  <Link href={`/admin/content/${collection.slug}/${row.id}`} className="text-blue-800 underline-offset-2 hover:underline">
                    {title}
                  </Link>
                ) : (
                  title
                )}
              </Cell>
              <Cell className="text-slate-700">{row.slug}</Cell>
              {collection.kind === "publishable" ? (
                <Cell>
                  <StatusBadges status={row.status} />
                </Cell>
              ) : null}
              {collection.kind !== "lookup" ? (
                <Cell>
                  <TranslationBadges entries={row.translation_status} />
                </Cell>
              ) : null}
              <Cell className="text-right whitespace-nowrap">
                {isEditable ? (
                  <Link href={`/admin/content/${collection.slug}/${row.id}`} aria-label={`Edit ${title}`} className="mr-2 rounded px-2 py-1 text-blue-800 hover:bg-blue-50">
                    Edit
                  </Link>
                ) : null}
                <Link href={`/admin/translations/${collection.slug}/${row.id}`} aria-label={`Translate ${title}`} className="mr-2 rounded px-2 py-1 text-blue-800 hover:bg-blue-50">
                  Translate
                </Link>
                {canCreateAndDelete && collection.undeletable && row[collection.undeletable.field] === true ? (
                  <span className="inline-block max-w-56 align-middle text-xs whitespace-normal text-slate-600">{collection.undeletable.reason}</span>
                ) : canCreateAndDelete ? (
                  <Button variant="ghost" aria-label={`Delete ${title}`} onClick={() => setPendingDelete(row)}>
                    Delete
                  </Button>
                ) : null}
              </Cell>
            </Row>
          );
        })}
      </Table>

      <nav aria-label="Pages" className="flex items-center justify-end gap-2">
        <Button variant="secondary" disabled={query.offset === 0} onClick={() => navigate({ offset: Math.max(0, query.offset - query.limit) })}>
          Previous page
        </Button>
        <Button variant="secondary" disabled={query.offset + query.limit >= total} onClick={() => navigate({ offset: query.offset + query.limit })}>
          Next page
        </Button>
      </nav>

      <ConfirmDialog open={pendingDelete !== undefined} title={`Delete ${collection.singular}?`} confirmLabel="Delete" onConfirm={confirmDelete} onCancel={() => setPendingDelete(undefined)}>
        <p>“{pendingDelete ? titleOf(pendingDelete) : ""}” will be deleted for every language. This cannot be undone.</p>
      </ConfirmDialog>
    </section>
  );
}

const TRANSLATION_TONES = { full: "success", partial: "warning", none: "danger" } as const;

function TranslationBadges({ entries }: { entries: unknown }) {
  const list = Array.isArray(entries) ? (entries as { locale: string; status: string }[]) : [];
  return (
    <span className="flex flex-wrap gap-1">
      {list.map((entry) => (
        <Badge key={entry.locale} tone={TRANSLATION_TONES[entry.status as keyof typeof TRANSLATION_TONES] ?? "neutral"} title={`${entry.locale}: ${entry.status} translation`}>
          {entry.locale} {entry.status}
        </Badge>
      ))}
    </span>
  );
}

