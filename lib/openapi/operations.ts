import { z } from "zod";
import { getEnv } from "@/lib/env";
import { defineOperation } from "@/lib/http/route";
import { json } from "@/lib/http/responses";
import { buildOpenApiDocument } from "./document";

export const getOpenApiDocument = defineOperation({
  method: "GET",
  path: "/openapi.json",
  operationId: "getOpenApiDocument",
  summary: "This API's OpenAPI 3.1 document",
  tags: ["Service"],
  auth: { public: true },
  usesDatabase: false,
  responses: { 200: { description: "The OpenAPI document", schema: z.record(z.string(), z.unknown()).meta({ id: "OpenApiDocument" }) } },
  handle: async () => {
    // Imported here: the registry lists this operation too.
    const { operations } = await import("./registry");
    return json(buildOpenApiDocument(operations, getEnv().PUBLIC_BASE_URL), { headers: { "Cache-Control": "public, max-age=60" } });
  },
});
