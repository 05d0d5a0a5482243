import { and, eq } from "drizzle-orm";
import { recordAuditEntry } from "@/lib/audit-log/record-audit-entry";
import type { Collection } from "@/lib/content/collection";
import type { ContentContext } from "@/lib/content/context";
import { tables } from "@/lib/db";
import { ApiError } from "@/lib/core/errors";
import { assertMayShareLanguage, previewLanguageOf } from "./create-preview-link";

/**
 * Revokes a preview link: from the next request on (on every node: nothing is cached) its token is a
 * 401. The row is kept, `revoked`, so the record's list shows what was shared and until when; revoking
 * it again changes nothing. Another record's or organization's link is a 404.
 */
export async function revokePreviewLink(ctx: ContentContext, collection: Collection, recordId: string, linkId: string): Promise<void> {
  const p = tables.previewLinks;
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(p)
      .where(and(eq(p.id, linkId), eq(p.organizationId, ctx.organization.id), eq(p.collection, collection.key), eq(p.recordId, recordId)))
      .limit(1)
      .for("update");
    if (!row) throw new ApiError("not_found", "preview link not found");
    assertMayShareLanguage(ctx, previewLanguageOf(ctx, row.language));
    if (row.revokedAt) return;
    const [revoked] = await tx.update(p).set({ revokedAt: new Date() }).where(eq(p.id, row.id)).returning({ revokedAt: p.revokedAt });
    await recordAuditEntry(tx, {
      organizationId: ctx.organization.id,
      action: "preview_link.revoked",
      target: { type: "PreviewLink", id: row.id },
      details: { collection: row.collection, record_id: row.recordId, language: row.language, expires_at: row.expiresAt.toISOString(), revoked_at: revoked!.revokedAt!.toISOString() },
    });
  });
}
