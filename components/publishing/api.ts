"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { collectionKeys, everyTextQuery, type FullRecord } from "@/components/collections/api";
import { useAdmin } from "@/lib/admin/admin-context";
import { apiRequest } from "@/lib/admin/api-client";
import type { AdminCollection } from "@/lib/admin/collections";
import type { ContentStatus } from "@/lib/publishing/transitions";
import { HISTORY_PAGE_SIZE, statusHistoryKey, statusHistoryRead } from "./reads";

export type StatusHistoryEntry = {
  language: string;
  from: ContentStatus | null;
  to: ContentStatus;
  changed_by: { id: string; email: string } | null;
  changed_at: string;
};
export type StatusHistoryPage = { total: number; data: StatusHistoryEntry[] };

export { HISTORY_PAGE_SIZE };

/** The record's status changes, newest first, one page at a time. */
export function useStatusHistory(collection: AdminCollection, id: string, offset: number) {
  const read = statusHistoryRead(collection, id, offset);
  return useQuery({
    queryKey: read.key,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => (await apiRequest<StatusHistoryPage>(read.path, { signal })).data,
  });
}

/**
 * Changes one language's status. The answer is the whole record (every language), so it replaces the
 * cached copy the screens read; the history and the lists, which show statuses, are fetched again.
 */
export function useChangeStatus(collection: AdminCollection, id: string) {
  const queryClient = useQueryClient();
  const { languages } = useAdmin();
  return useMutation({
    mutationFn: async ({ key, to }: { key: string; to: ContentStatus }) =>
      apiRequest<FullRecord>(`/content/${collection.apiPath}/${encodeURIComponent(id)}/status?${everyTextQuery(languages)}`, { method: "PATCH", body: { [key]: to } }),
    onSuccess: (response) => {
      queryClient.setQueryData(collectionKeys.record(collection, id), { record: response.data, etag: response.etag });
      void queryClient.invalidateQueries({ queryKey: statusHistoryKey(collection, id) });
      void queryClient.invalidateQueries({ queryKey: [...collectionKeys.all(collection), "list"] });
    },
  });
}

/** A preview link as its creation answers it: the address with its token, shown this once. */
export type CreatedPreviewLink = { id: string; language: string; url: string; expires_at: string };

/** Preview links last a day from the admin (docs/api.md "Preview links"). */
export const PREVIEW_LINK_SECONDS = 86_400;

/** Makes a preview link of the record in one language (`default` or a code). */
export function useCreatePreviewLink(collection: AdminCollection, id: string) {
  return useMutation({
    mutationFn: async (language: string) =>
      (
        await apiRequest<CreatedPreviewLink>(`/content/${collection.apiPath}/${encodeURIComponent(id)}/preview-links`, {
          method: "POST",
          body: { language, expires_in: PREVIEW_LINK_SECONDS },
        })
      ).data,
  });
}
