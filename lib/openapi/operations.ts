import { z } from "zod";
import { getEnv } from "@/lib/env";
import { defineOperation } from "@/lib/http/route";
import type { Operation } from "@/lib/http/operation";
import { json } from "@/lib/http/responses";
import { buildOpenApiDocument } from "./document";

/**
 * `GET /openapi.json`: the document of the operations `listOperations` returns. The registry
 * (lib/openapi/registry.ts) makes this operation, lists it among the others and hands its list in, so
 * this module does not import the registry that imports it.
 */
export function defineOpenApiDocumentOperation(listOperations: () => Operation<never, never, never, never>[]) {
  return defineOperation({
    method: "GET",
    path: "/openapi.json",
    operationId: "getOpenApiDocument",
    summary: "This API's OpenAPI 3.1 document",
    tags: ["Service"],
    auth: { public: true },
    usesDatabase: false,
    responses: { 200: { description: "The OpenAPI document", schema: z.record(z.string(), z.unknown()).meta({ id: "OpenApiDocument" }) } },
    handle: async () => json(buildOpenApiDocument(listOperations(), getEnv().PUBLIC_BASE_URL), { headers: { "Cache-Control": "public, max-age=60" } }),
  });
}
