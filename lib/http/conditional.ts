import { createHash } from "node:crypto";
import { z } from "zod";
import { bodyResponse } from "./responses";

/**
 * Conditional reads (RFC 9110 §13; docs/api.md "Conditional reads"). Content reads are private to the
 * caller and must be revalidated before reuse; a matching `If-None-Match` answers 304 without a body.
 */
export const CONTENT_CACHE_CONTROL = "private, no-cache";
/** A content read depends on who asks (visibility) and in which language (`Accept-Language`). */
export const CONTENT_VARY = "Authorization, Accept-Language";

/**
 * The `If-Match` header of writes: `*` or a comma-separated list of entity tags (RFC 9110 §13.1.1).
 * A tag that names another version, or a value that is no entity tag at all, gets 412.
 */
export const ifMatchHeaderSchema = z
  .string()
  .optional()
  .meta({
    description: "The ETag read with the record (or `*`); a stale one gets 412",
    // Optional whitespace in a header is spaces and tabs only (RFC 9110 §5.6.3).
    pattern: '^[ \\t]*(?:\\*|(?:W/)?"[\\x21\\x23-\\x7e]*"(?:[ \\t]*,[ \\t]*(?:W/)?"[\\x21\\x23-\\x7e]*")*)[ \\t]*$',
    example: '"5f0c2a9e-3b1d-4c6e-8f7a-9b0c1d2e3f4a.3"',
  });

/** A short, stable digest of a representation: its JSON text and the language it is in. */
export function representationDigest(text: string, contentLanguage: string): string {
  return createHash("sha256").update(contentLanguage).update("\n").update(text).digest("base64url").slice(0, 16);
}

/** Whether `If-None-Match` names `etag`: weak comparison (RFC 9110 §13.1.2), `*` matches any. */
export function matchesIfNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => opaque(tag) === opaque(etag));
}

/**
 * A GET's JSON answer, or 304 with the same validator and cache headers and no body when the request's
 * `If-None-Match` names `etag`. `text` is the body already serialised (the ETag was computed from it).
 */
export function conditionalJson(req: Request, text: string, etag: string, headers: Headers): Response {
  headers.set("ETag", etag);
  if (matchesIfNoneMatch(req.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
  headers.set("Content-Type", "application/json; charset=utf-8");
  return bodyResponse(text, { status: 200, headers });
}
