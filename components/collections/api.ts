"use client";

import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useAdmin } from "@/lib/admin/admin-context";
import { apiRequest } from "@/lib/admin/api-client";
import type { AdminCollection } from "@/lib/admin/collections";
import { useContentLanguage } from "@/lib/admin/content-language";

export type RecordPreview = { id: number | string; slug?: string; name?: string; title?: string } & Record<string, unknown>;
export type ListPage = { total: number; data: RecordPreview[] };
export type FullRecord = Record<string, unknown> & { id: number | string };

/** Query keys per collection: everything of one collection sits under its first two entries. */
export const collectionKeys = {
  all: (collection: AdminCollection) => ["content", collection.apiPath] as const,
  list: (collection: AdminCollection, language: string, queryString: string) => ["content", collection.apiPath, "list", language, queryString] as const,
  record: (collection: AdminCollection, id: string) => ["content", collection.apiPath, "record", String(id)] as const,
};

function useLanguage(): string {
  const { languages, defaultLanguage } = useAdmin();
  return useContentLanguage(languages, defaultLanguage);
}

export function useCollectionList(collection: AdminCollection, queryString: string) {
  const language = useLanguage();
  return useQuery({
    queryKey: collectionKeys.list(collection, language, queryString),
    queryFn: async ({ signal }) => (await apiRequest<ListPage>(`/content/${collection.apiPath}${queryString ? `?${queryString}` : ""}`, { signal })).data,
    placeholderData: (previous) => previous,
  });
}

/**
 * The query that asks for every text of a record in every language: `texts=all` makes nested texts
 * (phase titles, notes, fitness activity fields) MultiLangStrings too, which the specification's shape
 * gives as plain strings (docs/api.md "Languages"). Editors and the translation workspace need them all.
 */
export function everyTextQuery(languages: readonly string[]): string {
  return `lang=${languages.join(",")}&texts=all`;
}

/** A record with every language's texts (`texts=all`) and its ETag for If-Match. */
export function useRecord(collection: AdminCollection, id: string | undefined) {
  const { languages } = useAdmin();
  return useQuery({
    queryKey: collectionKeys.record(collection, id ?? ""),
    enabled: id !== undefined,
    // An editor must start from what is stored now, not from a cached copy.
    staleTime: 0,
    refetchOnWindowFocus: false,
    queryFn: async ({ signal }) => {
      const response = await apiRequest<FullRecord>(`/content/${collection.apiPath}/${encodeURIComponent(id ?? "")}?${everyTextQuery(languages)}`, { signal });
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
