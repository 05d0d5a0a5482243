import { recordAuditEntry } from "@/lib/audit-log/record-audit-entry";
import { randomUUID } from "node:crypto";
import { and, count, eq, sql } from "drizzle-orm";
import { decryptSecret, encryptSecret } from "@/lib/crypto/secret-box";
import { tables, type Db, type Executor } from "@/lib/db";
import { compileOrder, type FilterQuery, type FilterSpec } from "@/lib/filter";
import { ApiError } from "@/lib/core/errors";
import { describeError, log } from "@/lib/log";
import { findIntegration, INTEGRATIONS, type Integration } from "./catalog";
import type { ConnectionRecord, CreateConnectionBody, UpdateConnectionBody } from "./schemas";
import { MASK, maskSecret, mergeSettings, type StoredSetting } from "./settings";

const c = tables.integrationConnections;
type ConnectionRow = typeof c.$inferSelect;

/** Binds a sealed value to its connection and setting (see lib/crypto/secret-box.ts). */
const secretContext = (connectionId: string, settingId: string) => `integration-connection:${connectionId}:${settingId}`;

export function listIntegrations() {
  return {
    total: INTEGRATIONS.length,
    data: INTEGRATIONS.map(({ key, name, description, settings }) => ({
      key,
      name,
      description,
      settings: settings.map(({ id, key: settingKey, label, type, required, description: settingDescription }) => ({
        id,
        key: settingKey,
        label,
        type,
        required,
        description: settingDescription,
      })),
    })),
  };
}

function integrationOf(row: ConnectionRow): Integration {
  const integration = findIntegration(row.integrationKey);
  // Definitions live in code; a connection to one that was removed is kept but shows no settings.
  return integration ?? { key: row.integrationKey, name: row.integrationKey, description: "", settings: [] };
}

function toConnectionRecord(row: ConnectionRow): ConnectionRecord {
  const integration = integrationOf(row);
  return {
    id: row.id,
    integration: row.integrationKey,
    name: row.name,
    settings: row.settings.flatMap((setting) => {
      const def = integration.settings.find((candidate) => candidate.id === setting.setting_id);
      if (!def) return [];
      if (def.type !== "secret") return [{ setting_id: def.id, key: def.key, value: setting.value }];
      let masked = MASK;
      try {
        masked = maskSecret(decryptSecret(setting.value, secretContext(row.id, def.id)));
      } catch (error) {
        log.warn("an integration secret cannot be decrypted", { connection: row.id, setting: def.id, ...describeError(error) });
      }
      return [{ setting_id: def.id, key: def.key, value: masked }];
    }),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function createConnection(db: Db, organizationId: string, body: CreateConnectionBody): Promise<ConnectionRecord> {
  const integration = findIntegration(body.integration);
  if (!integration) {
    const message = `unknown integration ${body.integration}; available: ${INTEGRATIONS.map((candidate) => candidate.key).join(", ")}`;
    throw new ApiError("unprocessable", `/integration: ${message}`, [{ path: "/integration", message }]);
  }
  const id = randomUUID();
  const settings = mergeSettings(integration, [], body.settings, (settingId, plain) => encryptSecret(plain, secretContext(id, settingId)));
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx.insert(c).values({ id, organizationId, integrationKey: integration.key, name: body.name, settings }).returning();
    await recordAuditEntry(tx, {
      organizationId,
      action: "integration.created",
      target: { type: "IntegrationConnection", id, label: body.name },
      details: { integration: integration.key, settings: body.settings.map((setting) => setting.setting_id) },
    });
    return inserted!;
  });
  return toConnectionRecord(row);
}

/** Paging and the creation order, which the (organization, created, id) index serves; a tenant has few connections. */
export const connectionFilterSpec = {
  fields: {},
  order: { created: {} },
  defaultOrder: [{ field: "created", direction: "desc" }],
} as const satisfies FilterSpec;

export async function listConnections(db: Db, organizationId: string, filter: FilterQuery) {
  const where = eq(c.organizationId, organizationId);
  const order = compileOrder(filter, { created: c.createdAt }, c.id);
  const [rows, [total]] = await Promise.all([
    db.select().from(c).where(where).orderBy(...order).limit(filter.limit).offset(filter.offset),
    db.select({ value: count() }).from(c).where(where),
  ]);
  return { total: total?.value ?? 0, data: rows.map(toConnectionRecord) };
}

async function getConnectionRow(db: Executor, organizationId: string, id: string, forUpdate = false): Promise<ConnectionRow> {
  const query = db.select().from(c).where(and(eq(c.id, id), eq(c.organizationId, organizationId))).limit(1);
  const [row] = forUpdate ? await query.for("update") : await query;
  if (!row) throw new ApiError("not_found", "integration connection not found");
  return row;
}

export async function getConnection(db: Db, organizationId: string, id: string): Promise<ConnectionRecord> {
  return toConnectionRecord(await getConnectionRow(db, organizationId, id));
}

export async function updateConnection(db: Db, organizationId: string, id: string, body: UpdateConnectionBody): Promise<ConnectionRecord> {
  return db.transaction(async (tx) => {
    const current = await getConnectionRow(tx, organizationId, id, true);
    const settings: StoredSetting[] = body.settings
      ? mergeSettings(integrationOf(current), current.settings, body.settings, (settingId, plain) => encryptSecret(plain, secretContext(id, settingId)))
      : current.settings;
    const [row] = await tx
      .update(c)
      .set({ ...(body.name !== undefined ? { name: body.name } : {}), settings, updatedAt: sql`now()` })
      .where(eq(c.id, id))
      .returning();
    await recordAuditEntry(tx, {
      organizationId,
      action: "integration.updated",
      target: { type: "IntegrationConnection", id, label: row!.name },
      details: { changed: [...(body.name !== undefined ? ["name"] : []), ...(body.settings ? ["settings"] : [])], settings: (body.settings ?? []).map((setting) => setting.setting_id) },
    });
    return toConnectionRecord(row!);
  });
}

export async function deleteConnection(db: Db, organizationId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(c).where(and(eq(c.id, id), eq(c.organizationId, organizationId))).returning({ id: c.id, name: c.name });
    if (!deleted) throw new ApiError("not_found", "integration connection not found");
    await recordAuditEntry(tx, { organizationId, action: "integration.deleted", target: { type: "IntegrationConnection", id, label: deleted.name } });
  });
}

