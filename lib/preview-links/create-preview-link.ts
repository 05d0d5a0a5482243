import { hashToken } from "@/lib/crypto/tokens";
import { recordAuditEntry } from "@/lib/audit-log/record-audit-entry";
import { assertRecordExists } from "@/lib/content/assert-record-exists";
import type { Collection } from "@/lib/content/collection";
import type { ContentContext } from "@/lib/content/context";
import { tables } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { ApiError } from "@/lib/core/errors";
import { maySetStatusOf } from "@/lib/publishing/transitions";
import { generatePreviewToken, PREVIEW_PARAMETER } from "./authenticate-preview-link";
import { toPreviewLinkRecords } from "./preview-link-records";
import { DEFAULT_PREVIEW_SECONDS, type CreatedPreviewLink, type CreatePreviewLinkBody } from "./schemas";

/** The language a link key reads (`default` is the organization's default language). */
export function previewLanguageOf(ctx: ContentContext, key: string): string {
  return key === "default" ? ctx.organization.defaultLanguage : key;
}

/**
 * Translators make and revoke links of their own languages only, as they set only those languages'
 * status (docs/api.md "Preview links"); admins and editors any.
 */
export function assertMayShareLanguage(ctx: ContentContext, language: string): void {
  const caller = ctx.caller;
  if (caller.kind === "user" && !maySetStatusOf(caller.role, caller.languages, language)) {
    throw new ApiError("forbidden", `translators can only share previews in their own languages (${caller.languages.join(", ") || "none"}); not ${language}`);
  }
}

/**
 * Makes a preview link of one record in one language: a new random token, of which only the SHA-256
 * is stored; the token and the address that carries it are answered this once. The audit log's
 * `preview_link.created` is written in the same transaction, without the token.
 */
export async function createPreviewLink(ctx: ContentContext, collection: Collection, recordId: string, body: CreatePreviewLinkBody): Promise<CreatedPreviewLink> {
  const { languages } = ctx.organization;
  if (body.language !== "default" && !languages.includes(body.language)) {
    const message = `is not a language of this organization; use default or one of ${languages.join(", ")}`;
    throw new ApiError("unprocessable", `/language: ${message}`, [{ path: "/language", message }]);
  }
  assertMayShareLanguage(ctx, previewLanguageOf(ctx, body.language));

  const token = generatePreviewToken();
  const expiresAt = new Date(Date.now() + (body.expires_in ?? DEFAULT_PREVIEW_SECONDS) * 1000);
  const record = await ctx.db.transaction(async (tx) => {
    await assertRecordExists(tx, ctx.organization.id, collection, recordId);
    const [row] = await tx
      .insert(tables.previewLinks)
      .values({
        organizationId: ctx.organization.id,
        collection: collection.key,
        recordId,
        language: body.language,
        tokenHash: hashToken(token),
        createdBy: ctx.caller.kind === "user" ? ctx.caller.userId : null,
        expiresAt,
      })
      .returning();
    await recordAuditEntry(tx, {
      organizationId: ctx.organization.id,
      action: "preview_link.created",
      target: { type: "PreviewLink", id: row!.id },
      details: { collection: collection.key, record_id: recordId, language: body.language, expires_at: expiresAt.toISOString() },
    });
    return (await toPreviewLinkRecords(tx, [row!]))[0]!;
  });
  const url = `${getEnv().PUBLIC_BASE_URL}/api/v3/content/${collection.key}/${recordId}?${PREVIEW_PARAMETER}=${token}`;
  return { ...record, token, url };
}
