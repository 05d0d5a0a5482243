import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { cache } from "react";
import { getDb, tables } from "@/lib/db";

/**
 * The languages a translator may edit and publish, read from the user record on every page load: an
 * admin may change them while the person is signed in, and the API checks the stored value anyway.
 * Empty for every other role (they are not limited by language). Once per request: the layout and the
 * page both ask.
 */
export const getAdminTranslatorLanguages = cache(async (organizationCode: string | null, email: string | null): Promise<string[]> => {
  if (!organizationCode || !email) return [];
  const users = tables.users;
  const [user] = await (await getDb())
    .select({ role: users.role, languages: users.languages })
    .from(users)
    .innerJoin(tables.organizations, eq(tables.organizations.id, users.organizationId))
    .where(and(eq(tables.organizations.code, organizationCode), sql`lower(${users.email}) = ${email.toLowerCase()}`))
    .limit(1);
  return user?.role === "translator" ? user.languages : [];
});
