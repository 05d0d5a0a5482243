"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/admin/api-client";
import { imageUploadsRead, uploadRead } from "./reads";
import type { Crop, Style } from "@/lib/uploads/crops";

export type UploadRecord = {
  id: string;
  name: string;
  mime: string;
  url: string;
  created_at: string;
  updated_at: string;
  metadata?: { size?: number; width?: number; height?: number; animated?: boolean; formats?: Partial<Record<Style, Crop>> };
};
export type UploadPage = { total: number; data: UploadRecord[] };

export { UPLOADS_PAGE_SIZE } from "./reads";

const uploadKeys = {
  all: ["uploads"] as const,
  list: (offset: number) => imageUploadsRead(offset).key,
  record: (id: string) => uploadRead(id).key,
};

/** Images only (the crop formats are theirs), newest first. */
export function useImageUploads(offset: number) {
  return useQuery({
    queryKey: uploadKeys.list(offset),
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      (await apiRequest<UploadPage>(imageUploadsRead(offset).path, { signal })).data,
  });
}

export function useUpload(id: string) {
  return useQuery({
    queryKey: uploadKeys.record(id),
    staleTime: 0,
    refetchOnWindowFocus: false,
    queryFn: async ({ signal }) => {
      const response = await apiRequest<UploadRecord>(uploadRead(id).path, { signal });
      return { upload: response.data, etag: response.etag };
    },
  });
}

/** Writes changed crops (`metadata.formats`, merge patch); the answer's address names the new crops. */
export function useSaveCrops(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ formats, ifMatch }: { formats: Partial<Record<Style, Crop>>; ifMatch: string }) =>
      apiRequest<UploadRecord>(`/uploads/${encodeURIComponent(id)}`, { method: "PATCH", body: { metadata: { formats } }, ifMatch }),
    onSuccess: (response) => {
      queryClient.setQueryData(uploadKeys.record(id), { upload: response.data, etag: response.etag });
      void queryClient.invalidateQueries({ queryKey: [...uploadKeys.all, "list"] });
    },
  });
}

/** The address of a thumbnail from the real CDN route (docs/api.md "Uploads"). */
export function thumbnailUrl(upload: Pick<UploadRecord, "url">, style: Style, size?: string): string {
  const url = new URL(upload.url, typeof window === "undefined" ? "http://localhost" : window.location.href);
  url.searchParams.set("style", style);
  if (size) url.searchParams.set("size", size);
  return url.toString();
}
