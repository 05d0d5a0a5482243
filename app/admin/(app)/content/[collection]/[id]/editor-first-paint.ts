import "server-only";
import { dehydrate, QueryClient, type DehydratedState } from "@tanstack/react-query";
import type { FullRecord } from "@/components/collections/api";
import { focusedLanguageOf } from "@/components/collections/language-focus";
import { chosenLabelsRead, EDITOR_LOOKUPS, lookupValuesOf, type LookupSource } from "@/components/collections/lookup-fields";
import { mediaUploadRead } from "@/components/media/reads";
import { activityPreviewsRead, previewOf, referencedIdsOf, type PreviewRow, type ReferenceKind } from "@/components/training-plans/reads";
import { versionsRead } from "@/components/versions/reads";
import { EQUIPMENT_PATH, exercisePath, LOOKUP_PAGE, pagePath, workoutEditorKeys } from "@/components/workouts/query-keys";
import type { AdminSessionUser } from "@/lib/admin-session/get-admin-session";
import type { AdminCollection } from "@/lib/admin/collections";
import { addFirstPaint, getAdminContentLanguage, getAdminViewer, type FirstPaintRead } from "@/lib/admin/first-paint";
import { readApi } from "@/lib/admin/read-api";
import { recordRead } from "@/lib/admin/record-first-paint";
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

/**
 * Reads whose query data is made of several answers (one per path): the query is set only when every
 * answer is a 200, else it is left to the browser.
 */
type CombinedRead = { key: readonly unknown[]; paths: string[]; language?: string; combine: (bodies: unknown[]) => unknown };

async function addCombined(client: QueryClient, reads: readonly CombinedRead[]): Promise<void> {
  await Promise.all(
    reads.map(async (read) => {
      const answers = await Promise.all(read.paths.map((path) => readApi(path, read.language)));
      if (answers.every((answer) => answer.status === 200)) client.setQueryData(read.key, read.combine(answers.map((answer) => answer.data)));
    }),
  );
}

/** The labels of the lookup values the record holds, as each picker reads them (in the content language). */
function lookupLabelReads(collection: AdminCollection, record: FullRecord, language: string): CombinedRead[] {
  const fields: Record<string, LookupSource> = EDITOR_LOOKUPS[collection.slug as keyof typeof EDITOR_LOOKUPS] ?? {};
  return Object.entries(fields).flatMap(([field, source]) => {
    const values = lookupValuesOf(record[field]);
    if (values.length === 0) return [];
    const read = chosenLabelsRead(source, values, language);
    return [{ key: read.key, paths: read.paths, combine: (bodies) => (source.readsChosenOneByOne ? bodies : (bodies[0] as Page).data) }];
  });
}

/** The video and audio uploads among the record's own fields, whose panels show their processing and streams. */
function mediaReads(record: FullRecord): FirstPaintRead[] {
  return Object.values(record).flatMap((value) => {
    const upload = value as { id?: unknown; mime?: unknown } | null;
    const isMedia = !!upload && typeof upload === "object" && typeof upload.id === "string" && typeof upload.mime === "string" && !upload.mime.startsWith("image/");
    return isMedia ? [mediaUploadRead(upload.id as string)] : [];
  });
}

/** The titles of the workouts and on-demand items a plan's grid shows, in the language the editor opens in. */
function activityPreviewReads(record: FullRecord, language: string): CombinedRead[] {
  return (["workouts", "on-demand"] as ReferenceKind[]).flatMap((kind) => {
    const read = activityPreviewsRead(kind, referencedIdsOf(record.weeks, kind), language);
    if (read.paths.length === 0) return [];
    return [{ ...read, combine: (bodies) => new Map((bodies as { data: PreviewRow[] }[]).flatMap((body) => body.data).map((row) => [row.id, previewOf(row)])) }];
  });
}

/**
 * What an editor shows on its first paint, read on the server (docs/decisions/0009, "Data on first
 * paint"): the record with every text and its ETag, as `useRecord` holds it; its version history's
 * first page; the labels of its lookups; its video and audio uploads; for a workout the names and
 * equipment of the exercises it uses; for a training plan the titles of what its grid references, in
 * the language the editor opens in (`requestedLanguage`, the address's `?lang=`).
 */
export async function readEditorFirstPaint(collection: AdminCollection, id: string, user: AdminSessionUser, requestedLanguage: string | undefined): Promise<DehydratedState> {
  const client = new QueryClient();
  const [viewer, { language: contentLanguage }] = await Promise.all([getAdminViewer(user), getAdminContentLanguage(user.organizationCode)]);
  const isWorkout = collection.slug === "workouts";
  const [answer] = await addFirstPaint(client, [
    recordRead(collection, id, viewer.languages),
    ...(isWorkout ? [equipmentRead] : []),
    ...(collection.versioned ? [versionsRead(collection, id, 0)] : []),
  ]);
  if (answer?.status === 200) {
    const record = answer.data as FullRecord;
    const phases = isWorkout ? ((record.phases as PhaseOf<unknown>[] | undefined) ?? []) : [];
    const focused = focusedLanguageOf(requestedLanguage, viewer);
    await Promise.all([
      addFirstPaint(client, [...phaseExerciseIds(phases).map((use) => exerciseRead(use.id)), ...mediaReads(record)]),
      addCombined(client, [...lookupLabelReads(collection, record, contentLanguage), ...(collection.slug === "training-plans" ? activityPreviewReads(record, focused) : [])]),
    ]);
  }
  return dehydrate(client);
}
