"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { confirmLeavingUnsavedChanges } from "@/components/collections/use-unsaved-changes-warning";
import { useAdmin } from "@/lib/admin/admin-context";
import { apiRequest } from "@/lib/admin/api-client";
import { ADMIN_COLLECTIONS } from "@/lib/admin/collections";
import { adminScreenGroups } from "@/lib/admin/screens";
import type { EquipmentPreview } from "@/lib/equipment/schemas";
import type { ExercisePreview } from "@/lib/exercises/schemas";
import type { Instructor } from "@/lib/instructors/schemas";

/** One entry the palette offers: a record, a screen or an action, each an address to open. */
type PaletteEntry = { id: string; label: string; kind: string; href: string };

type SearchAnswer = { results: { collection: string; entity_id: string; title: string }[] };
/** A list page of the collections in LISTED: their previews' names are plain strings in the response language. */
type ListAnswer = { data: (ExercisePreview | Instructor | EquipmentPreview)[] };

/** The collections the API's search covers, and the admin collection each result opens in. */
const SEARCHED: { collection: string; limit: number; adminSlug: string; kind: string }[] = [
  { collection: "workouts", limit: 5, adminSlug: "workouts", kind: "Workout" },
  { collection: "training-plans", limit: 5, adminSlug: "training-plans", kind: "Training plan" },
  { collection: "video", limit: 3, adminSlug: "on-demand", kind: "On-demand video" },
  { collection: "audio", limit: 3, adminSlug: "on-demand", kind: "On-demand audio" },
];
/** Collections outside the API's search, found by their list's `q` filter (ADR 9, "Command palette"). */
const LISTED: { apiPath: string; adminSlug: string; kind: string }[] = [
  { apiPath: "exercises", adminSlug: "exercises", kind: "Exercise" },
  { apiPath: "instructors", adminSlug: "instructors", kind: "Instructor" },
  { apiPath: "equipment", adminSlug: "equipment", kind: "Equipment" },
];
const MIN_RECORD_QUERY = 2;
const DEBOUNCE_MS = 150;

async function findRecords(q: string, signal: AbortSignal): Promise<PaletteEntry[]> {
  const search = apiRequest<SearchAnswer>("/content/search", {
    method: "POST",
    body: { q, cursors: SEARCHED.map(({ collection, limit }) => ({ collection, offset: 0, limit })) },
    signal,
  }).then(({ data }) =>
    data.results.map((result) => {
      const source = SEARCHED.find((candidate) => candidate.collection === result.collection)!;
      return { id: `record:${result.entity_id}`, label: result.title, kind: source.kind, href: `/admin/content/${source.adminSlug}/${result.entity_id}` };
    }),
  );
  const lists = LISTED.map(({ apiPath, adminSlug, kind }) =>
    apiRequest<ListAnswer>(`/content/${apiPath}?filter[where][q]=${encodeURIComponent(q)}&filter[limit]=3`, { signal }).then(({ data }) =>
      data.data.map((row) => ({ id: `record:${adminSlug}:${row.id}`, label: row.name, kind, href: `/admin/content/${adminSlug}/${row.id}` })),
    ),
  );
  // A collection that fails (say, a translator's missing right) leaves the others' results standing.
  const settled = await Promise.allSettled([search, ...lists]);
  return settled.flatMap((outcome) => (outcome.status === "fulfilled" ? outcome.value : []));
}

function matches(label: string, q: string): boolean {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  const text = label.toLowerCase();
  return words.every((word) => text.includes(word));
}

/** The value of `value` once it has stopped changing for `delay` ms. */
function useSettled<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * Ctrl+K (⌘K on macOS) from any admin page: one search box that finds records of every collection, the
 * admin's screens and its actions. The ARIA combobox pattern: the input keeps focus, arrow keys move the
 * active option, Enter opens it, Escape closes (ADR 9).
 */
export function CommandPalette() {
  const { role } = useAdmin();
  const router = useRouter();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState("");
  const [active, setActive] = useState(0);
  const listId = useId();
  const titleId = useId();
  const settledQ = useSettled(q.trim(), DEBOUNCE_MS);

  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === "k") {
        event.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      inputRef.current?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const fixed = useMemo<PaletteEntry[]>(() => {
    const screens = adminScreenGroups(role).flatMap((group) => group.links.map((link) => ({ id: `screen:${link.href}`, label: link.label, kind: "Screen", href: link.href })));
    const home = { id: "screen:/admin", label: "Home", kind: "Screen", href: "/admin" };
    // Translators edit the texts of existing records only: no "New …" actions for them.
    const actions =
      role === "translator"
        ? []
        : ADMIN_COLLECTIONS.filter((collection) => collection.editable).map((collection) => ({
            id: `action:new:${collection.slug}`,
            label: `New ${collection.singular}`,
            kind: "Action",
            href: `/admin/content/${collection.slug}/new`,
          }));
    return [home, ...screens, ...actions];
  }, [role]);

  const records = useQuery({
    queryKey: ["command-palette", settledQ],
    enabled: open && settledQ.length >= MIN_RECORD_QUERY,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => findRecords(settledQ, signal),
  });

  const trimmed = q.trim();
  const entries = useMemo(() => {
    const found = trimmed.length >= MIN_RECORD_QUERY && settledQ === trimmed ? (records.data ?? []) : [];
    const offered = trimmed ? fixed.filter((entry) => matches(entry.label, trimmed)) : fixed;
    return [...found, ...offered].slice(0, 50);
  }, [fixed, records.data, settledQ, trimmed]);
  const activeIndex = Math.min(active, Math.max(entries.length - 1, 0));
  const activeEntry = entries[activeIndex];

  const close = () => {
    setOpen(false);
    setQ("");
    setActive(0);
  };
  const choose = (entry: PaletteEntry) => {
    close();
    // Unsaved changes of the page's form are asked about, as a link click would be.
    if (confirmLeavingUnsavedChanges()) router.push(entry.href);
  };
  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (entries.length === 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((activeIndex + step + entries.length) % entries.length);
    } else if (event.key === "Home" && event.ctrlKey) {
      setActive(0);
    } else if (event.key === "Enter") {
      event.preventDefault();
      if (activeEntry) choose(activeEntry);
    }
  };
  const optionId = (index: number) => `${listId}-option-${index}`;
  const isSearching = trimmed.length >= MIN_RECORD_QUERY && (settledQ !== trimmed || records.isFetching);

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-keyshortcuts="Control+K Meta+K"
        className="rounded-md border border-slate-300 px-3 py-1.5 text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-600"
      >
        Search or jump to… <kbd className="ml-2 rounded border border-slate-300 px-1 text-xs text-slate-600">Ctrl K</kbd>
      </button>
      <dialog
        ref={dialogRef}
        aria-labelledby={titleId}
        onCancel={(event) => {
          event.preventDefault();
          close();
        }}
        onClick={(event) => {
          // A click on the backdrop (the dialog element itself, outside its box) closes it.
          if (event.target === dialogRef.current) close();
        }}
        className="mx-auto mt-[12vh] w-[36rem] max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/40"
      >
        {open ? (
          <div className="p-3">
            <h2 id={titleId} className="sr-only">
              Command palette
            </h2>
            <input
              ref={inputRef}
              type="text"
              role="combobox"
              aria-label="Search records, screens and actions"
              aria-expanded={entries.length > 0}
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={activeEntry ? optionId(activeIndex) : undefined}
              autoComplete="off"
              spellCheck={false}
              value={q}
              onChange={(event) => {
                setQ(event.target.value);
                setActive(0);
              }}
              onKeyDown={onInputKeyDown}
              placeholder="Search records, screens and actions"
              className="w-full rounded-md border border-slate-300 px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-blue-600"
            />
            <p className="sr-only" aria-live="polite">
              {isSearching ? "Searching…" : `${entries.length} results`}
            </p>
            <ul id={listId} role="listbox" aria-label="Results" className="mt-2 max-h-[50vh] overflow-y-auto">
              {entries.map((entry, index) => (
                <li
                  key={entry.id}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === activeIndex}
                  onMouseMove={() => setActive(index)}
                  onClick={() => choose(entry)}
                  className={`flex cursor-pointer items-center justify-between gap-3 rounded-md px-3 py-2 text-sm ${index === activeIndex ? "bg-blue-50 text-blue-900" : "text-slate-800"}`}
                >
                  <span className="truncate">{entry.label}</span>
                  <span className="shrink-0 text-xs text-slate-600">{entry.kind}</span>
                </li>
              ))}
            </ul>
            {entries.length === 0 && !isSearching ? <p className="px-3 py-2 text-sm text-slate-600">Nothing matches “{trimmed}”.</p> : null}
            <p className="mt-2 border-t border-slate-100 px-3 pt-2 text-xs text-slate-600">↑ ↓ to move · Enter to open · Esc to close</p>
          </div>
        ) : null}
      </dialog>
    </>
  );
}
