import "server-only";
import { dehydrate, QueryClient, type DehydratedState } from "@tanstack/react-query";
import type { FullRecord } from "@/components/collections/api";
import { collectionKeys, recordPath } from "@/components/collections/query-keys";
import { EQUIPMENT_PATH, exercisePath, LOOKUP_PAGE, pagePath, workoutEditorKeys } from "@/components/workouts/query-keys";
import type { AdminCollection } from "@/lib/admin/collections";
import { addFirstPaint, type FirstPaintRead } from "@/lib/admin/first-paint";
import { getAdminOrganizationLanguages } from "@/lib/admin/get-admin-organization";
import { readApi } from "@/lib/admin/read-api";
import { phaseExerciseIds } from "@/lib/workouts/phase-walkers";
import type { PhaseOf } from "@/lib/workouts/phases";

type Page = { total: number; data: unknown[] };

/** The workout editor's equipment names: the whole list when one page holds it (else the browser pages through it). */
const equipmentRead: FirstPaintRead = {
  key: workoutEditorKeys.equipment(),
  path: pagePath(EQUIPMENT_PATH, 0),
  select: (response) => {
    const page = response.data as Page;
    return response.status === 200 && (page.data.length < LOOKUP_PAGE || page.data.length >= page.total) ? page.data : undefined;
  },
};

/** An exercise a workout uses; a deleted one is "missing", as the editor's own read reports it. */
function exerciseRead(id: string): FirstPaintRead {
  return {
    key: workoutEditorKeys.exercise(id),
    path: exercisePath(id),
    select: (response) => (response.status === 200 ? response.data : response.status === 404 ? { id, isMissing: true } : undefined),
  };
}

function recordRead(collection: AdminCollection, id: string, languages: readonly string[]): FirstPaintRead {
  return {
    key: collectionKeys.record(collection, id),
    path: recordPath(collection, id, languages),
    select: (response) => (response.status === 200 ? { record: response.data, etag: response.etag } : undefined),
  };
}

/** The record's name or title in the default language (the same read as the editor's, made once per request). */
export async function readRecordTitle(collection: AdminCollection, id: string, organizationCode: string | null): Promise<string | undefined> {
  const { languages, defaultLanguage } = await getAdminOrganizationLanguages(organizationCode);
  const response = await readApi<FullRecord>(recordRead(collection, id, languages).path);
  const text = response.status === 200 ? response.data[collection.titleField] : undefined;
  const title = text && typeof text === "object" ? (text as Record<string, unknown>)[defaultLanguage] : text;
  return typeof title === "string" && title ? title : undefined;
}

/**
 * What an editor shows on its first paint, read on the server (docs/decisions/0009, "Data on first
 * paint"): the record with every text and its ETag, as `useRecord` holds it, and for a workout the
 * names and equipment of the exercises it uses.
 */
export async function readEditorFirstPaint(collection: AdminCollection, id: string, organizationCode: string | null): Promise<DehydratedState> {
  const client = new QueryClient();
  const { languages } = await getAdminOrganizationLanguages(organizationCode);
  const isWorkout = collection.slug === "workouts";
  const record = recordRead(collection, id, languages);
  const [answer] = await addFirstPaint(client, isWorkout ? [record, equipmentRead] : [record]);
  if (isWorkout && answer?.status === 200) {
    const phases = (answer.data as FullRecord).phases as PhaseOf<unknown>[] | undefined;
    await addFirstPaint(client, phaseExerciseIds(phases ?? []).map((use) => exerciseRead(use.id)));
  }
  return dehydrate(client);
}
