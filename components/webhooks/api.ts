"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { webhooksRead } from "./reads";
import { apiRequest } from "@/lib/admin/api-client";
import type { CreateWebhookBody, UpdateWebhookBody, webhookDeliveryListSchema, webhookListSchema, webhookWithSecretSchema } from "@/lib/webhooks/schemas";

export type WebhookList = z.output<typeof webhookListSchema>;
export type WebhookWithSecret = z.output<typeof webhookWithSecretSchema>;
export type DeliveryList = z.output<typeof webhookDeliveryListSchema>;

export const webhookKeys = {
  list: webhooksRead.key,
  deliveries: (webhookId: string) => ["webhooks", "deliveries", webhookId] as const,
};

export function useWebhooks() {
  return useQuery({
    queryKey: webhookKeys.list,
    queryFn: async ({ signal }) => (await apiRequest<WebhookList>(webhooksRead.path, { signal })).data,
  });
}

export function useDeliveries(webhookId: string) {
  return useQuery({
    queryKey: webhookKeys.deliveries(webhookId),
    queryFn: async ({ signal }) => (await apiRequest<DeliveryList>(`/webhooks/${encodeURIComponent(webhookId)}/deliveries?filter[limit]=50`, { signal })).data,
    // Pending deliveries move on their own; keep the log current while it is open.
    refetchInterval: 10_000,
  });
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateWebhookBody) => (await apiRequest<WebhookWithSecret>("/webhooks", { method: "POST", body })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list }),
  });
}

/** Enabling or pausing shows at once; the list is put back if the API refuses. */
export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: UpdateWebhookBody }) => apiRequest(`/webhooks/${encodeURIComponent(id)}`, { method: "PATCH", body }),
    onMutate: async ({ id, body }) => {
      await queryClient.cancelQueries({ queryKey: webhookKeys.list });
      const previous = queryClient.getQueryData<WebhookList>(webhookKeys.list);
      queryClient.setQueryData<WebhookList>(webhookKeys.list, (list) => list && { ...list, data: list.data.map((hook) => (hook.id === id ? { ...hook, ...body } : hook)) });
      return { previous };
    },
    onError: (_error, _variables, context) => queryClient.setQueryData(webhookKeys.list, context?.previous),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list }),
  });
}

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await apiRequest<WebhookWithSecret>(`/webhooks/${encodeURIComponent(id)}/rotate-secret`, { method: "POST" })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => apiRequest<void>(`/webhooks/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: webhookKeys.deliveries(id) });
      return queryClient.invalidateQueries({ queryKey: webhookKeys.list });
    },
  });
}

export function useRetryDelivery(webhookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (deliveryId: string) => apiRequest(`/webhooks/${encodeURIComponent(webhookId)}/deliveries/${encodeURIComponent(deliveryId)}/retry`, { method: "POST" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(webhookId) }),
  });
}
