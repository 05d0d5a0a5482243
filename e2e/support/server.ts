import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { ResponseValidator, type OpenApiDocument } from "./openapi-contract";
import { startS3Server, type TestS3Server } from "./s3-server";
import { TEST_DATA_ROOT, TEST_SECRETS, withDatabase } from "./test-env";

/**
 * Where test servers keep files: a local directory, or with `TEST_STORAGE=s3` a real S3 API server
 * (s3rver) that the test starts on a free port and stops again.
 */
export const TEST_STORAGE: "local" | "s3" = process.env.TEST_STORAGE === "s3" ? "s3" : "local";

export type TestServer = {
  baseUrl: string;
  apiUrl: string;
  database: "embedded" | "postgresql";
  /** The server's DATA_DIR (embedded) or DATABASE_URL (postgresql). */
  dataDir: string;
  databaseUrl?: string;
  storage: "local" | "s3";
  /** The S3 API server the test started (with `TEST_STORAGE=s3`). */
  s3?: TestS3Server;
  /**
   * Every stored object's key (`{organization}/{upload}/original` …), sorted. Locally this includes
   * the temporary files of writes in progress (`.tmp/…`); an S3 store shows only complete objects.
   */
  storedKeys: () => Promise<string[]>;
  process: ChildProcess;
  /** The server's own OpenAPI document, which every answer `call` and `apiFetch` get is checked against. */
  contract: ResponseValidator;
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
  reuse?: { dataDir: string; databaseUrl?: string; s3?: TestS3Server };
  keepData?: boolean;
  /** Where files go (default `TEST_STORAGE`); a test of the local directory, or one that brings its own store in `env`, says `local`. */
  storage?: "local" | "s3";
};

type PreparedData = { dataDir: string; databaseUrl?: string; s3?: TestS3Server; drop: () => Promise<void> };

/**
 * A fresh copy of the run's fixture database: a directory (embedded) or a database (PostgreSQL);
 * with `TEST_STORAGE=s3` also an S3 API server with an empty bucket.
 */
export async function prepareDatabase(): Promise<PreparedData> {
  const kind = process.env.TEST_DB_KIND === "postgresql" ? "postgresql" : "embedded";
  const id = randomBytes(5).toString("hex");
  const dataDir = path.join(TEST_DATA_ROOT, `run-${id}`);
  mkdirSync(dataDir, { recursive: true });
  const s3 = TEST_STORAGE === "s3" ? await startS3Server() : undefined;
  const stopStore = async () => s3?.stop();
  if (kind === "embedded") {
    cpSync(path.join(inject("templateDir"), "pg"), path.join(dataDir, "pg"), { recursive: true });
    return {
      dataDir,
      s3,
      drop: async () => {
        await stopStore();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
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
    s3,
    drop: async () => {
      await stopStore();
      rmSync(dataDir, { recursive: true, force: true });
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** Files under a local storage directory, as keys; a write in progress shows as `.tmp/{id}.part`. */
function localKeys(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
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

/** Spawns the production server (`npm start`) on 127.0.0.1 with `env`, without waiting. */
export function spawnProductionServer(env: NodeJS.ProcessEnv, port: number): ChildProcess {
  return spawn(process.execPath, ["scripts/start.mjs"], {
    env: { ...env, PORT: String(port), HOSTNAME: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/** Spawns the production server for the built app and waits until it answers. */
export async function spawnServer(env: NodeJS.ProcessEnv, port: number): Promise<{ child: ChildProcess; output: () => string }> {
  let output = "";
  const child = spawnProductionServer(env, port);
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

/**
 * The document the server serves. Fetched from an address of its own (a documentation range), so
 * it spends nothing of the rate limit a test counts on.
 */
export async function fetchOpenApiDocument(baseUrl: string): Promise<OpenApiDocument> {
  const response = await fetch(`${baseUrl}/api/v3/openapi.json`, { headers: { "X-Forwarded-For": "192.0.2.254" } });
  if (response.status !== 200) throw new Error(`GET /openapi.json answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as OpenApiDocument;
}

/** Starts the real production server on a free port over a fresh copy of the fixture database. */
export async function startTestServer(options: StartOptions = {}): Promise<TestServer> {
  const prepared: PreparedData = options.reuse ? { ...options.reuse, drop: async () => undefined } : await prepareDatabase();
  // A reused database without its store (a test that restarts on the same data): a store of its own.
  const storage = options.storage ?? TEST_STORAGE;
  const ownStore = storage === "s3" && !prepared.s3 ? await startS3Server() : undefined;
  const s3 = storage === "s3" ? (prepared.s3 ?? ownStore) : undefined;
  const port = await freePort();
  const env = serverEnv(port, prepared.dataDir, prepared.databaseUrl, { ...s3?.env, ...options.env });
  let started: Awaited<ReturnType<typeof spawnServer>>;
  try {
    started = await spawnServer(env, port);
  } catch (error) {
    await ownStore?.stop();
    throw error;
  }
  const { child, output } = started;
  const baseUrl = `http://127.0.0.1:${port}`;
  let contract: ResponseValidator;
  try {
    contract = new ResponseValidator(await fetchOpenApiDocument(baseUrl));
  } catch (error) {
    await stopProcess(child);
    await ownStore?.stop();
    throw error;
  }
  const storageDir = env.STORAGE_DIR ?? path.join(prepared.dataDir, "storage");
  return {
    baseUrl,
    apiUrl: `${baseUrl}/api/v3`,
    database: prepared.databaseUrl ? "postgresql" : "embedded",
    dataDir: prepared.dataDir,
    databaseUrl: prepared.databaseUrl,
    storage: env.S3_BUCKET ? "s3" : "local",
    s3,
    storedKeys: async () => (env.S3_BUCKET && s3 ? s3.listKeys() : localKeys(storageDir)),
    process: child,
    contract,
    output,
    stop: async () => {
      await stopProcess(child);
      await ownStore?.stop();
      if (!options.keepData) await prepared.drop();
    },
  };
}
