"use client";

import { Upload, type DetailedError } from "tus-js-client";
import type { UploadRef } from "@/components/collections/form-schemas";
import { ApiRequestError, apiRequest } from "@/lib/admin/api-client";

/** Parts of this size: a broken connection costs at most one part, and progress shows within each. */
const CHUNK_BYTES = 8 * 1024 * 1024;
/** Waits before the automatic tries after a broken connection (ms). */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10000, 20000];

function asApiError(error: Error): Error {
  const response = (error as DetailedError).originalResponse;
  if (!response) return error;
  let body: { code?: unknown; message?: unknown; details?: unknown } = {};
  try {
    body = JSON.parse(response.getBody()) as typeof body;
  } catch {
    // not JSON
  }
  const status = response.getStatus();
  return new ApiRequestError(
    status,
    typeof body.code === "string" ? body.code : String(status),
    typeof body.message === "string" ? body.message : "the upload failed",
    Array.isArray(body.details) ? body.details : [],
  );
}

/**
 * Uploads a video or audio file over tus (docs/api.md "Resumable uploads") with tus-js-client: in
 * parts, retried after a broken connection from where the server stopped, and resumed after a reload
 * of the page (the browser remembers the upload's address for the same file). Same origin: the
 * session cookie is the credential. Resolves with the upload record.
 */
export function uploadFileResumable(file: File, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<UploadRef> {
  return new Promise((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: "/api/v3/uploads/resumable",
      metadata: { filename: file.name },
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS,
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      // A refusal (422, 413, 403 …) is the answer; only broken connections and 5xx are tried again.
      onShouldRetry: (error) => {
        const status = (error as DetailedError).originalResponse?.getStatus() ?? 0;
        return status === 0 || status >= 500 || status === 409 || status === 423;
      },
      onProgress: (sent, total) => onProgress(total > 0 ? Math.min(99, Math.floor((sent / total) * 100)) : 0),
      onError: (error) => reject(asApiError(error)),
      onSuccess: async () => {
        try {
          const id = (upload.url ?? "").split("/").pop() ?? "";
          const record = await apiRequest<UploadRef>(`/uploads/${id}`);
          onProgress(100);
          resolve(record.data);
        } catch (error) {
          reject(error);
        }
      },
    });
    signal?.addEventListener(
      "abort",
      () => {
        // Cancelled: the unfinished upload and its bytes are removed (tus termination).
        void upload.abort(true).catch(() => undefined);
        reject(new DOMException("The upload was cancelled", "AbortError"));
      },
      { once: true },
    );
    void upload.findPreviousUploads().then((previous) => {
      if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
      upload.start();
    });
  });
}
