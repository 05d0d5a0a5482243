import type { ApiError, ErrorCode, ErrorDetail } from "@/lib/core/errors";

/**
 * The one table from an error's code (lib/core/errors.ts) to its HTTP status. The OpenAPI document's
 * error responses are written from the same table.
 */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  gone: 410,
  precondition_failed: 412,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const satisfies Record<ErrorCode, number>;

export const ERROR_DESCRIPTION: Record<ErrorCode, string> = {
  bad_request: "A required attribute is missing or the request cannot be parsed",
  unauthorized: "Invalid credentials or a missing, expired or revoked token",
  forbidden: "Insufficient privileges",
  not_found: "Resource not found",
  method_not_allowed: "The path does not support this method",
  conflict: "Uniqueness or reference conflict",
  gone: "What the request refers to is no longer kept (an expired change feed cursor)",
  precondition_failed: "A precondition does not hold: If-Match names another version (or, for resumable uploads, Tus-Resumable is missing or not 1.0.0)",
  payload_too_large: "Request body too large",
  unsupported_media_type: "Unsupported content type",
  unprocessable: "Validation error",
  rate_limited: "Rate limit exceeded",
  internal: "Internal error",
  unavailable: "Service unavailable",
};

/** The HTTP status that answers an error. */
export function statusOf(error: ApiError): number {
  return ERROR_STATUS[error.code];
}

export type ErrorBody = { code: string; message: string; details?: ErrorDetail[]; details_omitted?: number } & Record<string, unknown>;

/**
 * Error bodies stay small whatever the request was (docs/api.md, "Errors"): at most `MAX_DETAILS`
 * details, the count of the others in `details_omitted`, and every text cut to `MAX_ERROR_TEXT`
 * characters, since paths and messages may quote what the request sent.
 */
export const MAX_DETAILS = 20;
export const MAX_ERROR_TEXT = 500;

function bounded(text: string): string {
  if (text.length <= MAX_ERROR_TEXT) return text;
  // Never cut between the two halves of a surrogate pair.
  const cut = text.slice(0, MAX_ERROR_TEXT - 1).replace(/[\ud800-\udbff]$/, "");
  return `${cut}…`;
}

export function errorBody(error: ApiError): ErrorBody {
  const details = error.details ?? [];
  const shown = details.slice(0, MAX_DETAILS).map((detail) => ({ path: bounded(detail.path), message: bounded(detail.message) }));
  return {
    code: String(statusOf(error)),
    message: bounded(error.message),
    ...(shown.length > 0 ? { details: shown } : {}),
    ...(details.length > MAX_DETAILS ? { details_omitted: details.length - MAX_DETAILS } : {}),
    ...error.extra?.body,
  };
}
