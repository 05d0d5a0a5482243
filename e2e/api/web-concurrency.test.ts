import { readdirSync, readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { loginAs } from "../support/api";
import { freePort, prepareDatabase, serverEnv, spawnProductionServer, spawnServer, stopProcess } from "../support/server";

/**
 * `npm start` with WEB_CONCURRENCY (docs/deployment.md, "One process per core"; ADR 26): N server
 * processes behind one port on PostgreSQL, refused on the embedded database.
 */
const isEmbedded = process.env.TEST_DB_KIND !== "postgresql";

async function startFailure(env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  const port = await freePort();
  const child = spawnProductionServer(env, port);
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
  const code = await new Promise<number | null>((resolve) => child.once("exit", (exitCode) => resolve(exitCode)));
  clearTimeout(timer);
  return { code, output };
}

/** The processes whose parent is `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // pid (comm) state ppid …: comm may hold spaces and parentheses, so read after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return children;
}

async function until<T>(check: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.runIf(isEmbedded)("WEB_CONCURRENCY on the embedded database", () => {
  it("is refused at start, naming the variable and what to do; a value that is no number is refused too", async () => {
    const prepared = await prepareDatabase();
    try {
      const refused = await startFailure(serverEnv(0, prepared.dataDir, undefined, { WEB_CONCURRENCY: "2" }));
      expect(refused.code).toBe(1);
      expect(refused.output).toContain(
        "WEB_CONCURRENCY=2 needs PostgreSQL (DATABASE_URL): the embedded database is opened by one process only; unset WEB_CONCURRENCY or set DATABASE_URL",
      );
      const bad = await startFailure(serverEnv(0, prepared.dataDir, undefined, { WEB_CONCURRENCY: "two" }));
      expect(bad.code).toBe(1);
      expect(bad.output).toContain("WEB_CONCURRENCY must be a whole number from 1, or auto (got 'two')");
    } finally {
      await prepared.drop();
    }
  });
});

describe.runIf(!isEmbedded)("WEB_CONCURRENCY=2 on PostgreSQL", () => {
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => drop?.());

  it("runs two server processes behind one port, replaces one that dies, and stops both on SIGTERM with status 0", async () => {
    const prepared = await prepareDatabase();
    drop = prepared.drop;
    const port = await freePort();
    const { child, output } = await spawnServer(serverEnv(port, prepared.dataDir, prepared.databaseUrl, { WEB_CONCURRENCY: "2" }), port);
    try {
      const servers = await until(() => {
        const found = childrenOf(child.pid!);
        return output().includes("2 server processes listening") && found.length === 2 ? found : undefined;
      }, 60_000, "two server processes");
      const target = { apiUrl: `http://127.0.0.1:${port}/api/v3`, contract: { assert: () => undefined } };
      // Logins and reads go to both processes in turn; every one succeeds.
      const token = (await loginAs(target as never, "alphaEditor")).token;
      for (let index = 0; index < 10; index++) {
        const response = await fetch(`${target.apiUrl}/content/exercises`, { headers: { authorization: `Bearer ${token}` } });
        expect(response.status).toBe(200);
        await response.arrayBuffer();
      }

      process.kill(servers[0]!, "SIGKILL");
      const replaced = await until(() => {
        const found = childrenOf(child.pid!);
        return found.length === 2 && !found.includes(servers[0]!) ? found : undefined;
      }, 60_000, "a new server process");
      expect(replaced).toContain(servers[1]);
      await until(() => (output().match(/listening on http/g)?.length === 3 ? true : undefined), 60_000, "the new process to listen");
      const after = await fetch(`${target.apiUrl}/content/exercises`, { headers: { authorization: `Bearer ${token}` } });
      expect(after.status).toBe(200);
      await after.arrayBuffer();

      const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
      child.kill("SIGTERM");
      // The primary exits 0 only once every server process has (scripts/web-concurrency.mjs), each after draining.
      expect(await exited).toBe(0);
      expect(output().match(/SIGTERM received; finishing requests and jobs in flight/g)?.length).toBe(2);
    } finally {
      await stopProcess(child);
    }
  });
});
