/**
 * `npm run bench:profile -- --database-url URL [--scenario get|list|health|search] [--seconds S] [--out DIR]`
 *
 * Where the production server's CPU time goes in one scenario (docs/benchmarks.md): starts the
 * server of the current build under `node --cpu-prof` on a database `npm run bench:data` filled,
 * drives the scenario with autocannon (10 connections) after a warm-up, stops the server, and
 * summarizes the profile: self time by where the code comes from (Next.js, the service's bundled
 * code, drizzle, pg, zod, Node.js itself, garbage collection) and the heaviest functions.
 * `--summarize FILE.cpuprofile [--from-end S --to-end S]` only summarizes an existing profile (the
 * samples between S seconds before its end).
 */
import { spawn } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";

const { values: args } = parseArgs({
  options: {
    "database-url": { type: "string" },
    scenario: { type: "string", default: "get" },
    seconds: { type: "string", default: "15" },
    out: { type: "string" },
    summarize: { type: "string" },
    /** With --summarize: only the samples between these many seconds before the profile's end. */
    "from-end": { type: "string" },
    "to-end": { type: "string", default: "0" },
    port: { type: "string", default: "3790" },
  },
});

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

/** Where a function comes from, by its script's address. */
function origin(url: string, name: string): string {
  if (name === "(garbage collector)") return "garbage collection";
  if (name === "(idle)") return "idle";
  if (name === "(program)") return "native (program)";
  if (!url) return "native / built-in";
  if (url.startsWith("node:")) return "Node.js (http, streams, crypto …)";
  if (/node_modules\/next\//.test(url)) return "Next.js";
  if (/node_modules\/(?:react|react-dom)\//.test(url)) return "React";
  if (/node_modules\/pg(?:-[a-z]+)?\//.test(url) || /node_modules\/postgres-/.test(url)) return "pg (driver)";
  if (/node_modules\/@hono\/node-server\//.test(url)) return "@hono/node-server (adapter)";
  if (/node_modules\/rou3\//.test(url)) return "rou3 (router)";
  if (/node_modules\/undici\//.test(url)) return "undici (fetch Request/Response)";
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (match) return match[1]!;
  // Bundled server code (.next/server, or the NEXT_DIST_DIR it was built into): Turbopack names a chunk after the modules in it.
  const chunk = /\.next[^/]*\/server\/.*?([^/]+)$/.exec(url)?.[1];
  if (chunk) {
    if (chunk.startsWith("[turbopack]")) return "Turbopack runtime";
    const bundled = /^node_modules_((?:@[a-z0-9-]+_)?[a-z0-9-]+?)_(?:[a-z0-9-]+_)?[0-9a-z_-]+\._\.js$/.exec(chunk)?.[1];
    if (bundled) return `${bundled.replace(/^(@[a-z0-9-]+)_/, "$1/")} (bundled)`;
    if (/^(?:lib|app)_/.test(chunk)) return "service code (lib/, app/)";
    return "other bundled code (shared chunks: zod, jose, drizzle parts …)";
  }
  return url.replace(/^file:\/\//, "");
}

/**
 * `window`: only the samples this many microseconds before the profile's end (the load, not the
 * start-up or the shutdown).
 */
export function summarizeProfile(profile: Profile, top = 20, window?: { fromEndUs: number; toEndUs: number }): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  let at = profile.startTime;
  for (let index = 0; index < profile.samples.length; index++) {
    const id = profile.samples[index]!;
    at += profile.timeDeltas[index] ?? 0;
    if (window && (at < profile.endTime - window.fromEndUs || at > profile.endTime - window.toEndUs)) continue;
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
  }
  const total = [...self.values()].reduce((sum, value) => sum + value, 0);
  const idle = [...self.entries()].filter(([id]) => byId.get(id)?.callFrame.functionName === "(idle)").reduce((sum, [, value]) => sum + value, 0);
  const busy = total - idle;
  const groups = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const [id, time] of self) {
    const frame = byId.get(id)!.callFrame;
    const group = origin(frame.url, frame.functionName);
    if (group === "idle") continue;
    groups.set(group, (groups.get(group) ?? 0) + time);
    const key = `${frame.functionName || "(anonymous)"} — ${group}${frame.url && !frame.url.startsWith("node:") ? "" : frame.url ? ` (${frame.url})` : ""}`;
    functions.set(key, (functions.get(key) ?? 0) + time);
  }
  const percent = (value: number) => `${((value / busy) * 100).toFixed(1)} %`;
  const lines = [`busy ${(busy / 1e6).toFixed(2)} s of ${(total / 1e6).toFixed(2)} s sampled (${((busy / total) * 100).toFixed(0)} %)`, "", "| where (self time) | share of busy time |", "|---|---:|"];
  for (const [group, time] of [...groups.entries()].sort((a, b) => b[1] - a[1])) if (time / busy >= 0.005) lines.push(`| ${group} | ${percent(time)} |`);
  lines.push("", "| heaviest functions (self time) | share |", "|---|---:|");
  for (const [name, time] of [...functions.entries()].sort((a, b) => b[1] - a[1]).slice(0, top)) lines.push(`| ${name.replace(/\|/g, "\\|")} | ${percent(time)} |`);
  return lines.join("\n");
}

async function main(): Promise<void> {
  if (args.summarize) {
    const window = args["from-end"] ? { fromEndUs: Number(args["from-end"]) * 1e6, toEndUs: Number(args["to-end"]) * 1e6 } : undefined;
    console.log(summarizeProfile(JSON.parse(readFileSync(args.summarize, "utf8")) as Profile, 20, window));
    return;
  }
  const url = args["database-url"];
  if (!url) throw new Error("--database-url of a database npm run bench:data filled is required");
  const port = Number(args.port);
  const out = path.resolve(args.out ?? path.join(os.tmpdir(), "fcs-bench", `profile-${Date.now()}`));
  mkdirSync(out, { recursive: true });
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
  const child = spawn(process.execPath, ["--cpu-prof", `--cpu-prof-dir=${out}`, "scripts/start.mjs"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: String(port),
      HOSTNAME: "127.0.0.1",
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: url,
      DATABASE_POOL_MAX: "10",
      RATE_LIMIT_PER_MINUTE: "100000000",
      LOG_LEVEL: "warn",
      JWT_SECRET: "bench-jwt-secret-0123456789-abcdefghijklmnopqrstuvwxyz",
      SECRET_KEY: "ffeeddccbbaa99887766554433221100ffeeddccbbaa99887766554433221100",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    if ((await fetch(`${base}/api/v3/health`).then((response) => response.status, () => 0)) === 200) break;
    if (attempt > 600) throw new Error("the server did not start");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const login = await fetch(`${base}/api/v3/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "member@bench.example", password: "bench-member-password", code: "bench", scope: "mobile" }),
  });
  const token = ((await login.json()) as { access_token: string }).access_token;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ id: string }>(
    `SELECT w.id FROM workouts w JOIN organizations o ON o.id = w.organization_id WHERE o.code = 'bench' AND w.status @> '{"default":"published","de":"published"}' ORDER BY w.id LIMIT 1`,
  );
  await client.end();
  const reader = { authorization: `Bearer ${token}`, "accept-language": "en" };
  const scenarios: Record<string, { method: "GET" | "POST"; path: string; headers?: Record<string, string>; body?: string }> = {
    health: { method: "GET", path: "/api/v3/health" },
    get: { method: "GET", path: `/api/v3/content/workouts/${rows[0]!.id}?lang=en,de`, headers: reader },
    list: { method: "GET", path: "/api/v3/content/exercises?filter[where][level]=beginner&filter[order][name]=asc&filter[limit]=20", headers: reader },
    search: { method: "POST", path: "/api/v3/content/search", headers: { ...reader, "content-type": "application/json" }, body: JSON.stringify({ q: "core strength" }) },
  };
  const scenario = scenarios[args.scenario!];
  if (!scenario) throw new Error(`--scenario: one of ${Object.keys(scenarios).join(", ")}`);
  const drive = (seconds: number) => autocannon({ url: `${base}${scenario.path}`, method: scenario.method, headers: scenario.headers, body: scenario.body, connections: 10, duration: seconds });
  await drive(3);
  const loadStart = Date.now();
  const result = await drive(Number(args.seconds));
  const loadEnd = Date.now();
  console.log(`${args.scenario}: ${result.requests.average} req/s, p99 ${result.latency.p99} ms, ${result.non2xx} non-2xx`);
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
  const exitAt = Date.now();
  const file = readdirSync(out).find((name) => name.endsWith(".cpuprofile"));
  if (!file) throw new Error(`no profile written in ${out}`);
  console.log(`profile: ${path.join(out, file)}\n`);
  const window = { fromEndUs: (exitAt - loadStart) * 1000, toEndUs: (exitAt - loadEnd) * 1000 };
  console.log(summarizeProfile(JSON.parse(readFileSync(path.join(out, file), "utf8")) as Profile, 20, window));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`bench:profile: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
