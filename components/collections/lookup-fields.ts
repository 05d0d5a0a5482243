// Isomorphic: the editors' lookup pickers (client) and the editor page's first paint on the server (ADR
// 9, "Data on first paint") read the chosen values' labels under the same keys and API addresses.

/** Where a lookup field's values come from: `LookupPicker`'s props of the same names. */
export type LookupSource = {
  /** The list endpoint under /api/v3; it must take `filter[where][q][contains]`. */
  apiPath: string;
  /** At most one value. */
  single?: boolean;
  /** The row field that is the value (default `id`). */
  valueKey?: string;
  /** The row field shown (default `name`). */
  labelKey?: string;
  /** Chosen labels are read from `<apiPath>/<value>`, for lists without an id filter. */
  readsChosenOneByOne?: boolean;
};

const CATEGORIES = { apiPath: "/content/categories" };
const GOALS = { apiPath: "/content/goals" };
const PACKAGES = { apiPath: "/content/packages" };
const EQUIPMENT = { apiPath: "/content/equipment" };

/** Each editor's lookup fields (by the record's field name) and where their values come from. */
export const EDITOR_LOOKUPS = {
  exercises: { muscle_groups: { apiPath: "/content/muscle-groups" }, equipment: EQUIPMENT, types: CATEGORIES },
  workouts: { types: CATEGORIES, goals: GOALS, body_parts: { apiPath: "/content/body-parts" }, content_packages: PACKAGES },
  "training-plans": { goals: GOALS, types: CATEGORIES, content_packages: PACKAGES },
  "on-demand": {
    instructor_id: { apiPath: "/content/instructors", single: true },
    content_provider: { apiPath: "/content/providers", single: true },
    categories: { ...CATEGORIES, valueKey: "uuid" },
    equipment: EQUIPMENT,
    goals: GOALS,
    content_packages: PACKAGES,
  },
  equipment: { brand_id: { apiPath: "/content/equipment/brands", single: true }, categories: { apiPath: "/content/equipment/categories" } },
  instructors: { user_id: { apiPath: "/users", labelKey: "email", single: true, readsChosenOneByOne: true } },
} as const satisfies Record<string, Record<string, LookupSource>>;

/** A lookup field's values as the record holds them (a list, or one value or none). */
export function lookupValuesOf(value: unknown): (string | number)[] {
  const values = Array.isArray(value) ? value : value === null || value === undefined || value === "" ? [] : [value];
  return values.filter((item): item is string | number => typeof item === "string" || typeof item === "number");
}

/**
 * The read of the labels of chosen values not known yet (in the content language): one list request
 * (`filter[where][<valueKey>][in]`), or one request per value. Its query holds the rows.
 */
export function chosenLabelsRead(source: LookupSource, values: readonly (string | number)[], language: string): { key: readonly unknown[]; paths: string[] } {
  const valueKey = source.valueKey ?? "id";
  const key = ["picker", source.apiPath, language, "chosen", valueKey, values.map(String).sort().join(",")] as const;
  if (source.readsChosenOneByOne) return { key, paths: values.map((value) => `${source.apiPath}/${encodeURIComponent(String(value))}`) };
  const search = new URLSearchParams({ [`filter[where][${valueKey}][in]`]: values.join(","), "filter[limit]": String(Math.min(250, Math.max(1, values.length))) });
  return { key, paths: [`${source.apiPath}?${search.toString()}`] };
}
