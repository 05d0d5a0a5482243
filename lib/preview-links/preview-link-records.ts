import { inArray } from "drizzle-orm";
import { tables, type Executor } from "@/lib/db";
import type { PreviewCollection, PreviewLinkRecord } from "./schemas";

export type PreviewLinkRow = typeof tables.previewLinks.$inferSelect;

/** `active` until it expires or is revoked. */
export function previewLinkState(row: Pick<PreviewLinkRow, "expiresAt" | "revokedAt">, now = Date.now()): PreviewLinkRecord["state"] {
  if (row.revokedAt) return "revoked";
  return row.expiresAt.getTime() <= now ? "expired" : "active";
}

/** Link rows as the API shows them (never their token), with their makers' emails (one query for all). */
export async function toPreviewLinkRecords(db: Executor, rows: PreviewLinkRow[]): Promise<PreviewLinkRecord[]> {
  const userIds = [...new Set(rows.map((row) => row.createdBy).filter((id): id is string => id !== null))];
  const users = userIds.length
    ? await db.select({ id: tables.users.id, email: tables.users.email }).from(tables.users).where(inArray(tables.users.id, userIds))
    : [];
  const emails = new Map(users.map((user) => [user.id, user.email]));
  const now = Date.now();
  return rows.map((row) => ({
    id: row.id,
    collection: row.collection as PreviewCollection,
    record_id: row.recordId,
    language: row.language,
    state: previewLinkState(row, now),
    expires_at: row.expiresAt.toISOString(),
    revoked_at: row.revokedAt?.toISOString() ?? null,
    created_by: row.createdBy && emails.has(row.createdBy) ? { id: row.createdBy, email: emails.get(row.createdBy)! } : null,
    created_at: row.createdAt.toISOString(),
  }));
}
