"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { collectionKeys, everyTextQuery, type FullRecord } from "@/components/collections/api";
import { useAdmin } from "@/lib/admin/admin-context";
import { apiRequest } from "@/lib/admin/api-client";
import type { AdminCollection } from "@/lib/admin/collections";
import { translationQueueKey } from "./reads";

/**
 * Saves translations with a JSON merge patch (only the target language's values; the API merges them
 * per language and by position). The answer carries every language, so it becomes the cached record.
 */
export function useSaveTranslations(collection: AdminCollection, id: string) {
  const queryClient = useQueryClient();
  const { languages } = useAdmin();
  return useMutation({
    mutationFn: async ({ patch, ifMatch }: { patch: Record<string, unknown>; ifMatch: string }) =>
      apiRequest<FullRecord>(`/content/${collection.apiPath}/${encodeURIComponent(id)}?${everyTextQuery(languages)}`, { method: "PATCH", body: patch, ifMatch }),
    onSuccess: (response) => {
      queryClient.setQueryData(collectionKeys.record(collection, id), { record: response.data, etag: response.etag });
      void queryClient.invalidateQueries({ queryKey: [...collectionKeys.all(collection), "list"] });
      void queryClient.invalidateQueries({ queryKey: translationQueueKey });
    },
  });
}
