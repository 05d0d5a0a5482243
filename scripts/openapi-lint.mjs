#!/usr/bin/env node
// `npm run openapi:lint`: generates the OpenAPI document from the code (no server needed) and lints
// it with spectral's `spectral:oas` ruleset; any error fails, warnings are only printed.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const dir = mkdtempSync(path.join(tmpdir(), "openapi-lint-"));
const file = path.join(dir, "openapi.json");

function run(command, args) {
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  if (result.error) console.error(`openapi:lint: could not run ${command}: ${result.error.message}`);
  return result.status ?? 1;
}

let status = run("node_modules/.bin/tsx", ["scripts/write-openapi.ts", file]);
if (status === 0) {
  status = run("node_modules/.bin/spectral", ["lint", file, "--ruleset", ".spectral.yaml", "--fail-severity", "error"]);
} else {
  console.error("openapi:lint: could not generate the OpenAPI document");
}
rmSync(dir, { recursive: true, force: true });
process.exit(status);
