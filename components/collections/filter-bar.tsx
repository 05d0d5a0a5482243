"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import type { FilterCondition, FilterOperator, FilterQuery, FilterSpec } from "@/lib/filter/types";
import { CONTENT_STATUSES } from "@/lib/filter/types";

/** The fields the bar offers: free text, the title-like texts and every field with a closed set of values. */
type BarField = { field: string; label: string; kind: "text" | "choice"; operator: FilterOperator; values: readonly string[] };

const TEXT_FIELDS = ["q", "name", "title", "slug"];
const LABELS: Record<string, string> = { q: "Search", name: "Name contains", title: "Title contains", slug: "Slug contains" };

function pickOperator(operators: readonly FilterOperator[], preferred: FilterOperator[]): FilterOperator | undefined {
  return preferred.find((operator) => operators.includes(operator));
}

export function barFields(spec: FilterSpec): BarField[] {
  const fields: BarField[] = [];
  for (const [field, fieldSpec] of Object.entries(spec.fields)) {
    if (TEXT_FIELDS.includes(field) && fieldSpec.type === "string") {
      const operator = pickOperator(fieldSpec.operators, ["contains", "eq"]);
      if (operator) fields.push({ field, label: LABELS[field] ?? field, kind: "text", operator, values: [] });
    } else if (fieldSpec.type === "enum" || fieldSpec.type === "status" || fieldSpec.type === "boolean") {
      const operator = pickOperator(fieldSpec.operators, ["eq", "in"]);
      const values = fieldSpec.type === "status" ? CONTENT_STATUSES : fieldSpec.type === "boolean" ? ["true", "false"] : (fieldSpec.values ?? []);
      if (operator) fields.push({ field, label: humanize(field), kind: "choice", operator, values });
    }
  }
  // Free text first: it is what people reach for.
  return fields.sort((a, b) => Number(b.field === "q") - Number(a.field === "q"));
}

function humanize(field: string): string {
  const words = field.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Edits the conditions of the bar's fields and hands back a query; conditions it does not show (say, from
 * a shared link filtering by id) are kept as they are.
 */
export function FilterBar({ spec, query, onApply }: { spec: FilterSpec; query: FilterQuery; onApply: (where: FilterCondition[]) => void }) {
  const fields = barFields(spec);
  const current = (field: string) => query.where.find((condition) => condition.field === field)?.values.join(",") ?? "";
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(fields.map(({ field }) => [field, current(field)])));
  const [lastQuery, setLastQuery] = useState(query);
  // The URL changed under the bar (back button, a shared link): show what it says.
  if (lastQuery !== query) {
    setLastQuery(query);
    setValues(Object.fromEntries(fields.map(({ field }) => [field, current(field)])));
  }

  const apply = (next: Record<string, string>) => {
    const managed = new Set(fields.map(({ field }) => field));
    const kept = query.where.filter((condition) => !managed.has(condition.field));
    const edited = fields.flatMap(({ field, operator }) => {
      const value = next[field]?.trim() ?? "";
      return value ? [{ field, operator, values: [value] }] : [];
    });
    onApply([...kept, ...edited]);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    apply(values);
  };

  return (
    <form role="search" aria-label="Filters" onSubmit={onSubmit} className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3">
      {fields.map(({ field, label, kind, values: choices }) =>
        kind === "text" ? (
          <Field
            key={field}
            label={label}
            type="search"
            className="w-48"
            value={values[field] ?? ""}
            onChange={(event) => setValues((previous) => ({ ...previous, [field]: event.target.value }))}
          />
        ) : (
          <Select key={field} label={label} className="w-40" value={values[field] ?? ""} onChange={(event) => setValues((previous) => ({ ...previous, [field]: event.target.value }))}>
            <option value="">Any</option>
            {choices.map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </Select>
        ),
      )}
      <div className="flex gap-2">
        <Button type="submit">Apply filters</Button>
        <Button
          variant="secondary"
          onClick={() => {
            const cleared = Object.fromEntries(fields.map(({ field }) => [field, ""]));
            setValues(cleared);
            apply(cleared);
          }}
        >
          Clear
        </Button>
      </div>
    </form>
  );
}
