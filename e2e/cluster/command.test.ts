import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../support/server";
import { TEST_DATA_ROOT, withDatabase } from "../support/test-env";

/**
 * `npm run cluster` as an operator runs it: it creates its database when missing, prints what it
 * started, answers through its proxy, and on SIGTERM stops every process it started.
 */
const adminUrl = process.env.TEST_DATABASE_URL!;
const name = `fcs_cluster_t_${randomBytes(4).toString("hex")}`;
const dataDir = path.join(TEST_DATA_ROOT, name);

async function dropDatabase(): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

async function databaseExists(): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return (await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])).rowCount === 1;
  } finally {
    await client.end();
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

afterAll(async () => {
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("npm run cluster", () => {
  it("starts two servers, a worker and an S3 API server behind its proxy, and stops them all on SIGTERM", async () => {
    mkdirSync(dataDir, { recursive: true });
    const port = await freePort();
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/cluster.ts", "--port", String(port), "--host", "127.0.0.1", "--no-demo"], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: "production",
        DATABASE_URL: withDatabase(adminUrl, name),
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        // The test run's build (a rebuild here would pull it from under the other suites).
        SKIP_BUILD: "1",
        ...(process.env.NEXT_DIST_DIR ? { NEXT_DIST_DIR: process.env.NEXT_DIST_DIR } : {}),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setInterval(() => {
          if (output.includes("Stop it with Ctrl-C.")) {
            clearInterval(timer);
            resolve();
          }
        }, 100);
        void exited.then((code) => {
          clearInterval(timer);
          reject(new Error(`npm run cluster exited (${code}) before it was ready:\n${output}`));
        });
      });

      expect(output).toContain(`Created the database ${withDatabase(adminUrl, name)}`);
      expect(await databaseExists()).toBe(true);
      const summary = output.slice(output.indexOf("Cluster ready:"));
      for (const row of ["proxy", "server-1", "server-2", "worker", "PostgreSQL", "S3", "Redis"]) expect(summary).toMatch(new RegExp(`^  ${row} `, "m"));
      expect(summary).toContain(`http://127.0.0.1:${port} (round-robin over 2 servers`);
      const pids = [...summary.matchAll(/\(pid (\d+)\)/g)].map((match) => Number(match[1]));
      expect(pids).toHaveLength(4);
      for (const pid of pids) expect(isAlive(pid)).toBe(true);

      const ready = await fetch(`http://127.0.0.1:${port}/api/v3/health/ready`);
      expect(ready.status).toBe(200);
      // The secrets every process shares were made once, beside the cluster's files.
      expect(existsSync(path.join(dataDir, "cluster", ".secrets.json"))).toBe(true);

      child.kill("SIGTERM");
      expect(await exited).toBe(0);
      expect(output).toContain("Cluster stopped.");
      expect(pids.filter(isAlive)).toEqual([]);
    } finally {
      child.kill("SIGKILL");
    }
  });
});
