import { existsSync } from "node:fs";
import path from "node:path";
import { openDatabase } from "@/lib/db/client";
import { parseEnv, resolveSecrets } from "@/lib/env";
import { createRoundRobinProxy, type RoundRobinProxy } from "./proxy";
import { freePort, redisAnswers, ROOT, spawnNode, waitUntilAnswers, type ClusterProcess, type OutputListener } from "./processes";

/**
 * The scaled topology on one machine (`npm run cluster`, and the cluster tests through the same
 * function): servers and workers on one PostgreSQL database, an S3 API server, Redis when it answers,
 * and a round-robin proxy in front of the servers. docs/deployment.md describes it.
 */
export type ClusterOptions = {
  /** The PostgreSQL database every process shares (it must exist; it is migrated here). */
  databaseUrl: string;
  /** Where the cluster keeps its generated secrets and the S3 API server's files. */
  dataDir: string;
  /** The proxy's port (0: any free one) and address. */
  port: number;
  host?: string;
  servers?: number;
  workers?: number;
  /**
   * The object store: the `S3_*` settings of an existing one, or (default) an S3 API server started
   * here over `dataDir/s3`.
   */
  s3Env?: Record<string, string>;
  /** Redis: a URL, `false` for none, or (default) 127.0.0.1:6379 when it answers PING. */
  redisUrl?: string | false;
  /** The environment every process starts from (default this process's); `JWT_SECRET` and `SECRET_KEY` are taken from it when set. */
  env?: NodeJS.ProcessEnv;
  /** Extra settings of the servers, and of the workers. */
  serverEnv?: Record<string, string>;
  workerEnv?: Record<string, string>;
  /** The address clients use (default the proxy's). */
  publicBaseUrl?: string;
  /** Create the demo organization (and catalogue) on the first server's start, as `npm run demo` does. */
  demo?: boolean;
  /** Every line the cluster's processes print. */
  onOutput?: OutputListener;
  /** How long a server may take to become ready. */
  readyTimeoutMs?: number;
};

export type ClusterServer = { name: string; url: string; process: ClusterProcess };

export type Cluster = {
  /** The proxy's base URL: what clients use. */
  url: string;
  proxy: RoundRobinProxy;
  servers: ClusterServer[];
  /** The running workers (`startWorker` adds one). */
  workers: ClusterProcess[];
  databaseUrl: string;
  s3: { env: Record<string, string>; endpoint: string | undefined; bucket: string; process: ClusterProcess | undefined; directory: string | undefined };
  redisUrl: string | undefined;
  /** The environment the cluster's processes share (database, store, Redis, secrets, address). */
  env: NodeJS.ProcessEnv;
  /** Starts one more worker (`npm run worker`) with the cluster's settings. */
  startWorker: (extra?: Record<string, string>) => ClusterProcess;
  /** Stops the proxy, then the servers and workers (SIGTERM: they finish what is in flight), then the S3 API server. */
  stop: () => Promise<void>;
};

export const DEFAULT_REDIS_URL = "redis://127.0.0.1:6379";
export const S3_BUCKET = "fcs-cluster";
/** s3rver's fixed key pair: it checks request signatures against it. */
const S3RVER_KEYS = { S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: "S3RVER" };

/** Settings a process of the cluster must not inherit: the cluster sets them per process, or they contradict its topology. */
const NOT_INHERITED = ["PORT", "HOSTNAME", "STORAGE_DIR", "DATABASE_URL", "REDIS_URL", "S3_BUCKET", "S3_ENDPOINT", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_FORCE_PATH_STYLE", "DEMO_MODE", "NODE_OPTIONS"];

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  if (!existsSync(path.join(ROOT, process.env.NEXT_DIST_DIR || ".next", "BUILD_ID"))) {
    throw new Error("no production build found: run `npm run build` first");
  }
  const base = options.env ?? process.env;
  const readyTimeoutMs = options.readyTimeoutMs ?? 90_000;
  // Each process has a directory of its own, as on separate machines: nothing is shared through local files.
  const dataDir = path.resolve(options.dataDir);
  const started: ClusterProcess[] = [];
  let proxy: RoundRobinProxy | undefined;
  let s3Process: ClusterProcess | undefined;
  let stopping: Promise<void> | undefined;
  // Clients first, then what serves them, then the store they write to.
  const stopAll = () =>
    (stopping ??= (async () => {
      await proxy?.close();
      await Promise.all(started.filter((process) => process !== s3Process).map((process) => process.stop()));
      await s3Process?.stop();
    })());

  try {
    // The same secrets in every process: tokens and signed addresses from one are checked by the others.
    const secrets = resolveSecrets(
      parseEnv({ NODE_ENV: "development", DATA_DIR: dataDir, JWT_SECRET: base.JWT_SECRET, SECRET_KEY: base.SECRET_KEY }),
    );

    let s3Env = options.s3Env;
    const s3Directory = s3Env ? undefined : path.join(dataDir, "s3");
    if (!s3Env) {
      s3Process = spawnNode("s3", [path.join(ROOT, "scripts/cluster/s3-server.mjs"), s3Directory!, S3_BUCKET], { PATH: base.PATH, HOME: base.HOME, NODE_ENV: "production" }, options.onOutput);
      started.push(s3Process);
      const { port } = JSON.parse(await s3Process.waitForLine((line) => line.startsWith('{"port":'), 30_000)) as { port: number };
      s3Env = { S3_BUCKET, S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_REGION: "us-east-1", S3_FORCE_PATH_STYLE: "1", ...S3RVER_KEYS };
    }

    const redisUrl = options.redisUrl === false ? undefined : (options.redisUrl ?? ((await redisAnswers(DEFAULT_REDIS_URL)) ? DEFAULT_REDIS_URL : undefined));

    // Migrated once, before any process starts: two servers applying the same migration at once would collide.
    const database = await openDatabase({ DATABASE_URL: options.databaseUrl, DATABASE_POOL_MAX: 1, dataDir: "" });
    await database.close();

    const serverCount = options.servers ?? 2;
    const ports = await Promise.all(Array.from({ length: serverCount }, () => freePort()));
    const serverUrls = ports.map((port) => `http://127.0.0.1:${port}`);
    proxy = createRoundRobinProxy({ backends: serverUrls });
    const url = await proxy.listen(options.port, options.host);

    const inherited = Object.fromEntries(Object.entries(base).filter(([name]) => !NOT_INHERITED.includes(name)));
    const env: NodeJS.ProcessEnv = {
      ...inherited,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      DATABASE_URL: options.databaseUrl,
      JWT_SECRET: secrets.jwtSecret,
      SECRET_KEY: secrets.secretKey,
      PUBLIC_BASE_URL: options.publicBaseUrl ?? base.PUBLIC_BASE_URL ?? url,
      ...s3Env,
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    };

    const servers = ports.map((port, index): ClusterServer => {
      const name = `server-${index + 1}`;
      const serverEnv = {
        ...env,
        ...options.serverEnv,
        DATA_DIR: path.join(dataDir, name),
        PORT: String(port),
        HOSTNAME: "127.0.0.1",
        ...(options.demo && index === 0 ? { DEMO_MODE: "1" } : {}),
      };
      const process = spawnNode(name, ["scripts/start.mjs"], serverEnv, options.onOutput);
      started.push(process);
      return { name, url: serverUrls[index]!, process };
    });
    const workers: ClusterProcess[] = [];
    let workerCount = 0;
    const startWorker = (extra: Record<string, string> = {}) => {
      workerCount += 1;
      const name = workerCount === 1 ? "worker" : `worker-${workerCount}`;
      const worker = spawnNode(name, ["--import", "tsx", "scripts/worker.ts"], { ...env, ...options.workerEnv, ...extra, DATA_DIR: path.join(dataDir, name) }, options.onOutput);
      started.push(worker);
      workers.push(worker);
      void worker.exited.then(() => {
        const index = workers.indexOf(worker);
        if (index >= 0) workers.splice(index, 1);
      });
      return worker;
    };
    for (let index = 0; index < (options.workers ?? 1); index += 1) startWorker();

    await Promise.all(servers.map((server) => waitUntilAnswers(`${server.url}/api/v3/health/ready`, server.process, readyTimeoutMs)));
    for (const worker of workers) {
      if (!worker.isRunning()) throw new Error(`${worker.name} stopped during the cluster's start:\n${worker.output()}`);
    }
    await proxy.probe();

    return {
      url,
      proxy,
      servers,
      workers,
      databaseUrl: options.databaseUrl,
      s3: { env: s3Env, endpoint: s3Env.S3_ENDPOINT, bucket: s3Env.S3_BUCKET!, process: s3Process, directory: s3Directory },
      redisUrl,
      env,
      startWorker,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
