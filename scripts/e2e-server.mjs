#!/usr/bin/env node
// The server Playwright's `webServer` starts: the built production app on E2E_PORT over a fresh
// embedded database in .test-data/e2e-<port>, bootstrapped with the e2e organization and its admin
// (the credentials are mirrored in e2e/admin/credentials.ts). The data dir is removed on exit.
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
  INIT_ORG_CODE: "e2e",
  INIT_ORG_NAME: "E2E Fitness",
  INIT_LANGUAGES: "en,de,fr",
  INIT_DEFAULT_LANGUAGE: "en",
  INIT_ADMIN_EMAIL: "admin@e2e.test",
  INIT_ADMIN_PASSWORD: "e2e-admin-password",
  ...(process.env.NEXT_DIST_DIR ? { NEXT_DIST_DIR: process.env.NEXT_DIST_DIR } : {}),
};

const child = spawn(process.execPath, ["scripts/start.mjs"], { stdio: "inherit", env: { ...env, HOSTNAME: "127.0.0.1" } });

const cleanUp = () => rmSync(dataDir, { recursive: true, force: true });

// Playwright stops the server with a signal; pass it on and clean up once the server has let go of
// the database (removing the directory under a running server would break it).
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}
child.on("exit", (code, signal) => {
  cleanUp();
  process.exit(code ?? (signal ? 1 : 0));
});
child.on("error", (error) => {
  console.error(`e2e-server: could not start the server: ${error.message}`);
  cleanUp();
  process.exit(1);
});
