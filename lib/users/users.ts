import { and, count, eq, sql } from "drizzle-orm";
import { recordAuditEntry } from "@/lib/audit-log/record-audit-entry";
import { revokeUserSessions } from "@/lib/auth/sessions";
import { hashPassword } from "@/lib/auth/password";
import { tables, type Db, type Tx } from "@/lib/db";
import { compileOrder, compileWhere, scalarField, type FilterQuery, type FilterSpec } from "@/lib/filter";
import { ApiError } from "@/lib/core/errors";
import { getOrganizationOrThrow } from "@/lib/organizations/get-organization";
import { createUser } from "./create-user";
import type { CreateUserInput, UserRecord } from "./schemas";
import { ROLES, type Role } from "@/lib/core/roles";
import { announceLocally } from "@/lib/cache/invalidations";

const u = tables.users;

export const userFilterSpec = {
  fields: {
    q: { type: "string", operators: ["eq", "contains"] },
    email: { type: "string", operators: ["eq", "contains"] },
    role: { type: "enum", values: ROLES, operators: ["eq", "in"] },
  },
  order: { email: {}, created: {}, updated: {} },
  defaultOrder: [{ field: "created", direction: "asc" }],
} as const satisfies FilterSpec;

const userFilterCompilers = {
  q: scalarField(u.email, "string"),
  email: scalarField(u.email, "string"),
  role: scalarField(u.role, "enum"),
};

export function toUserRecord(row: typeof u.$inferSelect): UserRecord {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    languages: row.languages,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listUsers(db: Db, organizationId: string, filter: FilterQuery) {
  const where = and(eq(u.organizationId, organizationId), compileWhere(filter, userFilterCompilers));
  const order = compileOrder(filter, { email: sql`lower(${u.email})`, created: u.createdAt, updated: u.updatedAt }, u.id);
  const [rows, [total]] = await Promise.all([
    db.select().from(u).where(where).orderBy(...order).limit(filter.limit).offset(filter.offset),
    db.select({ value: count() }).from(u).where(where),
  ]);
  return { total: total?.value ?? 0, data: rows.map(toUserRecord) };
}

export async function getUserOrThrow(db: Db | Tx, organizationId: string, id: string) {
  const [row] = await db.select().from(u).where(and(eq(u.id, id), eq(u.organizationId, organizationId))).limit(1);
  if (!row) throw new ApiError("not_found", "user not found");
  return row;
}

export async function createOrganizationUser(db: Db, organizationId: string, input: CreateUserInput) {
  const organization = await getOrganizationOrThrow(db, organizationId);
  return db.transaction(async (tx) => {
    const user = await createUser(tx, organization, input);
    await recordAuditEntry(tx, { organizationId, action: "user.created", target: { type: "User", id: user.id, label: user.email }, details: { role: user.role, languages: user.languages } });
    return toUserRecord(user);
  });
}

/** Locks the organization's row so that concurrent removals cannot leave it without an admin. */
async function lockOrganization(tx: Tx, organizationId: string): Promise<void> {
  await tx.select({ id: tables.organizations.id }).from(tables.organizations).where(eq(tables.organizations.id, organizationId)).for("update");
}

async function countAdmins(tx: Tx, organizationId: string): Promise<number> {
  const [row] = await tx.select({ value: count() }).from(u).where(and(eq(u.organizationId, organizationId), eq(u.role, "admin")));
  return row?.value ?? 0;
}

const lastAdmin = () => new ApiError("conflict", "an organization must keep at least one admin");

export async function updateUser(
  db: Db,
  organization: { id: string; languages: string[] },
  id: string,
  changes: { role?: Role; languages?: string[]; password?: string },
) {
  const unknown = (changes.languages ?? []).filter((language) => !organization.languages.includes(language));
  if (unknown.length > 0) {
    throw new ApiError("unprocessable", `languages: not enabled for this organization: ${unknown.join(", ")}`, [
      { path: "/languages", message: `not enabled for this organization: ${unknown.join(", ")}` },
    ]);
  }
  const passwordHash = changes.password ? await hashPassword(changes.password) : undefined;
  const updated = await db.transaction(async (tx) => {
    await lockOrganization(tx, organization.id);
    const current = await getUserOrThrow(tx, organization.id, id);
    const role = changes.role ?? current.role;
    if (current.role === "admin" && role !== "admin" && (await countAdmins(tx, organization.id)) <= 1) throw lastAdmin();
    const languages = role === "translator" ? [...new Set(changes.languages ?? current.languages)] : [];
    const [row] = await tx
      .update(u)
      .set({ role, languages, ...(passwordHash ? { passwordHash } : {}), updatedAt: sql`now()` })
      .where(and(eq(u.id, id), eq(u.organizationId, organization.id)))
      .returning();
    if (role !== current.role || passwordHash) {
      await revokeUserSessions(tx, id, role !== current.role ? "role changed" : "password reset");
    }
    const changed = [
      ...(role !== current.role ? ["role"] : []),
      ...(languages.join(",") !== current.languages.join(",") ? ["languages"] : []),
      ...(passwordHash ? ["password"] : []),
    ];
    await recordAuditEntry(tx, { organizationId: organization.id, action: "user.updated", target: { type: "User", id, label: row!.email }, details: { changed, role, languages } });
    return toUserRecord(row!);
  });
  announceLocally("user", id);
  return updated;
}

export async function deleteUser(db: Db, organizationId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOrganization(tx, organizationId);
    const current = await getUserOrThrow(tx, organizationId, id);
    if (current.role === "admin" && (await countAdmins(tx, organizationId)) <= 1) throw lastAdmin();
    // Sessions and refresh tokens go with the user (ON DELETE CASCADE).
    await tx.delete(u).where(and(eq(u.id, id), eq(u.organizationId, organizationId)));
    await recordAuditEntry(tx, { organizationId, action: "user.deleted", target: { type: "User", id, label: current.email }, details: { role: current.role } });
  });
  announceLocally("user", id);
}
