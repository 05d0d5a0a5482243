import { FileStore } from "@tus/file-store";
import { S3Store } from "@tus/s3-store";
import { Server } from "@tus/server";
import type { DataStore } from "@tus/utils";
import type { Caller } from "@/lib/core/caller";
import { getEnv, type Env } from "@/lib/env";
import { errorBody, statusOf } from "@/lib/http/errors";
import { ApiError } from "@/lib/core/errors";
import { describeError, log } from "@/lib/log";
import { DatabaseLocker } from "./database-locker";
import { InspectingStore } from "./inspecting-store";

/**
 * The tus server behind `/api/v3/uploads/resumable` (docs/api.md "Resumable uploads", ADR 20).
 * A tus upload's id is the storage key its file will have (`{organization}/{upload}/original`), so
 * the bytes are written where the finished upload keeps them: by `@tus/file-store` into
 * `STORAGE_DIR`, or by `@tus/s3-store` into the S3 bucket as one multipart upload. Clients see only
 * the upload's uuid in its address; the organization comes from their credential, so an address of
 * another organization's upload names nothing (404).
 */
export const RESUMABLE_PATH = "/api/v3/uploads/resumable";

/** How long an unfinished upload may be resumed. */
export const RESUMABLE_LIFETIME_MS = 24 * 60 * 60 * 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The tus id (storage key) of an upload of an organization. */
export const resumableKey = (organizationId: string, uploadId: string) => `${organizationId}/${uploadId}/original`;

/** The upload id a tus id names. */
export function uploadIdOfKey(key: string): string {
  return key.split("/")[1] ?? "";
}

/** A refusal in the shape @tus/server answers with: the status, and the API's JSON error body. */
export type TusRefusal = { status_code: number; body: string };

export function tusRefusal(error: ApiError): TusRefusal {
  return { status_code: statusOf(error), body: JSON.stringify(errorBody(error)) };
}

/** The authenticated caller of each request the tus server is handling. */
const callers = new WeakMap<Request, Caller>();

export function callerOfRequest(req: Request): Caller {
  const caller = callers.get(req);
  if (!caller) throw new Error("a resumable upload request without an authenticated caller");
  return caller;
}

export type ResumableHandlers = {
  /** Checks a new upload (size, name) and records it; throws a `TusRefusal` to refuse it. */
  onCreate: (req: Request, caller: Caller, uploadId: string, size: number | undefined, metadata: Record<string, string | null>) => Promise<void>;
  /** Turns the complete file into an upload record; throws a `TusRefusal` to refuse it. */
  onFinish: (caller: Caller, uploadId: string, size: number) => Promise<void>;
  /** The file's first bytes, as soon as they arrive; throws a `TusRefusal` to refuse the file. */
  inspectHead: (key: string, head: Buffer) => Promise<void>;
  /** A tus upload was terminated (DELETE, or refused). */
  onRemoved: (key: string) => Promise<void>;
};

function createDataStore(env: Env): DataStore {
  const expirationPeriodInMilliseconds = RESUMABLE_LIFETIME_MS;
  if (!env.s3) return new FileStore({ directory: env.STORAGE_DIR, expirationPeriodInMilliseconds });
  return new S3Store({
    // 8 MiB parts (each buffered in a temporary file, never in memory), at most two sent at once.
    partSize: 8 * 1024 * 1024,
    maxConcurrentPartUploads: 2,
    expirationPeriodInMilliseconds,
    // Expiry is kept in the database (resumable_uploads), not in object tags many stores lack.
    useTags: false,
    s3ClientConfig: {
      bucket: env.s3.bucket,
      region: env.s3.region,
      endpoint: env.s3.endpoint,
      forcePathStyle: env.s3.forcePathStyle,
      credentials: { accessKeyId: env.s3.accessKeyId, secretAccessKey: env.s3.secretAccessKey },
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      maxAttempts: 3,
    },
  });
}

type Resumable = { server: Server; store: InspectingStore };
let resumable: Resumable | undefined;

/** The process's tus server, made on first use with `handlers`. */
export function getResumableServer(handlers: ResumableHandlers): Resumable {
  if (resumable) return resumable;
  const env = getEnv();
  const store = new InspectingStore(createDataStore(env), { inspectHead: handlers.inspectHead, onRemoved: handlers.onRemoved });
  const server = new Server({
    path: RESUMABLE_PATH,
    datastore: store,
    locker: new DatabaseLocker(),
    // No `maxSize`: the declared length is checked when the upload is created (onCreate), with the
    // API's error body; every later request is bounded by that length.
    // A finished upload is an upload record: it is deleted through DELETE /uploads/{id}.
    disableTerminationForFinishedUploads: true,
    namingFunction: (req) => resumableKey(callerOfRequest(req as unknown as Request).organizationId, crypto.randomUUID()),
    generateUrl: (_req, { id }) => `${env.PUBLIC_BASE_URL}${RESUMABLE_PATH}/${uploadIdOfKey(id)}`,
    getFileIdFromRequest: (req, lastPath) => {
      if (!lastPath || !UUID.test(lastPath)) return undefined;
      return resumableKey(callerOfRequest(req as unknown as Request).organizationId, lastPath);
    },
    onUploadCreate: async (req, upload) => {
      const caller = callerOfRequest(req as unknown as Request);
      await handlers.onCreate(req as unknown as Request, caller, uploadIdOfKey(upload.id), upload.size, upload.metadata ?? {});
      return {};
    },
    onUploadFinish: async (req, upload) => {
      await handlers.onFinish(callerOfRequest(req as unknown as Request), uploadIdOfKey(upload.id), upload.size ?? upload.offset);
      return {};
    },
    onResponseError: (_req, error) => {
      if ("status_code" in error) return { status_code: error.status_code, body: asJsonError(error.status_code, error.body) };
      log.error("resumable upload failed", describeError(error));
      return { status_code: 500, body: JSON.stringify({ code: "500", message: "internal error" }) };
    },
  });
  resumable = { server, store };
  return resumable;
}

/** tus's own refusals are plain text; every answer of the API is the JSON error body. */
function asJsonError(status: number, body: string): string {
  try {
    const parsed = JSON.parse(body) as { code?: unknown };
    if (typeof parsed.code === "string") return body;
  } catch {
    // plain text
  }
  return JSON.stringify({ code: String(status), message: body.trim() || "the request was refused" });
}

/**
 * The request with a body that ends, rather than fails, when the client goes away: the bytes that
 * did arrive are then stored like any others (the S3 store would otherwise drop the part it was
 * filling), and the client resumes after them (tus: "store as much as possible").
 */
function keepingWhatArrived(req: Request): Request {
  if (!req.body || (req.method !== "PATCH" && req.method !== "POST")) return req;
  const reader = req.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch {
        controller.close();
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return new Request(req.url, { method: req.method, headers: req.headers, body, duplex: "half" } as RequestInit);
}

/** Hands a request of an authenticated caller to the tus server. */
export async function handleResumableRequest(original: Request, caller: Caller, handlers: ResumableHandlers): Promise<Response> {
  const req = keepingWhatArrived(original);
  callers.set(req, caller);
  const response = await getResumableServer(handlers).server.handleWeb(req);
  if (response.status < 400) return response;
  // Some refusals (a missing Tus-Resumable header: 412) come straight from @tus/server as plain text.
  const headers = new Headers(response.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  headers.delete("Content-Length");
  const body = original.method === "HEAD" ? null : asJsonError(response.status, await response.text());
  return new Response(body, { status: response.status, headers });
}
