"use client";

import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { apiRequest } from "@/lib/admin/api-client";
import { buildFilterQueryString, type FilterQuery } from "@/lib/filter";
import { auditFilterSpec, type auditEntryListSchema } from "@/lib/audit-log/schemas";

export type AuditEntryList = z.output<typeof auditEntryListSchema>;

/** The page's `filter[...]` query, written with the filter language's own formatter. */
export function auditQueryString(filter: Partial<FilterQuery>): string {
  return buildFilterQueryString(filter, auditFilterSpec);
}

export function useAuditEntries(filter: Partial<FilterQuery>) {
  const query = auditQueryString(filter);
  return useQuery({
    queryKey: ["audit-log", query],
    queryFn: async ({ signal }) => (await apiRequest<AuditEntryList>(`/audit-log?${query}`, { signal })).data,
  });
}
