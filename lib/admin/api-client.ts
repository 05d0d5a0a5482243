import { readContentLanguage } from "./content-language";

/** One entry of an API error's `details`: a JSON Pointer into the body (or a header/parameter name). */
export type ApiErrorDetail = { path: string; message: string };

/** A non-2xx answer of the REST API, with the service's `{code, message, details}` body. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: ApiErrorDetail[] = [],
  ) {
    super(message);
    this.name = "ApiRequestError";
  }

  get isConflict(): boolean {
    return this.status === 412;
  }
}

export type ApiResponse<T> = { data: T; etag: string | null; status: number };

type RequestOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  /** The ETag the edit started from; `*` overwrites whatever is stored. */
  ifMatch?: string;
  signal?: AbortSignal;
  /** A body sent as it is (a file), with its media type, instead of JSON. */
  raw?: { body: Blob | string; contentType: string };
  /** The language to ask in (Accept-Language), where the screen shows one of its own instead of the chosen content language. */
  language?: string;
};

/**
 * Calls the REST API same-origin: the session cookie is the credential (ADR 5), so the browser never
 * holds a token. The content language the person chose goes along as Accept-Language (reads) and
 * Content-Language (writes of plain-string texts).
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const language = options.language ?? readContentLanguage();
  const headers: Record<string, string> = { Accept: "application/json" };
  if (language) {
    headers["Accept-Language"] = language;
    headers["Content-Language"] = language;
  }
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  if (options.raw) headers["Content-Type"] = options.raw.contentType;
  if (options.ifMatch) headers["If-Match"] = options.ifMatch;
  const response = await fetch(`/api/v3${path}`, {
    method: options.method ?? "GET",
    headers,
    body: options.raw ? options.raw.body : options.body === undefined ? undefined : JSON.stringify(options.body),
    credentials: "same-origin",
    cache: "no-store",
    signal: options.signal,
  });
  const text = await response.text();
  const parsed: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const body = (parsed ?? {}) as { code?: unknown; message?: unknown; details?: unknown };
    throw new ApiRequestError(
      response.status,
      typeof body.code === "string" ? body.code : String(response.status),
      typeof body.message === "string" ? body.message : response.statusText || "the request failed",
      Array.isArray(body.details) ? (body.details as ApiErrorDetail[]) : [],
    );
  }
  return { data: parsed as T, etag: response.headers.get("ETag"), status: response.status };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A message for people from any error a query or mutation can throw. */
export function describeError(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.status === 401) return "Your session has ended. Sign in again.";
    if (error.status === 403) return `Not allowed: ${error.message}`;
    return error.message.charAt(0).toUpperCase() + error.message.slice(1);
  }
  return "Something went wrong. Check your connection and try again.";
}
