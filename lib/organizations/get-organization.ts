import { eq } from "drizzle-orm";
import { tables, type Executor } from "@/lib/db";
import { ApiError } from "@/lib/core/errors";

export async function findOrganizationByCode(db: Executor, code: string) {
  const [organization] = await db.select().from(tables.organizations).where(eq(tables.organizations.code, code)).limit(1);
  return organization;
}

export async function getOrganizationOrThrow(db: Executor, organizationId: string) {
  const [organization] = await db
    .select()
    .from(tables.organizations)
    .where(eq(tables.organizations.id, organizationId))
    .limit(1);
  if (!organization) throw new ApiError("not_found", "organization not found");
  return organization;
}
