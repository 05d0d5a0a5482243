import { collectionKeys } from "@/components/collections/query-keys";
import type { AdminCollection } from "@/lib/admin/collections";

// Isomorphic: the schedules' hooks and the translation workspace's first paint on the server (ADR 9,
// "Data on first paint") build the same keys and API addresses.

/** The organization's schedules (the calendar) sit under one key; a record's own under the record's key. */
export const calendarKey = ["schedules"] as const;
export const recordSchedulesKey = (collection: AdminCollection, id: string) => [...collectionKeys.record(collection, id), "schedules"] as const;
export const recordSchedulesPath = (collection: AdminCollection, id: string) => `/content/${collection.apiPath}/${encodeURIComponent(id)}/schedules`;

/** A record's schedules that are still to run or could not run, soonest first. */
export const recordSchedulesRead = (collection: AdminCollection, id: string) => ({
  key: recordSchedulesKey(collection, id),
  path: `${recordSchedulesPath(collection, id)}?filter[where][state][in]=pending,failed&filter[limit]=50`,
});
