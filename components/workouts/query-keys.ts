// Isomorphic: the workout editor's hooks (api.ts) and the editor page's first paint on the server
// (docs/decisions/0009, "Data on first paint") build the same keys and API addresses.

/** Equipment is read whole, this many at a time. */
export const LOOKUP_PAGE = 250;

export const workoutEditorKeys = {
  equipment: () => ["workout-editor", "lookup", "equipment"] as const,
  exercise: (id: string) => ["workout-editor", "exercise", id] as const,
};

/** Every equipment record (names in the content language), by name: the first page of `pagePath(offset)`. */
export const EQUIPMENT_PATH = "/content/equipment?filter[order][name]=asc";

export function pagePath(path: string, offset: number): string {
  return `${path}${path.includes("?") ? "&" : "?"}filter[limit]=${LOOKUP_PAGE}&filter[offset]=${offset}`;
}

export function exercisePath(id: string): string {
  return `/content/exercises/${encodeURIComponent(id)}`;
}
