import { z } from "zod";
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from "zod-openapi";
import { SERVICE_VERSION } from "@/lib/health/schemas";
import { ERROR_DESCRIPTION, ERROR_STATUS, MAX_DETAILS } from "@/lib/http/errors";
import type { ErrorCode } from "@/lib/core/errors";
import type { Operation } from "@/lib/http/operation";
import { describeFilterParameters } from "@/lib/filter/describe";
import { TAG_DESCRIPTIONS } from "./tags";

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
      .max(MAX_DETAILS)
      .optional()
      .meta({ description: `Field problems: the first ${MAX_DETAILS} at most` }),
    details_omitted: z.number().int().positive().optional().meta({ description: "How many further field problems were left out of `details`" }),
  })
  .meta({ id: "Error", description: "Every error response has this body" });

/**
 * Every error status an operation can answer, derived from its definition as the wrapper
 * (lib/http/route.ts) treats it, plus the domain errors it declares; the document lists exactly these.
 */
export function operationErrorCodes(operation: Operation<never, never, never, never>): ErrorCode[] {
  const codes = new Set<ErrorCode>(operation.errors ?? []);
  const request = operation.request as { params?: z.ZodType; query?: z.ZodType; body?: z.ZodType; headers?: z.ZodType } | undefined;
  // Every request is counted against the rate limit; any request can meet an unexpected failure.
  codes.add("rate_limited");
  codes.add("internal");
  const { auth } = operation;
  if (!auth.public) {
    codes.add("unauthorized");
    // A token the policy does not admit: a role outside `roles`, a mobile or an integration token.
    if (auth.roles || !auth.mobile || !auth.integration) codes.add("forbidden");
  }
  if (request?.params) codes.add("unprocessable");
  if (request?.query) {
    codes.add("unprocessable");
    if (!request.query.safeParse({}).success) codes.add("bad_request");
  }
  if (operation.filter) codes.add("bad_request");
  if (request?.body) {
    codes.add("bad_request");
    codes.add("unprocessable");
    codes.add("payload_too_large");
  }
  if (request?.headers && "if-match" in headerShape(request.headers)) codes.add("precondition_failed");
  return [...codes].sort((a, b) => ERROR_STATUS[a] - ERROR_STATUS[b]);
}

function headerShape(schema: z.ZodType): Record<string, unknown> {
  return schema instanceof z.ZodObject ? schema.shape : {};
}

function errorResponses(operation: Operation<never, never, never, never>) {
  const responses: Record<string, { description: string; content: { "application/json": { schema: typeof errorSchema } } }> = {};
  for (const code of operationErrorCodes(operation)) {
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
  if (operation.auth.preview) schemes.push({ previewLink: [] });
  return schemes;
}

function requestMediaTypes(operation: Operation<never, never, never, never>): readonly string[] {
  if (!operation.rawBody) return ["application/json"];
  const types = operation.rawBodyType ?? "multipart/form-data";
  return typeof types === "string" ? [types] : types;
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
      ? { requestBody: { required: true, content: Object.fromEntries(requestMediaTypes(operation).map((type) => [type, { schema: request.body }])) } }
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
    const tags = [...new Set(operations.flatMap((operation) => operation.tags))].sort().map((name) => {
      const description = TAG_DESCRIPTIONS[name];
      if (!description) throw new Error(`the OpenAPI tag '${name}' has no description in lib/openapi/tags.ts`);
      return { name, description };
    });
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
          previewLink: {
            type: "apiKey",
            in: "query",
            name: "preview",
            description: "A preview link's token (POST /content/{collection}/{id}/preview-links): reads that record and the records it references, in the link's language, drafts included",
          },
        },
      },
    });
  }
  return { ...cached, servers: [{ url: `${baseUrl}/api/v3`, description: "This server" }] };
}
