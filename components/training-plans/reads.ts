// Isomorphic: the plan editor's hooks and the editor page's first paint on the server (ADR 9, "Data on
// first paint") read the grid's workouts and on-demand items under the same keys and API addresses.

/** What the grid shows of a referenced workout or on-demand item. */
export type ActivityPreview = { id: string; title: string; status: Record<string, string> | undefined };
export type ReferenceKind = "workouts" | "on-demand";

/** A list row as the API answers it. */
export type PreviewRow = { id: string; title?: string; status?: Record<string, string> };

/** The list endpoints' page limit: ids are asked for in pages this size. */
const IDS_PER_REQUEST = 250;

export function previewOf(row: PreviewRow): ActivityPreview {
  return { id: row.id, title: row.title || row.id, status: row.status };
}

/**
 * The previews of the workouts or on-demand items a plan references, in `language` (the editor's
 * focused language; the API answers the default language's title where that language has none): one
 * request per 250 distinct ids. The query holds a Map from id to preview.
 */
export function activityPreviewsRead(kind: ReferenceKind, ids: readonly string[], language: string): { key: readonly unknown[]; paths: string[]; language: string } {
  const unique = [...new Set(ids)].sort();
  const paths: string[] = [];
  for (let start = 0; start < unique.length; start += IDS_PER_REQUEST) {
    const chunk = unique.slice(start, start + IDS_PER_REQUEST);
    paths.push(`/content/${kind}?${new URLSearchParams({ "filter[where][id][in]": chunk.join(","), "filter[limit]": String(chunk.length) }).toString()}`);
  }
  return { key: ["content", kind, "by-ids", language, unique.join(",")], paths, language };
}

/** The ids of the workouts or on-demand items the stored plan's weeks reference (as the grid reads them). */
export function referencedIdsOf(weeks: unknown, kind: ReferenceKind): string[] {
  if (!Array.isArray(weeks)) return [];
  type ApiActivity = { type?: string; id?: string };
  return (weeks as { days?: { activities?: ApiActivity[] }[] }[]).flatMap((week) =>
    (week.days ?? []).slice(0, 7).flatMap((day) => (day.activities ?? []).filter((activity) => activity.type === kind).map((activity) => activity.id ?? "")),
  );
}
