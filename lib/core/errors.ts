/**
 * The one error type for outcomes a client must handle. It names what went wrong (`code`), not how a
 * transport says it: the HTTP status of each code is in the table in lib/http/errors.ts, which also
 * writes the OpenAPI document's error responses.
 */
export const ERROR_CODES = [
  "bad_request",
  "unauthorized",
  "forbidden",
  "not_found",
  "method_not_allowed",
  "conflict",
  "gone",
  "precondition_failed",
  "payload_too_large",
  "unsupported_media_type",
  "unprocessable",
  "rate_limited",
  "internal",
  "unavailable",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** A field-level problem; `path` is a JSON Pointer into the request ("/phases/0/title"). */
export type ErrorDetail = { path: string; message: string };

export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    /** Extra members of the body (e.g. `unblock_token`) and headers (e.g. `Retry-After`). */
    readonly extra?: { body?: Record<string, unknown>; headers?: Record<string, string> },
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** RFC 6901 JSON Pointer for a path of keys and indexes. */
export function toJsonPointer(path: ReadonlyArray<PropertyKey>): string {
  if (path.length === 0) return "";
  return path.map((segment) => `/${String(segment).replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");
}
