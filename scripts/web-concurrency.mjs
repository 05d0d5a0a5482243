// The primary process of `npm start` with WEB_CONCURRENCY=N (docs/deployment.md, "One process per
// core"; docs/decisions/0026): N server processes (scripts/server.mjs through scripts/start.mjs)
// forked with Node's cluster module share the port; the primary accepts connections and hands them
// to the servers in turn. It serves no request itself and opens no database.
//   - The servers start one after another: the first applies migrations and the first-start
//     bootstrap alone, the others find them done.
//   - A server that exits while the others run is replaced after a second; more than
//     MAX_RESTARTS replacements within RESTART_WINDOW_MS stop the whole process (something is wrong
//     that a new process will not fix), as does a server that fails to start.
//   - SIGTERM or SIGINT: every server finishes its requests and jobs in flight (scripts/server.mjs)
//     and exits; the primary exits 0 once they have, within the same 30 s.
import cluster from "node:cluster";

const RESTART_DELAY_MS = 1_000;
const RESTART_WINDOW_MS = 60_000;
const MAX_RESTARTS = 5;
const EXIT_DEADLINE_MS = 30_000;

function log(message) {
  process.stdout.write(`fitness-content-service: ${message}\n`);
}

/** Forks one server and resolves once it listens; rejects with its exit status if it ends first. */
function startOne() {
  const worker = cluster.fork();
  return new Promise((resolve, reject) => {
    const onMessage = (message) => {
      if (message?.fcs !== "listening") return;
      worker.off("exit", onExit);
      worker.off("message", onMessage);
      resolve(worker);
    };
    const onExit = (code, signal) => {
      worker.off("message", onMessage);
      reject(Object.assign(new Error(`a server process exited during start-up (${signal ?? `status ${code}`})`), { code: code ?? 1 }));
    };
    worker.on("message", onMessage);
    worker.once("exit", onExit);
  });
}

export async function runPrimary(count) {
  let isStopping = false;
  const restarts = [];
  const watch = (worker) => {
    worker.once("exit", (code, signal) => {
      if (isStopping) return;
      const now = Date.now();
      while (restarts.length > 0 && now - restarts[0] > RESTART_WINDOW_MS) restarts.shift();
      if (restarts.length >= MAX_RESTARTS) {
        process.stderr.write(`fitness-content-service: server process ${worker.process.pid} exited (${signal ?? `status ${code}`}), the ${MAX_RESTARTS + 1}th within a minute; stopping\n`);
        stop(code || 1);
        return;
      }
      restarts.push(now);
      process.stderr.write(`fitness-content-service: server process ${worker.process.pid} exited (${signal ?? `status ${code}`}); starting another\n`);
      setTimeout(() => {
        if (!isStopping) startOne().then(watch, (error) => stop(error.code ?? 1));
      }, RESTART_DELAY_MS);
    });
  };

  const stop = (status = 0) => {
    if (isStopping) return;
    isStopping = true;
    setTimeout(() => {
      process.stderr.write("fitness-content-service: server processes took longer than 30 s to stop; exiting\n");
      process.exit(1);
    }, EXIT_DEADLINE_MS).unref();
    const workers = Object.values(cluster.workers ?? {});
    let left = workers.length;
    if (left === 0) process.exit(status);
    for (const worker of workers) {
      worker.once("exit", () => {
        left -= 1;
        if (left === 0) process.exit(status);
      });
      worker.process.kill("SIGTERM");
    }
  };
  process.once("SIGTERM", () => stop(0));
  process.once("SIGINT", () => stop(0));

  log(`starting ${count} server processes (WEB_CONCURRENCY) behind one port`);
  for (let index = 0; index < count; index++) {
    try {
      watch(await startOne());
    } catch (error) {
      process.stderr.write(`fitness-content-service: ${error.message}\n`);
      stop(error.code ?? 1);
      return;
    }
  }
  log(`${count} server processes listening (primary ${process.pid})`);
}
