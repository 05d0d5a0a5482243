/**
 * Creates the organization of every admin spec (e2e/admin/*.spec.ts) with its admin, in the database
 * of DATA_DIR, before scripts/e2e-server.mjs starts the server on it (the embedded database is one
 * process at a time). One process for all of them: the migrations run once, and each organization
 * costs one password hash.
 */
import { readdirSync } from "node:fs";
import { closeDatabase, getDb } from "@/lib/db";
import { ensureOrganization } from "@/lib/organizations/bootstrap";
import { E2E_ADMIN, E2E_ORGANIZATION, organizationCodeOf } from "../e2e/admin/credentials";

async function main() {
  const started = performance.now();
  const db = await getDb();
  const opened = performance.now();
  const specs = readdirSync("e2e/admin").filter((file) => file.endsWith(".spec.ts"));
  for (const spec of specs) {
    await ensureOrganization(db, {
      code: organizationCodeOf(spec),
      name: E2E_ORGANIZATION.name,
      languages: [...E2E_ORGANIZATION.languages],
      defaultLanguage: E2E_ORGANIZATION.defaultLanguage,
      adminEmail: E2E_ADMIN.email,
      adminPassword: E2E_ADMIN.password,
    });
  }
  await closeDatabase();
  // On stderr, which Playwright shows: the time this adds before the server starts.
  console.error(`e2e-organizations: database opened and migrated in ${Math.round(opened - started)} ms, ${specs.length} organizations created in ${Math.round(performance.now() - opened)} ms`);
}

main().catch(async (error: unknown) => {
  await closeDatabase().catch(() => undefined);
  console.error("e2e-organizations: failed:", error);
  process.exit(1);
});
