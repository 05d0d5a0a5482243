/**
 * `npm run cluster`: the scaled topology on one machine (docs/deployment.md). Two servers and one
 * worker on PostgreSQL, an S3 API server, Redis when it answers, all behind a round-robin proxy on
 * one port. It prints what it started; Ctrl-C (or SIGTERM) stops everything.
 *
 *   npm run cluster -- [--port 3000] [--host 0.0.0.0] [--servers 2] [--workers 1] [--no-demo]
 *
 * DATABASE_URL (default postgres://postgres@127.0.0.1:5432/fcs_cluster) is created when missing;
 * S3_BUCKET and its settings use that store instead of starting one; REDIS_URL names a Redis.
 * It builds the production server first when the sources changed, unless SKIP_BUILD=1.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { buildIfStale } from "./build-if-stale.mjs";
import { describeDatabaseUrl, ensureDatabase } from "./cluster/database";
import { describeExit, type ClusterProcess } from "./cluster/processes";
import { startCluster, type Cluster } from "./cluster/start-cluster";

const DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/fcs_cluster";
const USAGE = "usage: npm run cluster -- [--port 3000] [--host 0.0.0.0] [--servers 2] [--workers 1] [--no-demo]";

function count(value: string | undefined, name: string, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min || parsed > 65535) throw new UsageError(`--${name}: must be a whole number from ${min}`);
  return parsed;
}

class UsageError extends Error {}

function parseOptions() {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: process.argv.slice(2),
      options: {
        port: { type: "string" },
        host: { type: "string" },
        servers: { type: "string" },
        workers: { type: "string" },
        "no-demo": { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  return {
    port: count((values.port as string | undefined) ?? process.env.PORT, "port", 3000, 0),
    host: (values.host as string | undefined) ?? "0.0.0.0",
    servers: count(values.servers as string | undefined, "servers", 2, 1),
    workers: count(values.workers as string | undefined, "workers", 1, 0),
    demo: !values["no-demo"],
  };
}

/** The S3 settings the operator gave, when they name a bucket (the cluster then starts no S3 API server). */
function operatorS3Env(): Record<string, string> | undefined {
  if (!process.env.S3_BUCKET) return undefined;
  return Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[0].startsWith("S3_") && entry[1] !== undefined));
}

function printLine(name: string, line: string): void {
  process.stdout.write(`${name.padEnd(9)}| ${line}\n`);
}

function summary(cluster: Cluster, dataDir: string): string {
  const rows: [string, string][] = [
    ["proxy", `${cluster.url} (round-robin over ${cluster.servers.length} servers; API ${cluster.url}/api/v3, admin ${cluster.url}/admin)`],
    ...cluster.servers.map((server): [string, string] => [server.name, `${server.url} (pid ${server.process.pid})`]),
    ...cluster.workers.map((worker): [string, string] => [worker.name, `jobs only (pid ${worker.pid})`]),
    ["PostgreSQL", describeDatabaseUrl(cluster.databaseUrl)],
    [
      "S3",
      cluster.s3.process
        ? `s3rver at ${cluster.s3.endpoint}, bucket ${cluster.s3.bucket}, files in ${path.relative(process.cwd(), cluster.s3.directory!) || "."} (pid ${cluster.s3.process.pid})`
        : `${cluster.s3.endpoint ?? "AWS"}, bucket ${cluster.s3.bucket}`,
    ],
    ["Redis", cluster.redisUrl ? `${cluster.redisUrl} (the shared rate limit)` : "none answered on 127.0.0.1:6379: each server counts its own rate limit"],
    ["data", `${path.relative(process.cwd(), dataDir) || "."} (secrets of this cluster)`],
  ];
  return ["", "Cluster ready:", ...rows.map(([name, text]) => `  ${name.padEnd(11)} ${text}`), "", "Stop it with Ctrl-C.", ""].join("\n");
}

async function main(): Promise<void> {
  if (existsSync(".env")) process.loadEnvFile(".env");
  const options = parseOptions();
  // As `npm test`: SKIP_BUILD=1 runs the build that is there.
  if (process.env.SKIP_BUILD !== "1") buildIfStale();
  const databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  if (await ensureDatabase(databaseUrl)) console.log(`Created the database ${describeDatabaseUrl(databaseUrl)}`);
  const dataDir = path.resolve(process.env.DATA_DIR ?? "./data", "cluster");

  const running: { cluster?: Cluster } = {};
  let isStopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (isStopping && running.cluster) {
      // A second Ctrl-C: no more waiting for work in flight.
      console.log(`\n${signal} again: killing the cluster's processes.`);
      const { servers, workers, s3 } = running.cluster;
      void Promise.all([...servers.map((server) => server.process), ...workers, ...(s3.process ? [s3.process] : [])].map((child) => child.kill())).then(() => process.exit(1));
      return;
    }
    if (isStopping) return;
    isStopping = true;
    console.log(`\n${signal}: stopping the cluster (requests and jobs in flight finish first)…`);
    // Still starting: stopped as soon as it has started.
    if (!running.cluster) return;
    void running.cluster.stop().then(
      () => {
        console.log("Cluster stopped.");
        process.exit(0);
      },
      (error: unknown) => {
        console.error(`error while stopping: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));

  console.log("Starting the cluster…");
  const cluster = (running.cluster = await startCluster({
    databaseUrl,
    dataDir,
    port: options.port,
    host: options.host,
    servers: options.servers,
    workers: options.workers,
    s3Env: operatorS3Env(),
    redisUrl: process.env.REDIS_URL || undefined,
    demo: options.demo,
    onOutput: printLine,
  }));
  if (isStopping) {
    isStopping = false;
    stop("SIGINT");
    return;
  }
  console.log(summary(cluster, dataDir));
  const watch = (process: ClusterProcess) =>
    void process.exited.then((exit) => {
      if (!isStopping) console.log(`\n${process.name} exited (${describeExit(exit)}); the others go on. Stop the cluster with Ctrl-C.\n`);
    });
  for (const server of cluster.servers) watch(server.process);
  for (const worker of cluster.workers) watch(worker);
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`error: ${message}${error instanceof UsageError ? `\n${USAGE}` : ""}\n`);
  process.exit(1);
});
