import { ApiRequestError } from "@/lib/admin/api-client";
import type { UploadRef } from "@/components/collections/form-schemas";

/**
 * POSTs a file to /api/v3/uploads (same origin, the session cookie is the credential) and reports the
 * share sent so far, 0–100. XMLHttpRequest, not fetch: fetch reports no upload progress.
 */
export function uploadFile(file: File, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<UploadRef> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", "/api/v3/uploads");
    request.setRequestHeader("Accept", "application/json");
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      if (request.status === 201) {
        onProgress(100);
        resolve(body as UploadRef);
        return;
      }
      const error = (body ?? {}) as { code?: unknown; message?: unknown; details?: unknown };
      reject(
        new ApiRequestError(
          request.status,
          typeof error.code === "string" ? error.code : String(request.status),
          typeof error.message === "string" ? error.message : request.statusText || "the upload failed",
          Array.isArray(error.details) ? error.details : [],
        ),
      );
    };
    request.onerror = () => reject(new Error("network error"));
    request.onabort = () => reject(new DOMException("The upload was cancelled", "AbortError"));
    signal?.addEventListener("abort", () => request.abort(), { once: true });
    const body = new FormData();
    body.append("file", file, file.name);
    request.send(body);
  });
}
