#!/usr/bin/env node
// `npm run openapi:client`: what an API consumer with a generated SDK gets. Writes the OpenAPI
// document from the code (the same builder the server serves it with, no server needed), generates
// openapi-typescript types from it into test-results/openapi/ (not committed), and compiles the small
// typed openapi-fetch client in e2e/openapi-client/ with `tsc --strict`. Its `@ts-expect-error` probes
// must stay errors: a misspelt PATCH field, a wrong enum value, a missing path parameter (ADR 22).
import { spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";

const OUT = "test-results/openapi";
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };

function run(label, command, args) {
  const result = spawnSync(command, args, { stdio: "inherit", env });
  if (result.error) console.error(`openapi:client: could not run ${command}: ${result.error.message}`);
  if (result.status !== 0) {
    console.error(`openapi:client: ${label} failed`);
    process.exit(result.status ?? 1);
  }
}

mkdirSync(OUT, { recursive: true });
run("writing the document", "node_modules/.bin/tsx", ["scripts/write-openapi.ts", `${OUT}/openapi.json`]);
run("generating types", "node_modules/.bin/openapi-typescript", [`${OUT}/openapi.json`, "--output", `${OUT}/schema.d.ts`]);
run("compiling the typed client", "node_modules/.bin/tsc", ["-p", "e2e/openapi-client/tsconfig.json"]);
console.log("openapi:client: the generated client compiles and every probe is still an error");
