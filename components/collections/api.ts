"use client";

import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useAdmin } from "@/lib/admin/admin-context";
import { apiRequest } from "@/lib/admin/api-client";
import type { AdminCollection } from "@/lib/admin/collections";
import { useContentLanguage } from "@/lib/admin/content-language";
import { collectionKeys, listPath, recordPath } from "./query-keys";

export { collectionKeys, everyTextQuery } from "./query-keys";

export type RecordPreview = { id: number | string; slug?: string; name?: string; title?: string } & Record<string, unknown>;
export type ListPage = { total: number; data: RecordPreview[] };
/**
 * A record of any collection as the API answers it with every text (`texts=all`), for the parts every
 * editor shares. An editor reads its own collection's type, the response schema's output in
 * lib/<domain>/schemas.ts (`EquipmentAllTexts`, `WorkoutAllTexts`), through `useRecord<…>`.
 */
export type FullRecord = Record<string, unknown> & { id: number | string };

function useLanguage(): string {
  const { languages, defaultLanguage } = useAdmin();
  return useContentLanguage(languages, defaultLanguage);
}

export function useCollectionList(collection: AdminCollection, queryString: string) {
  const language = useLanguage();
  return useQuery({
    queryKey: collectionKeys.list(collection, language, queryString),
    queryFn: async ({ signal }) => (await apiRequest<ListPage>(listPath(collection, queryString), { signal })).data,
    placeholderData: (previous) => previous,
  });
}

const RECORD_FRESH_MS = 5_000;

/** A record with every language's texts (`texts=all`), typed as `Full` (its collection's response type), and its ETag for If-Match. */
export function useRecord<Full extends FullRecord = FullRecord>(collection: AdminCollection, id: string | undefined) {
  const { languages } = useAdmin();
  return useQuery({
    queryKey: collectionKeys.record(collection, id ?? ""),
    enabled: id !== undefined,
    // An editor must start from what is stored now, not from a cached copy: the editor's page reads the
    // record on the server at every visit and hands it over (ADR 9, "Data on first paint"), so a read
    // on mount would only repeat it; a cached copy older than that is read again.
    staleTime: RECORD_FRESH_MS,
    refetchOnWindowFocus: false,
    queryFn: async ({ signal }) => {
      const response = await apiRequest<Full>(recordPath(collection, id ?? "", languages), { signal });
      return { record: response.data, etag: response.etag };
    },
  });
}

export function useSaveRecord(collection: AdminCollection) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body, ifMatch }: { id?: string; body: Record<string, unknown>; ifMatch?: string }) =>
      id === undefined
        ? apiRequest<FullRecord>(`/content/${collection.apiPath}`, { method: "POST", body })
        : apiRequest<FullRecord>(`/content/${collection.apiPath}/${encodeURIComponent(id)}`, { method: "PUT", body, ifMatch }),
    onSuccess: (_response, { id }) => {
      void queryClient.invalidateQueries({ queryKey: [...collectionKeys.all(collection), "list"] });
      if (id !== undefined) queryClient.removeQueries({ queryKey: collectionKeys.record(collection, id) });
    },
  });
}

type ListSnapshot = [readonly unknown[], ListPage | undefined][];

function removeFromLists(queryClient: QueryClient, collection: AdminCollection, id: string): ListSnapshot {
  const key = [...collectionKeys.all(collection), "list"];
  const snapshot = queryClient.getQueriesData<ListPage>({ queryKey: key });
  queryClient.setQueriesData<ListPage>({ queryKey: key }, (page) =>
    page ? { total: Math.max(0, page.total - 1), data: page.data.filter((row) => String(row.id) !== id) } : page,
  );
  return snapshot;
}

/** Deletes at once in the table (optimistic); the row comes back if the API refuses. */
export function useDeleteRecord(collection: AdminCollection) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id }: { id: string; label: string }) => apiRequest<void>(`/content/${collection.apiPath}/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onMutate: async ({ id }) => {
      await queryClient.cancelQueries({ queryKey: collectionKeys.all(collection) });
      return { snapshot: removeFromLists(queryClient, collection, id) };
    },
    onError: (_error, _variables, context) => {
      for (const [key, page] of context?.snapshot ?? []) queryClient.setQueryData(key, page);
    },
    onSettled: (_data, _error, { id }) => {
      queryClient.removeQueries({ queryKey: collectionKeys.record(collection, id) });
      void queryClient.invalidateQueries({ queryKey: [...collectionKeys.all(collection), "list"] });
    },
  });
}
