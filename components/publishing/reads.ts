import { collectionKeys } from "@/components/collections/query-keys";
import type { AdminCollection } from "@/lib/admin/collections";

// Isomorphic: the status history's hook and the translation workspace's first paint on the server
// (ADR 9, "Data on first paint") build the same key and API address.

export const HISTORY_PAGE_SIZE = 10;

/** Under the record's key: whatever drops the record (a status change) refreshes its history too. */
export const statusHistoryKey = (collection: AdminCollection, id: string) => [...collectionKeys.record(collection, id), "status-history"] as const;

/** One page of the record's status changes, newest first. */
export const statusHistoryRead = (collection: AdminCollection, id: string, offset: number) => ({
  key: [...statusHistoryKey(collection, id), offset] as const,
  path: `/content/${collection.apiPath}/${encodeURIComponent(id)}/status-history?filter[limit]=${HISTORY_PAGE_SIZE}&filter[offset]=${offset}`,
});
