#!/usr/bin/env node
// The server Playwright's `webServer` starts: the built production app on E2E_PORT over a fresh
// embedded database in .test-data/e2e-<port>. Before the server opens it, scripts/e2e-organizations.ts
// creates one organization with its admin per admin spec (e2e/admin/credentials.ts), so no spec sees
// what another made. The data dir is removed on exit.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";

const port = process.env.E2E_PORT ?? "3210";
const dataDir = path.resolve(".test-data", `e2e-${port}`);

if (!existsSync(`${process.env.NEXT_DIST_DIR || ".next"}/BUILD_ID`)) {
  console.error("e2e-server: no production build found; run `npm run build` first.");
  process.exit(1);
}

// A leftover from a killed run would carry old data (and possibly a stale lock): start clean.
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

// A clean environment, not process.env, so a DATABASE_URL or INIT_* of the caller cannot leak in.
const env = {
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  NODE_ENV: "production",
  NEXT_TELEMETRY_DISABLED: "1",
  PORT: port,
  PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
  DATA_DIR: dataDir,
  LOG_LEVEL: "warn",
  // Fixed secrets for test servers only (the same as e2e/support/test-env.ts).
  JWT_SECRET: "test-jwt-secret-0123456789-abcdefghijklmnopqrstuvwxyz",
  SECRET_KEY: "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff",
  ...(process.env.NEXT_DIST_DIR ? { NEXT_DIST_DIR: process.env.NEXT_DIST_DIR } : {}),
};

const cleanUp = () => rmSync(dataDir, { recursive: true, force: true });

/** The running child: the organizations' setup first, then the server. */
let child;

// Playwright stops the server with a signal; pass it on and clean up once the child has let go of
// the database (removing the directory under a running server would break it).
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    stopping = true;
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}

/** Runs `args` with node in the clean environment; resolves with its exit code (or exits on an error). */
function run(args, extraEnv, label) {
  child = spawn(process.execPath, args, { stdio: "inherit", env: { ...env, ...extraEnv } });
  child.on("error", (error) => {
    console.error(`e2e-server: could not start ${label}: ${error.message}`);
    cleanUp();
    process.exit(1);
  });
  return new Promise((resolve) => child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

const setUp = await run(["--import", "tsx", "scripts/e2e-organizations.ts"], {}, "the organizations' setup");
if (setUp !== 0 || stopping) {
  cleanUp();
  process.exit(setUp || 1);
}
const code = await run(["scripts/start.mjs"], { HOSTNAME: "127.0.0.1" }, "the server");
cleanUp();
process.exit(code);
