#!/usr/bin/env node
// `npm start`: the production server (scripts/server.mjs), honouring PORT and HOSTNAME.
// With WEB_CONCURRENCY=N (N > 1, or `auto`: one per core) it runs N server processes behind the same
// port through Node's cluster module (docs/deployment.md, "One process per core";
// docs/decisions/0026). PostgreSQL only: the embedded database is for one process.
import cluster from "node:cluster";
import { existsSync } from "node:fs";
import os from "node:os";

if (!existsSync(`${process.env.NEXT_DIST_DIR || ".next"}/BUILD_ID`)) {
  console.error("fitness-content-service: no production build found; run `npm run build` first (or `npm run demo`).");
  process.exit(1);
}
// Set before Next.js loads: a production server, and no telemetry.
process.env.NODE_ENV = "production";
process.env.NEXT_TELEMETRY_DISABLED = "1";

/** How many server processes: WEB_CONCURRENCY (a whole number from 1, or `auto`), default 1. */
function concurrencyOf(value) {
  if (value === undefined || value === "") return 1;
  if (value === "auto") return os.availableParallelism();
  if (!/^[1-9]\d{0,2}$/.test(value)) throw new Error(`WEB_CONCURRENCY must be a whole number from 1, or auto (got '${value}')`);
  return Number(value);
}

let concurrency;
try {
  concurrency = concurrencyOf(process.env.WEB_CONCURRENCY);
} catch (error) {
  console.error(`\nfitness-content-service: ${error.message}\n`);
  process.exit(1);
}

if (concurrency > 1 && cluster.isPrimary) {
  if (!process.env.DATABASE_URL) {
    console.error(
      `\nfitness-content-service: WEB_CONCURRENCY=${process.env.WEB_CONCURRENCY} needs PostgreSQL (DATABASE_URL): the embedded database is opened by one process only; unset WEB_CONCURRENCY or set DATABASE_URL\n`,
    );
    process.exit(1);
  }
  const { runPrimary } = await import("./web-concurrency.mjs");
  await runPrimary(concurrency);
} else {
  const { startServer } = await import("./server.mjs");
  await startServer();
  // A cluster worker tells the primary that it listens (the next one may start).
  if (cluster.isWorker) process.send?.({ fcs: "listening" });
}
