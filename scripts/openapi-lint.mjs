#!/usr/bin/env node
// `npm run openapi:lint`: generates the OpenAPI document from the code (no server needed) and lints
// it with Redocly CLI's recommended rules (redocly.yaml), where any warning fails as an error.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const dir = mkdtempSync(path.join(tmpdir(), "openapi-lint-"));
const file = path.join(dir, "openapi.json");
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" };

function run(command, args) {
  const result = spawnSync(command, args, { stdio: "inherit", env });
  if (result.error) console.error(`openapi:lint: could not run ${command}: ${result.error.message}`);
  return result.status ?? 1;
}

let status = run("node_modules/.bin/tsx", ["scripts/write-openapi.ts", file]);
if (status === 0) {
  status = run("node_modules/.bin/redocly", ["lint", file, "--config", "redocly.yaml", "--format", "codeframe"]);
} else {
  console.error("openapi:lint: could not generate the OpenAPI document");
}
rmSync(dir, { recursive: true, force: true });
process.exit(status);
