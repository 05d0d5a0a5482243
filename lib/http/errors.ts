/**
 * The one error type for outcomes a client must handle, and the one table from its code to an HTTP
 * status. The OpenAPI document's error responses are written from the same table.
 */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  precondition_failed: 412,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_DESCRIPTION: Record<ErrorCode, string> = {
  bad_request: "A required attribute is missing or the request cannot be parsed",
  unauthorized: "Invalid credentials or a missing, expired or revoked token",
  forbidden: "Insufficient privileges",
  not_found: "Resource not found",
  method_not_allowed: "The path does not support this method",
  conflict: "Uniqueness or reference conflict",
  precondition_failed: "If-Match does not match the current version",
  payload_too_large: "Request body too large",
  unsupported_media_type: "Unsupported content type",
  unprocessable: "Validation error",
  rate_limited: "Rate limit exceeded",
  internal: "Internal error",
  unavailable: "Service unavailable",
};

/** A field-level problem; `path` is a JSON Pointer into the request ("/phases/0/title"). */
export type ErrorDetail = { path: string; message: string };

export class ApiError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    /** Extra members of the body (e.g. `unblock_token`) and headers (e.g. `Retry-After`). */
    readonly extra?: { body?: Record<string, unknown>; headers?: Record<string, string> },
  ) {
    super(message);
    this.name = "ApiError";
    this.status = ERROR_STATUS[code];
  }
}

export type ErrorBody = { code: string; message: string; details?: ErrorDetail[] } & Record<string, unknown>;

export function errorBody(error: ApiError): ErrorBody {
  return {
    code: String(error.status),
    message: error.message,
    ...(error.details && error.details.length > 0 ? { details: error.details } : {}),
    ...error.extra?.body,
  };
}

/** RFC 6901 JSON Pointer for a path of keys and indexes. */
export function toJsonPointer(path: ReadonlyArray<PropertyKey>): string {
  if (path.length === 0) return "";
  return path.map((segment) => `/${String(segment).replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");
}
