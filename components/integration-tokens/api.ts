"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/admin/api-client";
import { integrationTokensRead } from "./reads";
import type { CreateIntegrationTokenBody, IntegrationTokenList, IssuedIntegrationToken } from "./types";

const tokenKeys = { list: integrationTokensRead.key };

export function useIntegrationTokens() {
  return useQuery({
    queryKey: tokenKeys.list,
    queryFn: async ({ signal }) => (await apiRequest<IntegrationTokenList>(integrationTokensRead.path, { signal })).data,
  });
}

export function useIssueIntegrationToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateIntegrationTokenBody) => (await apiRequest<IssuedIntegrationToken>("/auth/integration", { method: "POST", body })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokenKeys.list }),
  });
}

export function useRevokeIntegrationToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => apiRequest<void>(`/auth/integration/token/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokenKeys.list }),
  });
}
