"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { connectionsRead, definitionsRead, integrationKeys } from "./reads";
import { apiRequest } from "@/lib/admin/api-client";
import type { ConnectionRecord, CreateConnectionBody, integrationListSchema, UpdateConnectionBody } from "@/lib/integrations/schemas";

export type IntegrationDefinition = z.output<typeof integrationListSchema>["data"][number];
export type ConnectionPage = { total: number; data: ConnectionRecord[] };

export { CONNECTIONS_PAGE_SIZE, integrationKeys } from "./reads";

/** The provider definitions: they change with the service's code, so they are cached for the session. */
export function useIntegrationDefinitions() {
  return useQuery({
    queryKey: integrationKeys.definitions,
    queryFn: async ({ signal }) => definitionsRead.select((await apiRequest<{ total: number; data: IntegrationDefinition[] }>(definitionsRead.path, { signal })).data) as IntegrationDefinition[],
    staleTime: Infinity,
  });
}

export function useConnections(offset: number) {
  return useQuery({
    queryKey: connectionsRead(offset).key,
    queryFn: async ({ signal }) => (await apiRequest<ConnectionPage>(connectionsRead(offset).path, { signal })).data,
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
