import { ApiError } from "@/lib/http/errors";

/** Strong ETag of a record version: `"<id>.<version>"`. */
export function etagOf(id: string | number, version: number): string {
  return `"${id}.${version}"`;
}

/**
 * Honours If-Match (RFC 9110): `*` matches any existing record; otherwise one of the listed tags must
 * be the current one, else 412. Weak tags never match (strong comparison).
 */
export function assertIfMatch(header: string | null, id: string | number, version: number): void {
  if (header === null) return;
  const value = header.trim();
  if (value === "*") return;
  const current = etagOf(id, version);
  const tags = value.split(",").map((tag) => tag.trim());
  if (!tags.includes(current)) {
    throw new ApiError("precondition_failed", "the record has changed since it was read: reload it, or send its current ETag in If-Match");
  }
}
