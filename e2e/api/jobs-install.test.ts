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
  if (isPostgres) await admin(`DROP DATABASE IF EXISTS ${name}_lock WITH (FORCE)`);
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

  it("lets one process at a time hold a lock: a second waits on the database until the first is done", async () => {
    await admin(`CREATE DATABASE ${name}_lock`);
    const url = withDatabase(adminUrl, `${name}_lock`);
    // One after the other: the first migrates the new database.
    const first = await openDatabase({ DATABASE_URL: url, DATABASE_POOL_MAX: 2, dataDir: "" });
    const second = await openDatabase({ DATABASE_URL: url, DATABASE_POOL_MAX: 2, dataDir: "" });
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const order: string[] = [];
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      const firstDone = first.exclusively("fcs.test.lock", async () => {
        order.push("first in");
        await held;
        order.push("first out");
      });
      await expect.poll(() => order).toEqual(["first in"]);
      const secondDone = second.exclusively("fcs.test.lock", async () => {
        order.push("second in");
      });
      // The second process waits on the lock in the database, not in this one.
      const waiting = async () => (await client.query("SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted")).rows[0].n;
      await expect.poll(waiting, { timeout: 10_000 }).toBe(1);
      expect(order).toEqual(["first in"]);
      release();
      await Promise.all([firstDone, secondDone]);
      expect(order).toEqual(["first in", "first out", "second in"]);
      expect(await waiting()).toBe(0);
    } finally {
      await client.end();
      await Promise.all([first.close(), second.close()]);
    }
  });
});
