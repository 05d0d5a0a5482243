import { rmSync } from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase } from "@/lib/db/client";
import { installJobQueue } from "@/lib/jobs/queue";
import { ALL_TASKS } from "@/lib/jobs/tasks";
import type { TestProject } from "vitest/node";
import { seedFixtures } from "./fixtures";
import { TEST_DATA_ROOT, withDatabase } from "./test-env";

declare module "vitest" {
  export interface ProvidedContext {
    /** The PostgreSQL template database of this run ("" on the embedded database). */
    pgTemplate: string;
    /** The embedded template directory of this run (one per run, so concurrent runs never collide). */
    templateDir: string;
  }
}

/**
 * Prepares, once per run, a migrated database holding the fixtures; every test file's server starts
 * from a copy of it (a copied directory, or `CREATE DATABASE … TEMPLATE`), so files stay isolated.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.config.env?.TEST_DB_KIND === "postgresql") return setupPostgres(project);
  const templateDir = path.join(TEST_DATA_ROOT, `template-${process.pid}-${randomBytes(3).toString("hex")}`);
  project.provide("pgTemplate", "");
  project.provide("templateDir", templateDir);
  const database = await openDatabase({ dataDir: templateDir, DATABASE_URL: undefined, DATABASE_POOL_MAX: 1 });
  await seedFixtures(database.db);
  // Servers would install the job queue at start; the template spares every test file the time.
  await installJobQueue(database, ALL_TASKS);
  await database.close();
  return async () => rmSync(templateDir, { recursive: true, force: true });
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
  await installJobQueue(database, ALL_TASKS);
  await database.close();
  project.provide("pgTemplate", template);
  project.provide("templateDir", "");

  return async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await client.end();
  };
}
