#!/usr/bin/env node
// `npm run demo`: build when needed, then start the production server on the embedded database with a
// demo organization (created on first start; its admin password is printed once).
import { spawn } from "node:child_process";
import { buildIfStale } from "./build-if-stale.mjs";

buildIfStale();
const port = process.env.PORT ?? "3000";
const child = spawn(process.execPath, ["scripts/start.mjs"], {
  stdio: "inherit",
  env: { ...process.env, PORT: port, DEMO_MODE: "1", PUBLIC_BASE_URL: process.env.PUBLIC_BASE_URL ?? `http://localhost:${port}` },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
