"use client";

import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { apiRequest } from "@/lib/admin/api-client";
import type { auditEntryListSchema } from "@/lib/audit-log/schemas";
import type { FilterQuery } from "@/lib/filter/types";
import { auditEntriesRead } from "./reads";

export type AuditEntryList = z.output<typeof auditEntryListSchema>;

export function useAuditEntries(filter: Partial<FilterQuery>) {
  const read = auditEntriesRead(filter);
  return useQuery({
    queryKey: read.key,
    queryFn: async ({ signal }) => (await apiRequest<AuditEntryList>(read.path, { signal })).data,
  });
}
