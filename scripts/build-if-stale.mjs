// Runs `next build` when there is no build yet or a source file changed since the last one.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const SOURCES = ["app", "components", "lib", "public", "instrumentation.ts", "next.config.mjs", "package.json", "postcss.config.mjs", "tsconfig.json"];

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

export function buildIfStale() {
  const marker = path.join(process.env.NEXT_DIST_DIR || ".next", "BUILD_ID");
  if (existsSync(marker) && statSync(marker).mtimeMs >= Math.max(...SOURCES.map(newestMtime))) return;
  console.log("Building the production server (next build)…");
  const result = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], {
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
