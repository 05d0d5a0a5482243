import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import { fileURLToPath } from "node:url";

/** The project's root directory (where package.json is); every process of the cluster runs there. */
export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const EXIT_WITH_PARENT = fileURLToPath(new URL("./exit-with-parent.mjs", import.meta.url));

const KEPT_LINES = 200;

export type ExitStatus = { code: number | null; signal: NodeJS.Signals | null };

/** One process of the cluster (a server, a worker, the S3 API server). */
export type ClusterProcess = {
  name: string;
  pid: number;
  child: ChildProcess;
  /** Its last lines of output (stdout and stderr). */
  output: () => string;
  isRunning: () => boolean;
  exited: Promise<ExitStatus>;
  /** Resolves with the first line of output that `test` accepts (rejects if the process exits first). */
  waitForLine: (test: (line: string) => boolean, timeoutMs: number) => Promise<string>;
  /** SIGTERM, then SIGKILL if it has not exited after `graceMs`; resolves once it has exited. */
  stop: (graceMs?: number) => Promise<ExitStatus>;
  /** SIGKILL (a crash, as a test makes one); resolves once it has exited. */
  kill: () => Promise<ExitStatus>;
};

export type OutputListener = (name: string, line: string) => void;

/**
 * Starts `node <args>` in the project's root, in a process group of its own (a Ctrl-C meant for the
 * cluster reaches the cluster, which stops its processes in order), with the parent-death check
 * preloaded (scripts/cluster/exit-with-parent.mjs).
 */
export function spawnNode(name: string, args: string[], env: NodeJS.ProcessEnv, onLine?: OutputListener): ClusterProcess {
  const child = spawn(process.execPath, ["--import", EXIT_WITH_PARENT, ...args], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  const lineWaiters = new Set<(line: string) => void>();
  const take = (line: string) => {
    lines.push(line);
    if (lines.length > KEPT_LINES) lines.shift();
    onLine?.(name, line);
    for (const waiter of lineWaiters) waiter(line);
  };
  for (const stream of [child.stdout!, child.stderr!]) {
    let pending = "";
    stream.setEncoding("utf8");
    stream.on("data", (chunk: string) => {
      pending += chunk;
      let end: number;
      while ((end = pending.indexOf("\n")) >= 0) {
        take(pending.slice(0, end));
        pending = pending.slice(end + 1);
      }
    });
    stream.once("end", () => pending && take(pending));
  }
  let status: ExitStatus | undefined;
  const exited = new Promise<ExitStatus>((resolve) => {
    child.once("exit", (code, signal) => {
      status = { code, signal };
      resolve(status);
    });
    // Not started at all (e.g. the executable is missing): an exit, as far as the cluster is concerned.
    child.once("error", () => {
      status ??= { code: null, signal: null };
      resolve(status);
    });
  });
  const signal = (name: NodeJS.Signals) => {
    if (status) return;
    try {
      child.kill(name);
    } catch {
      // already gone
    }
  };
  const managed: ClusterProcess = {
    name,
    pid: child.pid ?? -1,
    child,
    output: () => lines.join("\n"),
    isRunning: () => status === undefined,
    exited,
    waitForLine: (test, timeoutMs) =>
      new Promise((resolve, reject) => {
        const found = lines.find(test);
        if (found !== undefined) return resolve(found);
        const timer = setTimeout(() => finish(new Error(`${name}: no expected output within ${timeoutMs / 1000} s:\n${managed.output()}`)), timeoutMs);
        const waiter = (line: string) => test(line) && finish(undefined, line);
        const finish = (error?: Error, line?: string) => {
          clearTimeout(timer);
          lineWaiters.delete(waiter);
          if (error) reject(error);
          else resolve(line!);
        };
        lineWaiters.add(waiter);
        void exited.then((exit) => finish(new Error(`${name} exited (${describeExit(exit)}) before it was ready:\n${managed.output()}`)));
      }),
    stop: async (graceMs = 35_000) => {
      signal("SIGTERM");
      const timer = setTimeout(() => signal("SIGKILL"), graceMs);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
    kill: async () => {
      signal("SIGKILL");
      return exited;
    },
  };
  return managed;
}

export function describeExit({ code, signal }: ExitStatus): string {
  return signal ? `signal ${signal}` : `exit code ${code}`;
}

/** Waits until `url` answers 200; fails when `process` exits first or `timeoutMs` passes. */
export async function waitUntilAnswers(url: string, process: ClusterProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!process.isRunning()) {
      throw new Error(`${process.name} exited (${describeExit(await process.exited)}) before it was ready:\n${process.output()}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${process.name} did not become ready within ${timeoutMs / 1000} s:\n${process.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Whether a Redis server answers PING at `url` (within half a second). */
export function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port || 6379), hostname.replace(/^\[|\]$/g, ""));
    let reply = "";
    const done = (answers: boolean) => {
      socket.destroy();
      resolve(answers);
    };
    socket.setTimeout(500, () => done(false));
    socket.once("error", () => done(false));
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.on("data", (chunk) => {
      reply += chunk.toString("latin1");
      if (reply.includes("\r\n")) done(reply.startsWith("+PONG"));
    });
  });
}
