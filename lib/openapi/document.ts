import { z } from "zod";
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from "zod-openapi";
import { SERVICE_VERSION } from "@/lib/health/operations";
import { ERROR_DESCRIPTION, ERROR_STATUS, type ErrorCode } from "@/lib/http/errors";
import type { Operation } from "@/lib/http/operation";
import type { FilterSpec } from "@/lib/filter";
import type { oas31 } from "zod-openapi";

type ParameterObject = oas31.ParameterObject;

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
  const filterParameters = operation.filter ? describeFilterParameters(operation.filter) : [];
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    tags: operation.tags,
    security: security(operation),
    ...(filterParameters.length > 0 ? { parameters: filterParameters } : {}),
    requestParams: {
      ...(request?.params ? { path: request.params as never } : {}),
      ...(request?.query ? { query: request.query as never } : {}),
      ...(request?.headers ? { header: request.headers as never } : {}),
    },
    ...(request?.body
      ? { requestBody: { required: true, content: { [operation.rawBody ? "multipart/form-data" : "application/json"]: { schema: request.body } } } }
      : {}),
    responses,
  };
}

/** `filter[...]` query parameters of a list operation, one per allowed field and operator (§4.1). */
function describeFilterParameters(spec: FilterSpec): ParameterObject[] {
  const parameters: ParameterObject[] = [
    { name: "filter[limit]", in: "query", description: "Page size (1 to 250)", schema: { type: "integer", minimum: 1, maximum: 250, default: 20 } },
    { name: "filter[offset]", in: "query", description: "Start position in the result set", schema: { type: "integer", minimum: 0, default: 0 } },
  ];
  for (const [field, fieldSpec] of Object.entries(spec.fields)) {
    const valueSchema = fieldSpec.values ? { type: "string" as const, enum: [...fieldSpec.values] } : { type: "string" as const };
    for (const operator of fieldSpec.operators) {
      const isList = operator === "in" || operator === "and";
      parameters.push({
        name: `filter[where][${field}][${operator}]`,
        in: "query",
        description: `${field} ${operator}${isList ? " (comma-separated list; in = any, and = all)" : ""}${fieldSpec.type === "status" ? " — entries like default:published,de:draft" : ""}`,
        schema: isList || fieldSpec.type === "status" ? { type: "string" } : valueSchema,
      });
    }
  }
  const orderFields = Object.keys(spec.order);
  for (const field of orderFields) {
    parameters.push({ name: `filter[order][${field}]`, in: "query", description: `Sort by ${field}`, schema: { type: "string", enum: ["asc", "desc"] } });
  }
  return parameters;
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
