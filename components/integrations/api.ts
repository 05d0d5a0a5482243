"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiRequest } from "@/lib/admin/api-client";
import type { ConnectionRecord, CreateConnectionBody, integrationListSchema, UpdateConnectionBody } from "@/lib/integrations/schemas";

export type IntegrationDefinition = z.output<typeof integrationListSchema>["data"][number];
export type ConnectionPage = { total: number; data: ConnectionRecord[] };

export const CONNECTIONS_PAGE_SIZE = 20;

export const integrationKeys = {
  definitions: ["integrations", "definitions"] as const,
  connections: ["integrations", "connections"] as const,
  page: (offset: number) => ["integrations", "connections", offset] as const,
};

/** The provider definitions: they change with the service's code, so they are cached for the session. */
export function useIntegrationDefinitions() {
  return useQuery({
    queryKey: integrationKeys.definitions,
    queryFn: async ({ signal }) => (await apiRequest<{ total: number; data: IntegrationDefinition[] }>("/integrations", { signal })).data.data,
    staleTime: Infinity,
  });
}

export function useConnections(offset: number) {
  return useQuery({
    queryKey: integrationKeys.page(offset),
    queryFn: async ({ signal }) =>
      (await apiRequest<ConnectionPage>(`/integrations/connections?filter[limit]=${CONNECTIONS_PAGE_SIZE}&filter[offset]=${offset}`, { signal })).data,
    placeholderData: (previous) => previous,
  });
}

export function useCreateConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateConnectionBody) => (await apiRequest<ConnectionRecord>("/integrations/connections", { method: "POST", body })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.connections }),
  });
}

export function useUpdateConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: UpdateConnectionBody }) =>
      (await apiRequest<ConnectionRecord>(`/integrations/connections/${encodeURIComponent(id)}`, { method: "PATCH", body })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.connections }),
  });
}

export function useDeleteConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => apiRequest<void>(`/integrations/connections/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.connections }),
  });
}
