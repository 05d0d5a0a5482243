import { and, eq, sql } from "drizzle-orm";
import { tables, type Db } from "@/lib/db";

/** The account a login names: its organization by code, its email ignoring case. */
export async function findAccount(db: Db, code: string, email: string) {
  const [account] = await db
    .select({ id: tables.users.id, organizationId: tables.users.organizationId, role: tables.users.role, passwordHash: tables.users.passwordHash })
    .from(tables.users)
    .innerJoin(tables.organizations, eq(tables.organizations.id, tables.users.organizationId))
    .where(and(eq(tables.organizations.code, code.trim().toLowerCase()), sql`lower(${tables.users.email}) = lower(${email.trim()})`))
    .limit(1);
  return account;
}

/** The organization a login code names, if any. */
export async function findOrganizationIdByCode(db: Db, code: string): Promise<string | undefined> {
  const [row] = await db.select({ id: tables.organizations.id }).from(tables.organizations).where(eq(tables.organizations.code, code.trim().toLowerCase())).limit(1);
  return row?.id;
}
