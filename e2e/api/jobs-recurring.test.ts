import { spawn, type ChildProcess } from "node:child_process";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { prepareDatabase, stopProcess } from "../support/server";
import { TEST_SECRETS } from "../support/test-env";

/**
 * A recurring task fires once per period however many runners there are (docs/decisions/0019): two
 * `npm run worker` processes on one PostgreSQL database, watched over two periods of the every-minute
 * `webhooks.sweep`.
 */
const isPostgres = process.env.TEST_DB_KIND === "postgresql";
const workers: ChildProcess[] = [];
let drop: (() => Promise<void>) | undefined;
afterAll(async () => {
  for (const worker of workers) await stopProcess(worker);
  await drop?.();
});

describe.runIf(isPostgres)("recurring tasks", () => {
  it("fire once per minute with two runners", async () => {
    const prepared = await prepareDatabase();
    drop = prepared.drop;
    for (let index = 0; index < 2; index++) {
      const worker = spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], {
        env: { PATH: process.env.PATH, HOME: process.env.HOME, ...TEST_SECRETS, DATABASE_URL: prepared.databaseUrl, LOG_LEVEL: "warn", JOBS_POLL_MS: "200" } as Record<string, string | undefined> as NodeJS.ProcessEnv,
        stdio: ["ignore", "ignore", "inherit"],
      });
      workers.push(worker);
    }
    const client = new pg.Client({ connectionString: prepared.databaseUrl });
    await client.connect();
    try {
      type Slot = { minute: string; fired: number; completed: number };
      const slots = async () =>
        (
          await client.query<Slot>(
            `SELECT to_char(date_trunc('minute', created_on), 'HH24:MI') AS minute, count(*)::int AS fired, count(*) FILTER (WHERE state = 'completed')::int AS completed
             FROM pgboss.job WHERE name = 'webhooks.sweep' GROUP BY 1 ORDER BY 1`,
          )
        ).rows;
      // Two periods, each fired and run, whichever worker noticed it first.
      const deadline = Date.now() + 200_000;
      while ((await slots()).filter((slot) => slot.completed > 0).length < 2) {
        if (Date.now() > deadline) throw new Error(`two periods did not pass: ${JSON.stringify(await slots())}`);
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      const seen = await slots();
      expect(seen.length).toBeGreaterThanOrEqual(2);
      expect(seen.every((slot) => slot.fired === 1)).toBe(true);
      // Both workers were up the whole time.
      expect(workers.every((worker) => worker.exitCode === null)).toBe(true);
    } finally {
      await client.end();
    }
  }, 260_000);
});
