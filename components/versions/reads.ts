import { collectionKeys } from "@/components/collections/query-keys";
import type { AdminCollection } from "@/lib/admin/collections";

// Isomorphic: the version history's hooks and the editor page's first paint on the server (ADR 9,
// "Data on first paint") build the same keys and API addresses.

export const VERSIONS_PAGE_SIZE = 10;

// Under the record's key: whatever refreshes or drops the record (a save, a restore) does the same to its history.
export const versionsKey = (collection: AdminCollection, id: string) => [...collectionKeys.record(collection, id), "versions"] as const;
export const versionsPath = (collection: AdminCollection, id: string) => `/content/${collection.apiPath}/${encodeURIComponent(id)}/versions`;

/** One page of the record's versions, newest first. */
export const versionsRead = (collection: AdminCollection, id: string, offset: number) => ({
  key: [...versionsKey(collection, id), "list", offset] as const,
  path: `${versionsPath(collection, id)}?filter[limit]=${VERSIONS_PAGE_SIZE}&filter[offset]=${offset}`,
});
