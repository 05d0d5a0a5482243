/**
 * Writes the OpenAPI document to a file without starting the server, so CI can lint it with
 * Redocly and the generated client: `npx tsx scripts/write-openapi.ts <out.json>` (its server is the relative `/api/v3`).
 */
import { writeFileSync } from "node:fs";
import { buildOpenApiDocument } from "@/lib/openapi/document";
import { operations } from "@/lib/openapi/registry";

const out = process.argv[2];
if (!out) {
  console.error("usage: tsx scripts/write-openapi.ts <out.json>");
  process.exit(2);
}
writeFileSync(out, `${JSON.stringify(buildOpenApiDocument(operations, ""), null, 2)}\n`);
