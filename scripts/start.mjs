#!/usr/bin/env node
// `npm start`: the production server, honouring PORT and HOSTNAME (Next's CLI flags take them here).
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";

if (!existsSync(`${process.env.NEXT_DIST_DIR || ".next"}/BUILD_ID`)) {
  console.error("fitness-content-service: no production build found; run `npm run build` first (or `npm run demo`).");
  process.exit(1);
}
const args = ["start", "-p", process.env.PORT ?? "3000", "-H", process.env.HOSTNAME ?? "0.0.0.0"];
const child = spawn(process.execPath, ["node_modules/next/dist/bin/next", ...args], {
  stdio: "inherit",
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
