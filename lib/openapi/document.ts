import { z } from "zod";
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from "zod-openapi";
import { SERVICE_VERSION } from "@/lib/health/operations";
import { ERROR_DESCRIPTION, ERROR_STATUS, type ErrorCode } from "@/lib/http/errors";
import type { Operation } from "@/lib/http/operation";

export const errorSchema = z
  .object({
    code: z.string().meta({ description: "The HTTP status as a string", example: "404" }),
    message: z.string().meta({ description: "What went wrong, written for people" }),
    details: z
      .array(
        z.object({
          path: z.string().meta({ description: "JSON Pointer into the request (or the query parameter's name)" }),
          message: z.string(),
        }),
      )
      .optional(),
  })
  .meta({ id: "Error", description: "Every error response has this body (specification §7)" });

const COMMON_ERRORS: ErrorCode[] = ["internal", "rate_limited"];

function errorResponses(operation: Operation<never, never, never, never>) {
  const codes = new Set<ErrorCode>([...(operation.errors ?? []), ...COMMON_ERRORS]);
  if (!operation.auth.public) codes.add("unauthorized");
  if (operation.request?.body) {
    codes.add("bad_request");
    codes.add("unprocessable");
    codes.add("payload_too_large");
  }
  if (operation.request?.query) codes.add("bad_request");
  const responses: Record<string, { description: string; content: { "application/json": { schema: typeof errorSchema } } }> = {};
  for (const code of codes) {
    responses[String(ERROR_STATUS[code])] = {
      description: ERROR_DESCRIPTION[code],
      content: { "application/json": { schema: errorSchema } },
    };
  }
  return responses;
}

function security(operation: Operation<never, never, never, never>) {
  if (operation.auth.public) return [];
  const schemes: Record<string, string[]>[] = [{ bearerAuth: [] }];
  return schemes;
}

function toOpenApiOperation(operation: Operation<never, never, never, never>): ZodOpenApiOperationObject {
  const responses: ZodOpenApiOperationObject["responses"] = { ...errorResponses(operation) };
  for (const [status, spec] of Object.entries(operation.responses)) {
    responses[status as `2${string}`] = {
      description: spec.description,
      ...(spec.headers ? { headers: z.object(Object.fromEntries(Object.entries(spec.headers).map(([name, header]) => [name, header.schema.meta({ description: header.description })]))) } : {}),
      ...(spec.schema || spec.contentType
        ? { content: { [spec.contentType ?? "application/json"]: { schema: spec.schema ?? z.string().meta({ format: "binary" }) } } }
        : {}),
    };
  }
  const request = operation.request;
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    tags: operation.tags,
    security: security(operation),
    requestParams: {
      ...(request?.params ? { path: request.params as never } : {}),
      ...(request?.query ? { query: request.query as never } : {}),
      ...(request?.headers ? { header: request.headers as never } : {}),
    },
    ...(request?.body
      ? { requestBody: { required: true, content: { "application/json": { schema: request.body } } } }
      : {}),
    responses,
  };
}

let cached: ReturnType<typeof createDocument> | undefined;

/** The OpenAPI 3.1 document of the whole API, generated from the operations' zod schemas. */
export function buildOpenApiDocument(operations: Operation<never, never, never, never>[], baseUrl: string) {
  if (!cached) {
    const paths: ZodOpenApiPathsObject = {};
    for (const operation of operations) {
      const item = (paths[operation.path] ??= {});
      (item as Record<string, ZodOpenApiOperationObject>)[operation.method.toLowerCase()] = toOpenApiOperation(operation);
    }
    const tags = [...new Set(operations.flatMap((operation) => operation.tags))].sort().map((name) => ({ name }));
    cached = createDocument({
      openapi: "3.1.0",
      info: {
        title: "Fitness Content Service API",
        version: SERVICE_VERSION,
        description:
          "Exercises, workouts, training plans, on-demand media and their lookups, in every language an organization publishes. Errors always have the body `{code, message, details?}`.",
        contact: { name: "Fitness Content Service" },
        license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
      },
      servers: [{ url: "/api/v3", description: "This server" }],
      tags,
      paths,
      components: {
        securitySchemes: {
          bearerAuth: {
            type: "http",
            scheme: "bearer",
            bearerFormat: "JWT",
            description: "An access token from POST /auth/login, or an integration token from POST /auth/integration",
          },
        },
      },
    });
  }
  return { ...cached, servers: [{ url: `${baseUrl}/api/v3`, description: "This server" }] };
}
