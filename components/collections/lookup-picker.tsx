"use client";

import { useQuery } from "@tanstack/react-query";
import { forwardRef, useEffect, useId, useState, type KeyboardEvent } from "react";
import { Button } from "@/components/ui/button";
import { FieldMessage } from "@/components/ui/field";
import { useAdmin } from "@/lib/admin/admin-context";
import { apiRequest, describeError } from "@/lib/admin/api-client";
import { useContentLanguage } from "@/lib/admin/content-language";
import { chosenLabelsRead } from "./lookup-fields";

type Option = { value: string | number; label: string };
type Row = Record<string, unknown>;

const PAGE = 10;
const SEARCH_DELAY_MS = 200;

type LookupPickerProps = {
  /** The field's label; the search box is named "<label>" and the chosen items "Remove <label>: <item>". */
  label: string;
  /** The list endpoint under /api/v3, e.g. "/content/muscle-groups"; it must take `filter[where][q][contains]`. */
  apiPath: string;
  /** The chosen values: ids (or `valueKey`s) in order. */
  value: readonly (string | number)[];
  onChange: (value: (string | number)[]) => void;
  /** At most one value (a single choice). */
  single?: boolean;
  /** The row field that is the value (default `id`); labels of chosen values are looked up with `filter[where][<valueKey>][in]`. */
  valueKey?: string;
  /** The row field shown (default `name`). */
  labelKey?: string;
  /** Chosen labels are read from `<apiPath>/<value>`, for lists without an id filter (meant for single choices). */
  readsChosenOneByOne?: boolean;
  error?: string;
  hint?: string;
  onBlur?: () => void;
};

function labelOf(row: Row, labelKey: string): string {
  const label = row[labelKey] ?? row.name ?? row.title;
  return typeof label === "string" && label ? label : String(row.id);
}

/** Rows of a list endpoint, searched as one types (one page; the API does the searching). */
function useSearch(apiPath: string, text: string, enabled: boolean) {
  const { languages, defaultLanguage } = useAdmin();
  const language = useContentLanguage(languages, defaultLanguage);
  const [query, setQuery] = useState(text);
  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(text.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text]);
  const search = new URLSearchParams({ "filter[limit]": String(PAGE) });
  if (query) search.set("filter[where][q][contains]", query);
  const result = useQuery({
    queryKey: ["picker", apiPath, language, query],
    enabled,
    queryFn: async ({ signal }) => (await apiRequest<{ data: Row[]; total: number }>(`${apiPath}?${search.toString()}`, { signal })).data,
    placeholderData: (previous) => previous,
  });
  // The rows shown may still answer an earlier text while the next search waits or runs.
  return { ...result, isStale: query !== text.trim() || result.isPlaceholderData };
}

/** The labels of the chosen values, read in one request (not one per value). */
function useChosenLabels(apiPath: string, values: readonly (string | number)[], valueKey: string, labelKey: string, known: Map<string, string>, oneByOne: boolean) {
  const { languages, defaultLanguage } = useAdmin();
  const language = useContentLanguage(languages, defaultLanguage);
  const missing = values.filter((value) => !known.has(String(value)));
  const read = chosenLabelsRead({ apiPath, valueKey, readsChosenOneByOne: oneByOne }, missing, language);
  const result = useQuery({
    queryKey: read.key,
    enabled: missing.length > 0,
    staleTime: 60_000,
    queryFn: async ({ signal }) =>
      oneByOne
        ? Promise.all(read.paths.map(async (path) => (await apiRequest<Row>(path, { signal })).data))
        : (await apiRequest<{ data: Row[] }>(read.paths[0] ?? apiPath, { signal })).data.data,
  });
  const labels = new Map(known);
  for (const row of result.data ?? []) labels.set(String(row[valueKey]), labelOf(row, labelKey));
  return labels;
}

/**
 * A lookup picker: a combobox that searches a list endpoint as one types (arrows, Enter, Escape), the
 * chosen items as removable chips. For react-hook-form, wrap it in a Controller and pass `field.ref`.
 */
export const LookupPicker = forwardRef<HTMLInputElement, LookupPickerProps>(function LookupPicker(
  { label, apiPath, value, onChange, single = false, valueKey = "id", labelKey = "name", readsChosenOneByOne = false, error, hint, onBlur },
  ref,
) {
  const id = useId();
  const listId = `${id}-options`;
  const messageId = `${id}-message`;
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [known, setKnown] = useState(() => new Map<string, string>());
  const results = useSearch(apiPath, text, open);
  const labels = useChosenLabels(apiPath, value, valueKey, labelKey, known, readsChosenOneByOne);
  const chosen = new Set(value.map(String));
  const options: Option[] = (results.data?.data ?? [])
    .map((row) => ({ value: row[valueKey] as string | number, label: labelOf(row, labelKey) }))
    .filter((option) => option.value !== undefined && !chosen.has(String(option.value)));
  const activeIndex = Math.min(active, Math.max(0, options.length - 1));

  const pick = (option: Option) => {
    setKnown((current) => new Map(current).set(String(option.value), option.label));
    onChange(single ? [option.value] : [...value, option.value]);
    setText("");
    setActive(0);
    if (single) setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setOpen(true);
      setActive(Math.min(activeIndex + 1, options.length - 1));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive(Math.max(activeIndex - 1, 0));
    } else if (event.key === "Enter") {
      // Enter picks the highlighted option; it never submits the form from here.
      event.preventDefault();
      const option = options[activeIndex];
      if (open && option) pick(option);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  return (
    <div className="relative">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {value.length > 0 ? (
        <ul aria-label={`Chosen ${label.toLowerCase()}`} className="mt-1 flex flex-wrap gap-1">
          {value.map((item) => {
            const itemLabel = labels.get(String(item)) ?? `#${item}`;
            return (
              <li key={String(item)} className="inline-flex items-center gap-1 rounded bg-slate-100 py-0.5 pr-0.5 pl-2 text-sm ring-1 ring-slate-300">
                {itemLabel}
                <Button variant="ghost" className="px-1.5 py-0.5" aria-label={`Remove ${label}: ${itemLabel}`} onClick={() => onChange(value.filter((other) => other !== item))}>
                  ×
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <input
        ref={ref}
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && options[activeIndex] ? `${id}-option-${activeIndex}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? messageId : undefined}
        placeholder={single && value.length > 0 ? "Search to replace" : "Type to search"}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(0);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          onBlur?.();
        }}
        onKeyDown={onKeyDown}
        className={`mt-1 block w-full rounded-md border px-3 py-2 text-sm shadow-sm focus:outline-2 focus:outline-blue-600 ${error ? "border-rose-600" : "border-slate-300"}`}
      />
      <div hidden={!open} className="absolute z-20 mt-1 w-full rounded-md border border-slate-300 bg-white text-sm shadow-lg">
        <ul id={listId} role="listbox" aria-label={label} aria-busy={results.isStale} hidden={options.length === 0} className="max-h-60 overflow-auto py-1">
          {options.map((option, index) => (
            <li
              key={String(option.value)}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={index === activeIndex}
              // mousedown, not click: the input's blur would close the list before a click lands.
              onMouseDown={(event) => {
                event.preventDefault();
                pick(option);
              }}
              className={`cursor-pointer px-3 py-1.5 ${index === activeIndex ? "bg-blue-100 text-blue-950" : ""}`}
            >
              {option.label}
            </li>
          ))}
        </ul>
        {results.isError ? <p className="px-3 py-1.5 text-rose-700">{describeError(results.error)}</p> : null}
        {open && !results.data && !results.isError ? <p className="px-3 py-1.5 text-slate-600">Searching…</p> : null}
        {results.data && !results.isStale && options.length === 0 ? <p className="px-3 py-1.5 text-slate-600">{text.trim() ? "No matches." : "Nothing more to choose."}</p> : null}
      </div>
      <FieldMessage id={messageId} error={error} hint={hint} />
    </div>
  );
});
