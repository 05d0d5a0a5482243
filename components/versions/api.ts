"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { collectionKeys, type FullRecord } from "@/components/collections/api";
import { browserSessionStorage, clearDraft, draftKey } from "@/components/collections/draft";
import { useAdmin } from "@/lib/admin/admin-context";
import { ApiRequestError, apiRequest } from "@/lib/admin/api-client";
import type { AdminCollection } from "@/lib/admin/collections";
import type { VersionChange } from "./describe-change";
import { VERSIONS_PAGE_SIZE, versionsKey, versionsPath, versionsRead } from "./reads";

export type VersionOperation = "create" | "replace" | "patch" | "status" | "restore" | "delete";
export type VersionSummary = {
  number: number;
  operation: VersionOperation;
  restored_from: number | null;
  author: { id: string; email: string } | null;
  created_at: string;
};
export type VersionPage = { total: number; data: VersionSummary[] };
export type VersionDiff = { from: number; to: number; changes: VersionChange[] };

export { VERSIONS_PAGE_SIZE };

/** The record's versions, newest first, one page at a time (docs/api.md "Version history"). */
export function useVersions(collection: AdminCollection, id: string, offset: number) {
  const read = versionsRead(collection, id, offset);
  return useQuery({
    queryKey: read.key,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => (await apiRequest<VersionPage>(read.path, { signal })).data,
  });
}

/** What changed from version `number` to the current one, as the API's structural diff. */
export function useVersionDiff(collection: AdminCollection, id: string, number: number | undefined) {
  return useQuery({
    queryKey: [...versionsKey(collection, id), "diff", number],
    enabled: number !== undefined,
    queryFn: async ({ signal }) => (await apiRequest<VersionDiff>(`${versionsPath(collection, id)}/${number}/diff`, { signal })).data,
  });
}

/**
 * Writes version `number` again as a new version, under `If-Match` (the ETag the editor loaded). The
 * record is fetched again, which remounts the editor's form on the new ETag; the unsaved draft of the
 * form is dropped, since the person chose the restored content over it. After a 412 the record and its
 * history are fetched again (the form's unsaved draft is offered back on top of the newer version).
 */
export function useRestoreVersion(collection: AdminCollection, id: string) {
  const queryClient = useQueryClient();
  const { organizationCode } = useAdmin();
  return useMutation({
    mutationFn: async ({ number, ifMatch }: { number: number; ifMatch: string }) =>
      apiRequest<FullRecord>(`${versionsPath(collection, id)}/${number}/restore`, { method: "POST", ifMatch }),
    onSuccess: async () => {
      clearDraft(browserSessionStorage(), draftKey(organizationCode, collection.slug, id));
      void queryClient.invalidateQueries({ queryKey: [...collectionKeys.all(collection), "list"] });
      await queryClient.invalidateQueries({ queryKey: collectionKeys.record(collection, id) });
    },
    onError: (error) => {
      if (error instanceof ApiRequestError && error.status === 412) void queryClient.invalidateQueries({ queryKey: collectionKeys.record(collection, id) });
    },
  });
}
