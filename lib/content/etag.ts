import { ApiError } from "@/lib/core/errors";

/** The version part of a record's ETags: `"<id>.<version>"`. */
export function etagOf(id: string | number, version: number): string {
  return `"${id}.${version}"`;
}

/**
 * The strong ETag of one representation of a record version: `"<id>.<version>.<digest>"`, the digest
 * naming what else the answer depends on (its language and texts view, the signed addresses and crops of
 * the uploads it embeds, the organization's languages). Conditional reads compare the whole tag;
 * If-Match only its id and version (docs/api.md "Conditional reads").
 */
export function representationEtag(versionTag: string, digest: string): string {
  return `${versionTag.slice(0, -1)}.${digest}"`;
}

/** `"<id>.<version>"` of a strong tag written by etagOf or representationEtag; undefined for anything else. */
function versionPart(tag: string): string | undefined {
  if (!tag.startsWith('"') || !tag.endsWith('"')) return undefined;
  const [id, version] = tag.slice(1, -1).split(".");
  return id && version ? `"${id}.${version}"` : undefined;
}

/**
 * Honours If-Match (RFC 9110): `*` matches any existing record; otherwise one of the listed tags must
 * name the current version, else 412. Weak tags never match (strong comparison).
 */
export function assertIfMatch(header: string | null, id: string | number, version: number): void {
  if (header === null) return;
  const value = header.trim();
  if (value === "*") return;
  const current = etagOf(id, version);
  const tags = value.split(",").map((tag) => versionPart(tag.trim()));
  if (!tags.includes(current)) {
    throw new ApiError("precondition_failed", "the record has changed since it was read: reload it, or send its current ETag in If-Match");
  }
}
