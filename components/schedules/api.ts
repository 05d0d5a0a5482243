"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { RecordPreview } from "@/components/collections/api";
import { apiRequest } from "@/lib/admin/api-client";
import { findAdminCollection, type AdminCollection } from "@/lib/admin/collections";
import type { ContentStatus } from "@/lib/publishing/transitions";
import { calendarKey, recordSchedulesKey, recordSchedulesPath, recordSchedulesRead } from "./reads";

/** A scheduled status change as the API answers it (docs/api.md "Scheduled status changes"). */
export type Schedule = {
  id: string;
  collection: "workouts" | "training-plans" | "on-demand";
  record_id: string;
  at: string;
  changes: { language: string; status: ContentStatus }[];
  state: "pending" | "succeeded" | "failed";
  reason: string | null;
  created_by: { id: string; email: string } | null;
  created_at: string;
  completed_at: string | null;
};
export type SchedulePage = { total: number; data: Schedule[] };
export type ScheduleState = Schedule["state"];

export const CALENDAR_PAGE_SIZE = 50;

/** A record's schedules that are still to run or could not run, soonest first. */
export function useRecordSchedules(collection: AdminCollection, id: string) {
  const read = recordSchedulesRead(collection, id);
  return useQuery({
    queryKey: read.key,
    queryFn: async ({ signal }) => (await apiRequest<SchedulePage>(read.path, { signal })).data,
  });
}

export type CalendarFilter = { collection: string; state: ScheduleState; offset: number };

/**
 * One page of the organization's schedules in a state, soonest first, with the previews of the records
 * they change: one request for the page and one per collection it names (`filter[where][id][in]`).
 */
export function useScheduleCalendar({ collection, state, offset }: CalendarFilter, language: string) {
  return useQuery({
    queryKey: [...calendarKey, collection, state, offset, language],
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const where = [`filter[where][state]=${state}`, ...(collection ? [`filter[where][collection]=${encodeURIComponent(collection)}`] : [])];
      const page = (await apiRequest<SchedulePage>(`/content/schedules?${where.join("&")}&filter[limit]=${CALENDAR_PAGE_SIZE}&filter[offset]=${offset}`, { signal })).data;
      const byCollection = new Map<string, Schedule[]>();
      for (const schedule of page.data) byCollection.set(schedule.collection, [...(byCollection.get(schedule.collection) ?? []), schedule]);
      const previews = new Map<string, RecordPreview>();
      await Promise.all(
        [...byCollection].map(async ([apiPath, schedules]) => {
          const ids = [...new Set(schedules.map((schedule) => schedule.record_id))];
          const records = await apiRequest<{ data: RecordPreview[] }>(`/content/${apiPath}?filter[where][id][in]=${ids.join(",")}&filter[limit]=${ids.length}&lang=${language}`, { signal });
          for (const record of records.data.data) previews.set(`${apiPath}:${record.id}`, record);
        }),
      );
      return { ...page, previews };
    },
  });
}

/** Schedules one language's change (or several, as a release) of a record. */
export function useCreateSchedule(collection: AdminCollection, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { language: string; status: ContentStatus; at: string }) => (await apiRequest<Schedule>(recordSchedulesPath(collection, id), { method: "POST", body })).data,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: recordSchedulesKey(collection, id) });
      void queryClient.invalidateQueries({ queryKey: calendarKey });
    },
  });
}

/** Cancels a pending schedule, from the status panel or the calendar. */
export function useCancelSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (schedule: Pick<Schedule, "id" | "collection" | "record_id">) =>
      apiRequest<void>(`/content/${schedule.collection}/${encodeURIComponent(schedule.record_id)}/schedules/${encodeURIComponent(schedule.id)}`, { method: "DELETE" }),
    onSettled: (_data, _error, schedule) => {
      const collection = findAdminCollection(schedule.collection);
      if (collection) void queryClient.invalidateQueries({ queryKey: recordSchedulesKey(collection, schedule.record_id) });
      void queryClient.invalidateQueries({ queryKey: calendarKey });
    },
  });
}
