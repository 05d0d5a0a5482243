"use client";

import { useId, useState } from "react";
import { Notice } from "@/components/ui/notice";
import { describeError } from "@/lib/admin/api-client";
import { useLookupOptions } from "./api";

/**
 * Chooses records of a lookup collection (types, goals, body parts, content packages): the chosen ones
 * as checked boxes on top, the others filtered as you type.
 */
export function LookupPicker<Id extends number | string>({
  apiPath,
  label,
  value,
  onChange,
  error,
}: {
  apiPath: string;
  label: string;
  value: readonly Id[];
  onChange: (value: Id[]) => void;
  error?: string;
}) {
  const options = useLookupOptions(apiPath);
  const [filter, setFilter] = useState("");
  const filterId = useId();
  const chosen = new Set<Id>(value);
  const all = (options.data ?? []) as { id: Id; name: string }[];
  const needle = filter.trim().toLowerCase();
  const shown = all.filter((option) => chosen.has(option.id) || (needle !== "" && option.name.toLowerCase().includes(needle)) || (needle === "" && all.length <= 12));
  const toggle = (id: Id, isOn: boolean) => onChange(isOn ? [...value, id] : value.filter((entry) => entry !== id));
  return (
    <fieldset className="space-y-2 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold">{label}</legend>
      {options.isError ? <Notice tone="error">{describeError(options.error)}</Notice> : null}
      {all.length > 12 ? (
        <div>
          <label htmlFor={filterId} className="block text-sm text-slate-700">
            Find {label.toLowerCase()}
          </label>
          <input id={filterId} type="search" value={filter} onChange={(event) => setFilter(event.target.value)} className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1 text-sm focus:outline-2 focus:outline-blue-600" />
        </div>
      ) : null}
      <ul className="flex flex-wrap gap-x-4 gap-y-1">
        {shown.map((option) => (
          <li key={String(option.id)}>
            <label className="inline-flex items-center gap-1 text-sm">
              <input type="checkbox" checked={chosen.has(option.id)} onChange={(event) => toggle(option.id, event.target.checked)} />
              {option.name}
            </label>
          </li>
        ))}
      </ul>
      {options.isSuccess && all.length === 0 ? <p className="text-sm text-slate-600">None defined yet.</p> : null}
      {error ? <p className="text-sm text-rose-700">{error}</p> : null}
    </fieldset>
  );
}
