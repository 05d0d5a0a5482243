"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { organizationRead } from "./reads";
import { apiRequest } from "@/lib/admin/api-client";
import type { organizationPatchSchema, organizationSchema } from "@/lib/organizations/settings";

export type Organization = z.output<typeof organizationSchema>;
export type OrganizationPatch = z.input<typeof organizationPatchSchema>;

const organizationKey = organizationRead.key;

export function useOrganization() {
  return useQuery({
    queryKey: organizationKey,
    queryFn: async ({ signal }) => (await apiRequest<Organization>(organizationRead.path, { signal })).data,
  });
}

export function useUpdateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (patch: OrganizationPatch) => (await apiRequest<Organization>("/organization", { method: "PATCH", body: patch })).data,
    onSuccess: (organization) => queryClient.setQueryData(organizationKey, organization),
  });
}
