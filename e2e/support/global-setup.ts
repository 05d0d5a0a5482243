import { rmSync } from "node:fs";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase } from "@/lib/db/client";
import type { TestProject } from "vitest/node";
import { seedFixtures } from "./fixtures";
import { TEMPLATE_DATA_DIR, withDatabase } from "./test-env";

declare module "vitest" {
  export interface ProvidedContext {
    /** The PostgreSQL template database of this run ("" on the embedded database). */
    pgTemplate: string;
  }
}

/**
 * Prepares, once per run, a migrated database holding the fixtures; every test file's server starts
 * from a copy of it (a copied directory, or `CREATE DATABASE … TEMPLATE`), so files stay isolated.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.config.env?.TEST_DB_KIND === "postgresql") return setupPostgres(project);
  project.provide("pgTemplate", "");
  rmSync(TEMPLATE_DATA_DIR, { recursive: true, force: true });
  const database = await openDatabase({ dataDir: TEMPLATE_DATA_DIR, DATABASE_URL: undefined, DATABASE_POOL_MAX: 1 });
  await seedFixtures(database.db);
  await database.close();
  return async () => rmSync(TEMPLATE_DATA_DIR, { recursive: true, force: true });
}

async function setupPostgres(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is required for the PostgreSQL suites");
  const template = `fcs_tpl_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  await admin.end();

  const database = await openDatabase({ dataDir: "", DATABASE_URL: withDatabase(adminUrl, template), DATABASE_POOL_MAX: 2 });
  await seedFixtures(database.db);
  await database.close();
  project.provide("pgTemplate", template);

  return async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await client.end();
  };
}
