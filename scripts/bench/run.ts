/**
 * `npm run bench [-- --quick] [--scale N] [--duration S] [--connections C] [--database-url URL] [--out FILE] [--embedded] [--keep] [--only a,b] [--web-concurrency N] [--api-router lean|next]`
 * `npm run bench -- --media [--quick] [--out FILE]` measures media processing instead (media.ts).
 *
 * Benchmarks the production server on PostgreSQL against the floor of what Node.js and PostgreSQL
 * do on this machine (docs/benchmarks.md):
 *  1. a fresh database `bench_run_<pid>` on the PostgreSQL server (BENCH_POSTGRES_URL, default
 *     postgres://postgres@127.0.0.1:5432/postgres) filled with the benchmark catalogue at `--scale`
 *     (`--database-url` reuses a database `npm run bench:data` filled instead);
 *  2. the production server (scripts/start.mjs) of the current build (built first when stale) on 127.0.0.1, and the floor server
 *     (floor.mjs: node:http + the same pg pool, replaying the SQL the domain code runs for the list,
 *     get and search scenarios), both on ports 3700–3799 (or the 100 from BENCH_PORT_FIRST);
 *  3. every scenario driven from this process by autocannon: warm-up, then a bounded measurement;
 *  4. a table (req/s, p50/p95/p99, ratio ours / floor), compared with budgets.json and flagged, and
 *     the results as JSON (`--out`). Budgets flag; they never fail the run (the machine is shared).
 * `--embedded` also measures the server on the embedded database (no floor there).
 * The database and servers are removed at the end (`--keep` keeps the database).
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { createDatabase, databaseUrl, dropDatabase, DEFAULT_SERVER } from "./database";

const { values: args } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    scale: { type: "string" },
    seed: { type: "string" },
    duration: { type: "string" },
    warmup: { type: "string" },
    connections: { type: "string", default: "10" },
    "database-url": { type: "string" },
    out: { type: "string" },
    label: { type: "string" },
    embedded: { type: "boolean", default: false },
    keep: { type: "boolean", default: false },
    "skip-build": { type: "boolean", default: false },
    media: { type: "boolean", default: false },
    only: { type: "string" },
    "web-concurrency": { type: "string" },
    "api-router": { type: "string" },
  },
});

const QUICK = args.quick;
const SCALE = Number(args.scale ?? (QUICK ? "0.1" : "1"));
const SEED = Number(args.seed ?? "13");
const DURATION = Number(args.duration ?? (QUICK ? "6" : "20"));
const WARMUP = Number(args.warmup ?? (QUICK ? "2" : "5"));
const CONNECTIONS = Number(args.connections);
/** Slices a measurement is cut into (alternating with the floor). */
const ROUNDS = QUICK ? 2 : 4;
if (!(SCALE > 0 && SCALE <= 10) || !(DURATION >= 1 && DURATION <= 120) || !(WARMUP >= 0 && WARMUP <= 60) || !(CONNECTIONS >= 1 && CONNECTIONS <= 100)) {
  console.error("bench: --scale in (0, 10], --duration in [1, 120] s, --warmup in [0, 60] s, --connections in [1, 100]");
  process.exit(2);
}

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const SECRETS = {
  JWT_SECRET: "bench-jwt-secret-0123456789-abcdefghijklmnopqrstuvwxyz",
  SECRET_KEY: "ffeeddccbbaa99887766554433221100ffeeddccbbaa99887766554433221100",
};
const POOL_MAX = 10;
const started = Date.now();
const log = (message: string) => console.log(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${message}`);

// The domain code imported below reads its settings from the environment (signed upload addresses).
Object.assign(process.env, SECRETS, { LOG_LEVEL: "warn" });

// ---------------------------------------------------------------------------------------------------
// Ports, processes

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

async function freePorts(count: number): Promise<number[]> {
  const ports: number[] = [];
  // BENCH_PORT_FIRST moves the range of 100 ports (sessions sharing a machine keep to their own).
  const first = Number(process.env.BENCH_PORT_FIRST ?? 3700);
  for (let port = first; port < first + 100 && ports.length < count; port++) if (await isFree(port)) ports.push(port);
  if (ports.length < count) throw new Error(`no free ports in ${first}–${first + 99}`);
  return ports;
}

type Server = { child: ChildProcess; output: () => string; stop: () => Promise<void> };

async function startProcess(command: string[], env: NodeJS.ProcessEnv, ready: () => Promise<boolean>, label: string): Promise<Server> {
  let output = "";
  const child = spawn(process.execPath, command, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.on("data", (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  child.stderr!.on("data", (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${label} exited with ${child.exitCode}:\n${output}`);
    if (await ready().catch(() => false)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${label} did not start in 90 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { child, output: () => output, stop };
}

function startApp(port: number, database: { url?: string; dataDir: string }): Promise<Server> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    ...(process.env.NEXT_DIST_DIR ? { NEXT_DIST_DIR: process.env.NEXT_DIST_DIR } : {}),
    PORT: String(port),
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: database.dataDir,
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    DATABASE_POOL_MAX: String(POOL_MAX),
    // One token sends far more than a client would; the limit is still counted on every request.
    RATE_LIMIT_PER_MINUTE: "100000000",
    LOG_LEVEL: "warn",
    // Server processes behind the port (PostgreSQL only), and the API path (docs/decisions/0025, 0026).
    ...(args["web-concurrency"] && database.url ? { WEB_CONCURRENCY: args["web-concurrency"] } : {}),
    ...(args["api-router"] ? { API_ROUTER: args["api-router"] } : {}),
    ...SECRETS,
  };
  const health = async () => (await fetch(`http://127.0.0.1:${port}/api/v3/health`)).status === 200;
  return startProcess(["scripts/start.mjs"], { ...env, PORT: String(port), HOSTNAME: "127.0.0.1" }, health, `server on ${port}`);
}

// ---------------------------------------------------------------------------------------------------
// Measurement

type Scenario = {
  name: string;
  title: string;
  method: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  /** The floor's path for this scenario, if it has one. */
  floor?: string;
};

export type Measurement = {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
  connections: number;
  seconds: number;
};

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

const round = (value: number) => Math.round(value * 100) / 100;

type Sample = { latencies: number[]; requests: number; seconds: number; errors: number; non2xx: number; connections: number };

/** One bounded autocannon run (`seconds` long); with `collect`, every response's latency. */
async function drive(base: string, scenario: Scenario, seconds: number, collect: boolean): Promise<Sample> {
  const connections = scenario.connections ?? CONNECTIONS;
  const latencies: number[] = [];
  const instance = autocannon({
    url: `${base}${scenario.path}`,
    method: scenario.method,
    headers: scenario.headers,
    body: scenario.body,
    connections,
    duration: seconds,
    timeout: 30,
  }) as unknown as autocannon.Instance & Promise<autocannon.Result>;
  if (collect) instance.on("response", (_client: unknown, _status: number, _bytes: number, responseTime: number) => latencies.push(responseTime));
  const result = await instance;
  return { latencies, requests: collect ? latencies.length : result.requests.total, seconds: result.duration, errors: result.errors + result.timeouts, non2xx: result.non2xx, connections };
}

function summarize(samples: Sample[]): Measurement {
  const latencies = samples.flatMap((sample) => sample.latencies).sort((a, b) => a - b);
  const seconds = samples.reduce((sum, sample) => sum + sample.seconds, 0);
  return {
    requests: latencies.length,
    rps: Math.round((latencies.length / seconds) * 10) / 10,
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    max: round(latencies.at(-1) ?? Number.NaN),
    errors: samples.reduce((sum, sample) => sum + sample.errors, 0),
    non2xx: samples.reduce((sum, sample) => sum + sample.non2xx, 0),
    connections: samples[0]?.connections ?? CONNECTIONS,
    seconds: round(seconds),
  };
}

/**
 * Measures a scenario, and its floor when it has one, in alternating slices (ours, floor, ours, floor
 * …) after a warm-up of each: on a shared machine the load changes from minute to minute, and
 * alternating puts both sides under the same conditions, so their ratio means something.
 */
async function measure(base: string, scenario: Scenario, floor?: { base: string; scenario: Scenario }): Promise<{ ours: Measurement; floor?: Measurement }> {
  if (WARMUP > 0) {
    await drive(base, scenario, WARMUP, false);
    if (floor) await drive(floor.base, floor.scenario, WARMUP, false);
  }
  const slice = DURATION / ROUNDS;
  const ours: Sample[] = [];
  const floors: Sample[] = [];
  for (let slice_ = 0; slice_ < ROUNDS; slice_++) {
    ours.push(await drive(base, scenario, slice, true));
    if (floor) floors.push(await drive(floor.base, floor.scenario, slice, true));
  }
  return { ours: summarize(ours), ...(floor ? { floor: summarize(floors) } : {}) };
}

// ---------------------------------------------------------------------------------------------------
// Setup over HTTP

async function call(base: string, method: string, pathname: string, init: { token?: string; json?: unknown; body?: BodyInit; headers?: Record<string, string> } = {}) {
  const headers = new Headers(init.headers);
  if (init.token) headers.set("authorization", `Bearer ${init.token}`);
  if (init.json !== undefined) headers.set("content-type", "application/json");
  const response = await fetch(`${base}${pathname}`, { method, headers, body: init.json !== undefined ? JSON.stringify(init.json) : init.body });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${text.slice(0, 500)}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

async function login(base: string, email: string, password: string, scope: "mobile" | "platform"): Promise<string> {
  const body = await call(base, "POST", "/api/v3/auth/login", { json: { email, password, code: "bench", scope } });
  return body.access_token as string;
}

/** Uploads one cover image (as an editor would) and returns the address of a thumbnail of it. */
async function thumbnailPath(base: string, adminToken: string): Promise<string> {
  const { default: sharp } = await import("sharp");
  const jpeg = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .composite([{ input: Buffer.from('<svg width="1600" height="1000"><circle cx="800" cy="500" r="300" fill="#f5a623"/></svg>'), top: 0, left: 0 }])
    .jpeg({ quality: 85 })
    .toBuffer();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), "bench-cover.jpg");
  const record = await call(base, "POST", "/api/v3/uploads", { token: adminToken, body: form });
  const url = new URL(record.url as string);
  url.searchParams.set("style", "square");
  url.searchParams.set("size", "m");
  const address = `${url.pathname}${url.search}`;
  // The first request renders and caches it; the scenario measures the cached thumbnail.
  const first = await fetch(`${base}${address}`);
  if (!first.ok) throw new Error(`thumbnail: ${first.status} ${await first.text()}`);
  await first.arrayBuffer();
  return address;
}

// ---------------------------------------------------------------------------------------------------
// Budgets and the table

type Budgets = {
  description: string;
  scenarios: Record<string, { p95Ms?: number; p99Ms?: number; minRatio?: number }>;
};

type Row = { name: string; title: string; ours: Measurement; floor?: Measurement; ratio?: number; flags: string[] };

function checkBudgets(rows: Row[], budgets: Budgets): void {
  for (const row of rows) {
    if (row.ours.errors > 0 || row.ours.non2xx > 0) row.flags.push(`${row.ours.errors} errors, ${row.ours.non2xx} non-2xx`);
    if (row.ours.requests === 0) row.flags.push(`no response in ${row.ours.seconds} s`);
    const budget = budgets.scenarios[row.name];
    if (!budget) continue;
    if (budget.p95Ms !== undefined && row.ours.p95 > budget.p95Ms) row.flags.push(`p95 ${row.ours.p95} ms > ${budget.p95Ms} ms`);
    if (budget.p99Ms !== undefined && row.ours.p99 > budget.p99Ms) row.flags.push(`p99 ${row.ours.p99} ms > ${budget.p99Ms} ms`);
    if (budget.minRatio !== undefined && row.ratio !== undefined && row.ratio < budget.minRatio) row.flags.push(`ratio ${row.ratio} < ${budget.minRatio}`);
  }
}

function table(rows: Row[]): string {
  const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : "–");
  const lines = [
    "| scenario | conn | req/s | p50 ms | p95 ms | p99 ms | floor req/s | floor p50 | floor p99 | ours / floor | budget |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
  ];
  for (const row of rows) {
    lines.push(
      `| ${row.title} | ${row.ours.connections} | ${row.ours.rps.toFixed(0)} | ${ms(row.ours.p50)} | ${ms(row.ours.p95)} | ${ms(row.ours.p99)} | ${row.floor ? row.floor.rps.toFixed(0) : "–"} | ${row.floor ? ms(row.floor.p50) : "–"} | ${row.floor ? ms(row.floor.p99) : "–"} | ${row.ratio !== undefined ? row.ratio.toFixed(2) : "–"} | ${row.flags.length > 0 ? `⚠ ${row.flags.join("; ")}` : "ok"} |`,
    );
  }
  return lines.join("\n");
}

async function versions(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ version: string }>("SELECT version()");
  await client.end();
  const packageVersion = (name: string) => (JSON.parse(readFileSync(path.join(ROOT, "node_modules", name, "package.json"), "utf8")) as { version: string }).version;
  const git = (command: string[]) => {
    try {
      return execFileSync("git", command, { cwd: ROOT, encoding: "utf8" }).trim();
    } catch {
      return "";
    }
  };
  return {
    machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.type()} ${os.release()}`,
    node: process.version,
    postgresql: rows[0]!.version.split(" on ")[0],
    next: packageVersion("next"),
    pg: packageVersion("pg"),
    autocannon: packageVersion("autocannon"),
    commit: `${git(["rev-parse", "--short", "HEAD"])}${git(["status", "--porcelain", "--untracked-files=no"]) ? " (with uncommitted changes)" : ""}`,
  };
}

// ---------------------------------------------------------------------------------------------------

async function main() {
  if (args.media) {
    const { runMediaBench } = await import("./media");
    return runMediaBench({ quick: QUICK, out: args.out });
  }
  const serverUrl = process.env.BENCH_POSTGRES_URL ?? DEFAULT_SERVER;
  const reuse = args["database-url"];
  const ownDatabase = reuse ? undefined : databaseUrl(serverUrl, `bench_run_${process.pid}`);
  const url = reuse ?? ownDatabase!;
  const work = mkdtempSync(path.join(os.tmpdir(), "fcs-bench-"));
  const cleanups: (() => Promise<void>)[] = [];
  const onSignal = () => void cleanup().finally(() => process.exit(130));
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  async function cleanup() {
    for (const step of cleanups.reverse()) await step().catch((error: unknown) => console.error(`bench: cleanup: ${String(error)}`));
    cleanups.length = 0;
    rmSync(work, { recursive: true, force: true });
  }

  try {
    const { openDatabase } = await import("@/lib/db/client");
    const { generateCatalogue, BENCH_USERS, countsAt } = await import("@/lib/bench/catalogue");
    if (ownDatabase) {
      await createDatabase(ownDatabase, { replace: true });
      if (!args.keep) cleanups.push(() => dropDatabase(ownDatabase));
      log(`generating the catalogue at scale ${SCALE} (seed ${SEED}) in ${new URL(ownDatabase).pathname.slice(1)}`);
      const database = await openDatabase({ DATABASE_URL: ownDatabase, DATABASE_POOL_MAX: 4, dataDir: "" });
      try {
        const result = await generateCatalogue(database.db, { scale: SCALE, seed: SEED });
        log(`generated in ${(result.milliseconds / 1000).toFixed(1)} s: ${Object.entries(result.counts).map(([key, value]) => `${value} ${key}`).join(", ")}`);
      } finally {
        await database.close();
      }
    } else {
      log(`using ${new URL(url).pathname.slice(1)} as it is (filled by npm run bench:data)`);
    }

    if (!args["skip-build"]) {
      log(`checking the build (${process.env.NEXT_DIST_DIR || ".next"})`);
      const { buildIfStale } = (await import(path.join(ROOT, "scripts/build-if-stale.mjs"))) as { buildIfStale: () => void };
      buildIfStale();
    }

    // What the scenarios read: the organization, a member, and records to fetch and filter by.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const one = async <T>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows[0] as T;
    const organization = await one<{ id: string; code: string; default_language: string; languages: string[] }>("SELECT id, code, default_language, languages FROM organizations WHERE code = 'bench'");
    if (!organization) throw new Error(`${url} has no organization 'bench': fill it with npm run bench:data`);
    const counts = await one<{ exercises: number; workouts: number }>(
      "SELECT (SELECT count(*) FROM exercises WHERE organization_id = $1)::int AS exercises, (SELECT count(*) FROM workouts WHERE organization_id = $1)::int AS workouts",
      [organization.id],
    );
    const member = await one<{ id: string }>("SELECT id FROM users WHERE organization_id = $1 AND email = $2", [organization.id, BENCH_USERS.member.email]);
    const muscles = (await client.query("SELECT id FROM muscle_groups WHERE organization_id = $1 ORDER BY id LIMIT 2", [organization.id])).rows.map((row) => row.id as number);
    const workout = await one<{ id: string }>(
      `SELECT id FROM workouts WHERE organization_id = $1 AND status @> '{"default":"published","de":"published"}' ORDER BY id LIMIT 1`,
      [organization.id],
    );
    await client.end();

    const deepOffset = Math.floor(counts.exercises / 10);
    const listQuery = `filter[where][level]=beginner&filter[where][muscle_groups][in]=${muscles.join(",")}&filter[order][name]=asc&filter[limit]=20`;
    const deepQuery = `filter[order][created]=desc&filter[offset]=${deepOffset}&filter[limit]=20`;
    const getLang = "en,de";
    // Two frequent words; the second misspelt (a transposition, one typo); the second being typed.
    const searches = { search: { q: "core strength" }, "search-typo": { q: "core strenght" }, "search-prefix": { q: "core stre" } };

    log("capturing the SQL of the list, get and search scenarios");
    const { captureStatements } = await import("./capture");
    const floorScenarios = await captureStatements({
      databaseUrl: url,
      organization: { id: organization.id, code: organization.code, defaultLanguage: organization.default_language, languages: organization.languages, webhooksEnabled: false },
      memberId: member.id,
      listQuery,
      getWorkoutId: workout.id,
      getLang,
      searches,
    });
    const scenariosFile = path.join(work, "floor-scenarios.json");
    writeFileSync(scenariosFile, JSON.stringify(floorScenarios));

    const [appPort, floorPort, embeddedPort] = await freePorts(3);
    const appBase = `http://127.0.0.1:${appPort}`;
    const floorBase = `http://127.0.0.1:${floorPort}`;
    log(`starting the production server on ${appBase} and the floor on ${floorBase}`);
    const app = await startApp(appPort!, { url, dataDir: path.join(work, "data") });
    cleanups.push(() => app.stop());
    const floor = await startProcess(
      ["scripts/bench/floor.mjs"],
      { PATH: process.env.PATH, NODE_ENV: "production", DATABASE_URL: url, PORT: String(floorPort), POOL_MAX: String(POOL_MAX), SCENARIOS: scenariosFile },
      async () => (await fetch(`${floorBase}/none`)).status === 404,
      "floor",
    );
    cleanups.push(() => floor.stop());

    const mobile = await login(appBase, BENCH_USERS.member.email, BENCH_USERS.member.password, "mobile");
    const admin = await login(appBase, BENCH_USERS.admin.email, BENCH_USERS.admin.password, "platform");
    const thumbnail = await thumbnailPath(appBase, admin);
    const reader = { authorization: `Bearer ${mobile}`, "accept-language": "en" };

    const allScenarios: Scenario[] = [
      { name: "health", title: "health (select 1, no auth)", method: "GET", path: "/api/v3/health", floor: "health" },
      { name: "list", title: "list: exercises, 2 filters, by name", method: "GET", path: `/api/v3/content/exercises?${encodeURI(listQuery)}`, headers: reader, floor: "list" },
      { name: "deep-offset", title: `list: exercises, offset ${deepOffset}`, method: "GET", path: `/api/v3/content/exercises?${encodeURI(deepQuery)}`, headers: reader },
      { name: "get", title: "get: workout, lang=en,de", method: "GET", path: `/api/v3/content/workouts/${workout.id}?lang=${getLang}`, headers: reader, floor: "get" },
      ...Object.entries(searches).map(([name, body]) => ({
        name,
        title: `search: "${body.q}"`,
        method: "POST" as const,
        path: "/api/v3/content/search",
        headers: { ...reader, "content-type": "application/json" },
        body: JSON.stringify(body),
        floor: name,
      })),
      { name: "thumbnail", title: "thumbnail (cached)", method: "GET", path: thumbnail },
      {
        name: "login",
        title: "login (argon2)",
        method: "POST",
        path: "/api/v3/auth/login",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: BENCH_USERS.member.email, password: BENCH_USERS.member.password, code: "bench", scope: "mobile" }),
        connections: Math.min(CONNECTIONS, 4),
      },
    ];

    const only = args.only?.split(",").map((name) => name.trim());
    const unknown = only?.filter((name) => !allScenarios.some((scenario) => scenario.name === name)) ?? [];
    if (unknown.length > 0) throw new Error(`--only: no scenario ${unknown.join(", ")}; the scenarios are ${allScenarios.map((scenario) => scenario.name).join(", ")}`);
    const scenarios = only ? allScenarios.filter((scenario) => only.includes(scenario.name)) : allScenarios;
    const rows: Row[] = [];
    for (const scenario of scenarios) {
      log(`${scenario.name}: ${WARMUP} s warm-up, ${DURATION} s at ${scenario.connections ?? CONNECTIONS} connections${scenario.floor ? ", alternating with the floor" : ""}`);
      const floorScenario = scenario.floor
        ? { base: floorBase, scenario: { ...scenario, path: `/${scenario.floor}`, headers: scenario.body ? { "content-type": "application/json" } : undefined } }
        : undefined;
      const { ours, floor: floorResult } = await measure(appBase, scenario, floorScenario);
      rows.push({
        name: scenario.name,
        title: scenario.title,
        ours,
        floor: floorResult,
        ratio: floorResult ? Math.round((ours.rps / floorResult.rps) * 100) / 100 : undefined,
        flags: [],
      });
    }

    let embeddedRows: Row[] | undefined;
    if (args.embedded) {
      await app.stop();
      await floor.stop();
      const dataDir = path.join(work, "embedded");
      mkdirSync(dataDir, { recursive: true });
      log(`embedded: generating the catalogue at scale ${SCALE} in ${dataDir}`);
      const database = await openDatabase({ DATABASE_URL: undefined, DATABASE_POOL_MAX: 1, dataDir });
      try {
        await generateCatalogue(database.db, { scale: SCALE, seed: SEED });
      } finally {
        await database.close();
      }
      const embedded = await startApp(embeddedPort!, { dataDir });
      cleanups.push(() => embedded.stop());
      const base = `http://127.0.0.1:${embeddedPort}`;
      const token = await login(base, BENCH_USERS.member.email, BENCH_USERS.member.password, "mobile");
      const adminToken = await login(base, BENCH_USERS.admin.email, BENCH_USERS.admin.password, "platform");
      const embeddedThumbnail = await thumbnailPath(base, adminToken);
      embeddedRows = [];
      for (const scenario of scenarios) {
        const adapted = {
          ...scenario,
          path: scenario.name === "thumbnail" ? embeddedThumbnail : scenario.path,
          headers: scenario.headers?.authorization ? { ...scenario.headers, authorization: `Bearer ${token}` } : scenario.headers,
        };
        log(`embedded ${scenario.name}: ${WARMUP} s warm-up, ${DURATION} s`);
        embeddedRows.push({ name: scenario.name, title: scenario.title, ours: (await measure(base, adapted)).ours, flags: [] });
      }
      await embedded.stop();
    }

    const budgets = JSON.parse(readFileSync(path.join(ROOT, "scripts/bench/budgets.json"), "utf8")) as Budgets;
    checkBudgets(rows, budgets);
    if (embeddedRows) checkBudgets(embeddedRows, { ...budgets, scenarios: {} });
    const about = { ...(await versions(url)), webConcurrency: args["web-concurrency"] ?? "1", apiRouter: args["api-router"] ?? "lean" };
    const results = {
      label: args.label ?? (QUICK ? "quick" : "full"),
      date: new Date().toISOString(),
      ...about,
      command: `npm run bench -- ${process.argv.slice(2).join(" ")}`.trim(),
      scale: SCALE,
      seed: SEED,
      records: countsAt(SCALE),
      durationSeconds: DURATION,
      warmupSeconds: WARMUP,
      poolMax: POOL_MAX,
      budgets,
      scenarios: rows,
      ...(embeddedRows ? { embedded: embeddedRows } : {}),
    };
    const out = args.out ? path.resolve(args.out) : path.join(os.tmpdir(), "fcs-bench", "latest.json");
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);

    console.log("");
    console.log(`${about.machine}; Node.js ${about.node}; ${about.postgresql}; Next.js ${about.next}; commit ${about.commit}`);
    console.log(`scale ${SCALE} (${counts.exercises} exercises, ${counts.workouts} workouts), ${WARMUP} s warm-up + ${DURATION} s per scenario, pool ${POOL_MAX}; the same run measures ours and the floor`);
    console.log(`server processes (WEB_CONCURRENCY): ${about.webConcurrency}; API path: ${about.apiRouter}; load average at the end: ${os.loadavg().map((value) => value.toFixed(1)).join(", ")}`);
    console.log("");
    console.log(table(rows));
    if (embeddedRows) {
      console.log("\nembedded database (no floor):\n");
      console.log(table(embeddedRows));
    }
    const flagged = rows.filter((row) => row.flags.length > 0);
    console.log(`\n${flagged.length === 0 ? "every scenario within its budget" : `${flagged.length} scenario(s) over budget (flagged, not failed; the machine is shared)`}; results in ${out.startsWith(`${process.cwd()}${path.sep}`) ? path.relative(process.cwd(), out) : out}`);
  } finally {
    await cleanup();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
