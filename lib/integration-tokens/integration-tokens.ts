import { randomUUID } from "node:crypto";
import { and, count, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { recordAuditEntry } from "@/lib/audit-log/record-audit-entry";
import { hashToken, signToken } from "@/lib/crypto/tokens";
import { tables, type Db } from "@/lib/db";
import { ApiError } from "@/lib/core/errors";
import { INTEGRATION_TOKEN_TTL_SECONDS, MAX_LIVE_INTEGRATION_TOKENS, type IntegrationTokenRecord } from "./schemas";
import { announceLocally } from "@/lib/cache/invalidations";

const it = tables.integrationTokens;
const live = (organizationId: string) => and(eq(it.organizationId, organizationId), isNull(it.deletedAt), gt(it.expiresAt, sql`now()`));

function toRecord(row: typeof it.$inferSelect): IntegrationTokenRecord {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

/**
 * Issues an integration token. The organization's row is locked while counting so that concurrent
 * requests cannot together exceed the limit of live tokens.
 */
export async function createIntegrationToken(
  db: Db,
  input: { organizationId: string; createdBy: string | null; name: string; scope: "mobile" | "platform" },
) {
  return db.transaction(async (tx) => {
    await tx.select({ id: tables.organizations.id }).from(tables.organizations).where(eq(tables.organizations.id, input.organizationId)).for("update");
    const [{ value: liveCount }] = (await tx.select({ value: count() }).from(it).where(live(input.organizationId))) as [{ value: number }];
    if (liveCount >= MAX_LIVE_INTEGRATION_TOKENS) {
      throw new ApiError("conflict", `an organization can hold at most ${MAX_LIVE_INTEGRATION_TOKENS} live integration tokens; delete one first`);
    }
    const id = randomUUID();
    const expiresAt = new Date(Date.now() + INTEGRATION_TOKEN_TTL_SECONDS * 1000);
    const token = await signToken({ sub: id, org: input.organizationId, scope: input.scope, role: "integration", jti: id }, expiresAt);
    const [row] = await tx
      .insert(it)
      .values({ id, organizationId: input.organizationId, name: input.name, scope: input.scope, tokenHash: hashToken(token), createdBy: input.createdBy, expiresAt })
      .returning();
    await recordAuditEntry(tx, { organizationId: input.organizationId, action: "token.issued", target: { type: "IntegrationToken", id, label: input.name }, details: { scope: input.scope } });
    const { last_used_at: _unused, ...record } = toRecord(row!);
    return { ...record, token };
  });
}

/** Live tokens of the organization, newest first, without their secrets. */
export async function listIntegrationTokens(db: Db, organizationId: string) {
  const rows = await db.select().from(it).where(live(organizationId)).orderBy(desc(it.createdAt), desc(it.id)).limit(MAX_LIVE_INTEGRATION_TOKENS);
  return { total: rows.length, limit: MAX_LIVE_INTEGRATION_TOKENS, data: rows.map(toRecord) };
}

/** Deletes a token with immediate effect; another organization's or an unknown token is a 404. */
export async function deleteIntegrationToken(db: Db, organizationId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .update(it)
      .set({ deletedAt: sql`now()` })
      .where(and(eq(it.id, id), eq(it.organizationId, organizationId), isNull(it.deletedAt)))
      .returning({ id: it.id, name: it.name });
    if (!deleted) throw new ApiError("not_found", "integration token not found");
    await recordAuditEntry(tx, { organizationId, action: "token.revoked", target: { type: "IntegrationToken", id, label: deleted.name } });
  });
  announceLocally("integration-token", id);
}
