"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useAdmin } from "@/lib/admin/admin-context";
import { apiRequest } from "@/lib/admin/api-client";
import { useContentLanguage } from "@/lib/admin/content-language";
import type { OnDemand } from "@/lib/on-demand/schemas";
import type { Workout } from "@/lib/workouts/schemas";
import { activityPreviewsRead, previewOf, type ActivityPreview, type PreviewRow, type ReferenceKind } from "./reads";

export type { ActivityPreview, ReferenceKind };

const SEARCH_PAGE = 10;
const SEARCH_DELAY_MS = 200;

type Row = PreviewRow;

function useLanguage(): string {
  const { languages, defaultLanguage } = useAdmin();
  return useContentLanguage(languages, defaultLanguage);
}

/**
 * The previews of the workouts or on-demand items a plan references, read by id in one request per
 * kind (per 250 ids), not one per activity, in `language` (the editor's focused language).
 */
export function useActivityPreviews(kind: ReferenceKind, ids: readonly string[], language: string) {
  const read = activityPreviewsRead(kind, ids, language);
  return useQuery<Map<string, ActivityPreview>>({
    queryKey: read.key,
    enabled: read.paths.length > 0,
    staleTime: 30_000,
    placeholderData: (previous) => previous,
    queryFn: async ({ signal }) => {
      const pages: Row[][] = [];
      for (const path of read.paths) pages.push((await apiRequest<{ data: Row[] }>(path, { signal, language })).data.data);
      return new Map(pages.flat().map((row) => [row.id, previewOf(row)]));
    },
  });
}

/** Workouts or on-demand items searched as one types (one page; the API searches every translation). */
export function useActivitySearch(kind: ReferenceKind, text: string) {
  const language = useLanguage();
  const [query, setQuery] = useState(text.trim());
  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(text.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text]);
  const search = new URLSearchParams({ "filter[limit]": String(SEARCH_PAGE) });
  if (query) search.set("filter[where][q][contains]", query);
  return useQuery<{ total: number; data: ActivityPreview[] }>({
    queryKey: ["content", kind, "search", language, query],
    placeholderData: (previous) => previous,
    queryFn: async ({ signal }) => {
      const page = (await apiRequest<{ total: number; data: Row[] }>(`/content/${kind}?${search.toString()}`, { signal })).data;
      return { total: page.total, data: page.data.map(previewOf) };
    },
  });
}

/** A workout or on-demand item as the API serves it when opened from the plan (`training-plan`), in the content language. */
export function useActivityThroughPlan(kind: ReferenceKind, id: string, planId: string | undefined) {
  const language = useLanguage();
  return useQuery({
    queryKey: ["content", kind, "through-plan", language, id, planId ?? ""],
    queryFn: async ({ signal }) => {
      const query = planId ? `?training-plan=${encodeURIComponent(planId)}` : "";
      return (await apiRequest<Workout | OnDemand>(`/content/${kind}/${encodeURIComponent(id)}${query}`, { signal })).data;
    },
  });
}
