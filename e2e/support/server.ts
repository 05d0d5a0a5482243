import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, mkdirSync, rmSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { TEST_DATA_ROOT, TEST_SECRETS, withDatabase } from "./test-env";

export type TestServer = {
  baseUrl: string;
  apiUrl: string;
  database: "embedded" | "postgresql";
  /** The server's DATA_DIR (embedded) or DATABASE_URL (postgresql). */
  dataDir: string;
  databaseUrl?: string;
  process: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

type StartOptions = {
  env?: Record<string, string>;
  /** Reuse a database prepared by an earlier server of the same test (restart tests). */
  reuse?: { dataDir: string; databaseUrl?: string };
  keepData?: boolean;
};

/** A fresh copy of the run's fixture database: a directory (embedded) or a database (PostgreSQL). */
export async function prepareDatabase(): Promise<{ dataDir: string; databaseUrl?: string; drop: () => Promise<void> }> {
  const kind = process.env.TEST_DB_KIND === "postgresql" ? "postgresql" : "embedded";
  const id = randomBytes(5).toString("hex");
  const dataDir = path.join(TEST_DATA_ROOT, `run-${id}`);
  mkdirSync(dataDir, { recursive: true });
  if (kind === "embedded") {
    cpSync(path.join(inject("templateDir"), "pg"), path.join(dataDir, "pg"), { recursive: true });
    return { dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `fcs_t_${id}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject("pgTemplate")}`);
  await admin.end();
  return {
    dataDir,
    databaseUrl: withDatabase(adminUrl, name),
    drop: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export function serverEnv(port: number, dataDir: string, databaseUrl: string | undefined, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    PORT: String(port),
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    WEBHOOK_ALLOW_PRIVATE: "1",
    QUERY_COUNT_HEADER: "1",
    ...(process.env.NEXT_DIST_DIR ? { NEXT_DIST_DIR: process.env.NEXT_DIST_DIR } : {}),
    ...TEST_SECRETS,
    ...extra,
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  return env;
}

/** Spawns `next start` for the built app and waits until it answers. */
export async function spawnServer(env: NodeJS.ProcessEnv, port: number): Promise<{ child: ChildProcess; output: () => string }> {
  let output = "";
  const child = spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "-p", String(port), "-H", "127.0.0.1"], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/v3/health`);
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not become healthy in 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, output: () => output };
}

export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill(signal);
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Starts the real production server on a free port over a fresh copy of the fixture database. */
export async function startTestServer(options: StartOptions = {}): Promise<TestServer> {
  const prepared = options.reuse ? { ...options.reuse, drop: async () => undefined } : await prepareDatabase();
  const port = await freePort();
  const { child, output } = await spawnServer(serverEnv(port, prepared.dataDir, prepared.databaseUrl, options.env), port);
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    apiUrl: `${baseUrl}/api/v3`,
    database: prepared.databaseUrl ? "postgresql" : "embedded",
    dataDir: prepared.dataDir,
    databaseUrl: prepared.databaseUrl,
    process: child,
    output,
    stop: async () => {
      await stopProcess(child);
      if (!options.keepData) await prepared.drop();
    },
  };
}
