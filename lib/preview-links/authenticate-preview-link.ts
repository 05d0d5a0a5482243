import { eq } from "drizzle-orm";
import { generateOpaqueToken, hashToken } from "@/lib/crypto/tokens";
import { getDb, tables } from "@/lib/db";
import type { PreviewLinkCaller } from "@/lib/core/caller";
import { ApiError } from "@/lib/core/errors";

/** The query parameter that carries a preview link's token (docs/api.md "Preview links"). */
export const PREVIEW_PARAMETER = "preview";
const TOKEN_PREFIX = "pv";
const TOKEN_PATTERN = /^pv_[A-Za-z0-9_-]{43}$/;

/** A new link's secret: 32 random bytes, base64url, behind a prefix that secret scanners can match. */
export function generatePreviewToken(): string {
  return generateOpaqueToken(TOKEN_PREFIX);
}

/**
 * The caller a preview token stands for: 401 for a token the service did not issue, an expired or a
 * revoked link. Only the token's SHA-256 is stored and looked up (docs/decisions/0031): the database
 * compares hashes, never the secret, so the time a lookup takes says nothing about the token. Nothing
 * is kept per process, so a revocation holds on every node at once.
 */
export async function authenticatePreviewLink(token: string): Promise<PreviewLinkCaller> {
  if (!TOKEN_PATTERN.test(token)) throw new ApiError("unauthorized", "the preview token is invalid");
  const db = await getDb();
  const p = tables.previewLinks;
  const [link] = await db
    .select({ id: p.id, organizationId: p.organizationId, collection: p.collection, recordId: p.recordId, language: p.language, expiresAt: p.expiresAt, revokedAt: p.revokedAt })
    .from(p)
    .where(eq(p.tokenHash, hashToken(token)))
    .limit(1);
  if (!link) throw new ApiError("unauthorized", "the preview token is invalid");
  if (link.revokedAt) throw new ApiError("unauthorized", "the preview link has been revoked");
  if (link.expiresAt.getTime() <= Date.now()) throw new ApiError("unauthorized", "the preview link has expired");
  return { kind: "preview", linkId: link.id, organizationId: link.organizationId, collection: link.collection, recordId: link.recordId, language: link.language };
}
