/**
 * The records a structured field references (a workout's exercises, a plan's workouts and on-demand
 * items), each once with every place that names it. Pure and isomorphic: the admin's editors use it too.
 */

/** An id a record references, with every place (JSON Pointer) that references it. */
export type ReferenceGroup = { id: string; paths: string[] };

/** References grouped by id (compared in lower case, as ids are stored), keeping the order of first use. */
export function groupReferences(refs: readonly { id: string; path: string }[]): ReferenceGroup[] {
  const byId = new Map<string, ReferenceGroup>();
  for (const { id, path } of refs) {
    const key = id.toLowerCase();
    const use = byId.get(key);
    if (use) use.paths.push(path);
    else byId.set(key, { id: key, paths: [path] });
  }
  return [...byId.values()];
}
