"use client";

import { keepPreviousData, useQueries, useQuery } from "@tanstack/react-query";
import { apiRequest, ApiRequestError } from "@/lib/admin/api-client";
import { EQUIPMENT_PATH, exercisePath, LOOKUP_PAGE, pagePath, workoutEditorKeys } from "./query-keys";

/**
 * Reads the workout editor needs beside the workout itself (components/collections/api.ts loads and
 * saves the record). Every list goes through the list API with paging; only the equipment (for the
 * summary's names) is read whole, page by page.
 */
type Page<T> = { total: number; data: T[] };

export type LookupOption = { id: number | string; name: string };
export type EquipmentOption = LookupOption & { no_equipment?: boolean };
export type ExercisePreview = { id: string; name: string; level: string; equipment: number[]; summary?: string };
export type ExerciseDetails = ExercisePreview & { image: { url: string; name: string } | null };
export type ImageUpload = { id: string; name: string; mime: string; url: string };
export type TemplatePreview = { id: string; title: string };

const LOOKUP_STALE_MS = 5 * 60_000;

/** Every record of a collection (names in the content language), fetched 250 at a time. */
async function fetchAllPages<T>(path: string, signal: AbortSignal): Promise<T[]> {
  const rows: T[] = [];
  for (let offset = 0; ; offset += LOOKUP_PAGE) {
    const page = (await apiRequest<Page<T>>(pagePath(path, offset), { signal })).data;
    rows.push(...page.data);
    if (page.data.length < LOOKUP_PAGE || rows.length >= page.total) return rows;
  }
}

export function useEquipmentOptions() {
  return useQuery({
    queryKey: workoutEditorKeys.equipment(),
    staleTime: LOOKUP_STALE_MS,
    queryFn: ({ signal }) => fetchAllPages<EquipmentOption>(EQUIPMENT_PATH, signal),
  });
}

export const EXERCISE_PAGE_SIZE = 8;

/** One page of exercises matching `search` (name or equipment), for the picker. */
export function useExerciseSearch(search: string, offset: number) {
  const query = new URLSearchParams({ "filter[limit]": String(EXERCISE_PAGE_SIZE), "filter[offset]": String(offset), "filter[order][name]": "asc" });
  if (search.trim()) query.set("filter[where][q][contains]", search.trim());
  return useQuery({
    queryKey: ["workout-editor", "exercises", search.trim(), offset],
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => (await apiRequest<Page<ExercisePreview>>(`/content/exercises?${query.toString()}`, { signal })).data,
  });
}

type ExerciseLookup = ExerciseDetails | { id: string; isMissing: true };

export type ExerciseDetailsById = { byId: ReadonlyMap<string, ExerciseDetails>; missing: ReadonlySet<string> };

// Module-level, so react-query keeps the combined result (and everything memoized on it) until a read changes.
function combineExerciseDetails(results: { data?: ExerciseLookup }[]): ExerciseDetailsById {
  const byId = new Map<string, ExerciseDetails>();
  const missing = new Set<string>();
  for (const { data } of results) {
    if (!data) continue;
    if ("isMissing" in data) missing.add(data.id);
    else byId.set(data.id.toLowerCase(), data);
  }
  return { byId, missing };
}

/**
 * The exercises a workout uses, for their names, thumbnails and equipment. The list API cannot select
 * by id, so each distinct exercise is read once and cached for the session (ADR 10). A deleted
 * exercise is reported as missing rather than as an error.
 */
export function useExerciseDetails(ids: readonly string[]): ExerciseDetailsById {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: workoutEditorKeys.exercise(id),
      staleTime: LOOKUP_STALE_MS,
      queryFn: async ({ signal }: { signal: AbortSignal }): Promise<ExerciseLookup> => {
        try {
          return (await apiRequest<ExerciseDetails>(exercisePath(id), { signal })).data;
        } catch (error) {
          if (error instanceof ApiRequestError && error.status === 404) return { id, isMissing: true };
          throw error;
        }
      },
    })),
    combine: combineExerciseDetails,
  });
}

/** Workouts marked as templates, newest first, to start a new workout from. */
export function useWorkoutTemplates(enabled: boolean) {
  return useQuery({
    queryKey: ["workout-editor", "templates"],
    enabled,
    queryFn: async ({ signal }) =>
      (await apiRequest<Page<TemplatePreview>>(`/content/workouts?filter[where][template]=true&filter[limit]=100`, { signal })).data,
  });
}

export function useUpload(id: string) {
  return useQuery({
    queryKey: ["workout-editor", "upload", id],
    enabled: id !== "",
    staleTime: LOOKUP_STALE_MS,
    queryFn: async ({ signal }) => (await apiRequest<ImageUpload>(`/uploads/${encodeURIComponent(id)}`, { signal })).data,
  });
}

/** A thumbnail address of an upload (api.md: `style` and `size` on the signed address). */
export function thumbnailUrl(url: string, style: "square" | "landscape" = "square", size: "xs" | "s" = "xs"): string {
  return `${url}${url.includes("?") ? "&" : "?"}style=${style}&size=${size}`;
}
