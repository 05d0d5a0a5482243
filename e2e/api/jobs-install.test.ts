import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { TEST_SECRETS, withDatabase } from "../support/test-env";

Object.assign(process.env, TEST_SECRETS, { LOG_LEVEL: "silent" });

const { openDatabase } = await import("@/lib/db/client");
const { installJobQueue } = await import("@/lib/jobs/queue");
const { ALL_TASKS } = await import("@/lib/jobs/tasks");

/**
 * Several processes starting at once on a new PostgreSQL database (the first deployment of several
 * servers, or `npm run cluster` on its new database) each install the job queue; all of them must
 * start (docs/decisions/0019).
 */
const isPostgres = process.env.TEST_DB_KIND === "postgresql";
const adminUrl = process.env.TEST_DATABASE_URL ?? "";
const name = `fcs_jobs_install_${randomBytes(4).toString("hex")}`;

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  if (isPostgres) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

describe.runIf(isPostgres)("installing the job queue", () => {
  it("succeeds in every one of several processes installing it at once on a new database", async () => {
    await admin(`CREATE DATABASE ${name}`);
    const url = withDatabase(adminUrl, name);
    // Migrated once, as a first process would have; then three "processes", each with its own pool.
    await (await openDatabase({ DATABASE_URL: url, DATABASE_POOL_MAX: 2, dataDir: "" })).close();
    const databases = await Promise.all([0, 1, 2].map(() => openDatabase({ DATABASE_URL: url, DATABASE_POOL_MAX: 4, dataDir: "" })));
    try {
      const outcomes = await Promise.allSettled(databases.map((database) => installJobQueue(database, ALL_TASKS)));
      expect(outcomes.map((outcome) => (outcome.status === "rejected" ? String(outcome.reason) : "installed"))).toEqual(["installed", "installed", "installed"]);
    } finally {
      await Promise.all(databases.map((database) => database.close()));
    }
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const queues = (await client.query<{ name: string }>("SELECT name FROM pgboss.queue ORDER BY name")).rows.map((row) => row.name);
      expect(queues).toEqual(expect.arrayContaining(ALL_TASKS.map((task) => task.name)));
    } finally {
      await client.end();
    }
  });
});
