import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { getDb } from "@/lib/db";
import { describeError, log } from "@/lib/log";
import { validateInput } from "@/lib/validation";
import { parseFilter } from "@/lib/filter";
import { isQueryCountExposed, withQueryCount } from "@/lib/db/query-count";
import type { Caller } from "@/lib/core/caller";
import { authenticateRequest, authorizeCaller } from "./authenticate";
import { auditActorOfRequest, runAsAuditActor } from "@/lib/audit-log/actor-context";
import { applyRateLimit } from "./rate-limit";
import { mustCloseConnection, readJsonBody } from "./body";
import { errorBody, statusOf } from "./errors";
import { ApiError } from "@/lib/core/errors";
import { HTTP_METHODS, type HttpMethod, type Operation, type OperationSpec } from "./operation";
import { json, noContent } from "./responses";

type NextRouteContext = { params: Promise<Record<string, string | string[] | undefined>> };
type NextHandler = (req: Request, ctx: NextRouteContext) => Promise<Response>;
export type RouteHandlers = Record<HttpMethod | "OPTIONS", NextHandler>;

type AnyOperation = Operation<never, never, never, never>;

/**
 * Declares an operation: its contract (which also writes the OpenAPI document) and its handler.
 * The handler receives the parsed query, body and path parameters, the authenticated caller and the
 * database, and returns a Response; it has no try/catch, no auth and no parsing of its own.
 */
export function defineOperation<
  QS extends z.ZodType<Record<string, unknown>> | undefined = undefined,
  BS extends z.ZodType | undefined = undefined,
  PS extends z.ZodType<Record<string, unknown>> | undefined = undefined,
  C extends Caller | null = Caller,
>(operation: Operation<QS, BS, PS, C>): Operation<QS, BS, PS, C> {
  return operation;
}

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{1,128}$/;

function requestIdFor(req: Request): string {
  const given = req.headers.get("x-request-id");
  return given && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
}

type RouteParams = Record<string, string | string[] | undefined>;

/**
 * GET and HEAD of a file-delivery route outside `/api/v3` (`/cdn/...`): the request id, the JSON
 * error body for a refusal (never cached), and any headers every answer carries.
 */
export function deliveryRoute(
  route: string,
  serve: (req: Request, params: RouteParams, isHead: boolean) => Promise<Response>,
  headers: Record<string, string> = {},
): { GET: (req: Request, context: { params: Promise<RouteParams> }) => Promise<Response>; HEAD: (req: Request, context: { params: Promise<RouteParams> }) => Promise<Response> } {
  const handler = (isHead: boolean) => async (req: Request, context: { params: Promise<RouteParams> }): Promise<Response> => {
    const requestId = requestIdFor(req);
    let response: Response;
    try {
      response = await serve(req, await context.params, isHead);
    } catch (error) {
      response = errorResponse(error, requestId, { route });
      response.headers.set("Cache-Control", "no-store");
    }
    response.headers.set("X-Request-Id", requestId);
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  };
  return { GET: handler(false), HEAD: handler(true) };
}

function withRequestId(response: Response, requestId: string, extra?: Headers): Response {
  extra?.forEach((value, key) => {
    if (!response.headers.has(key)) response.headers.set(key, value);
  });
  response.headers.set("X-Request-Id", requestId);
  return response;
}

/** The response as sent: with its request id, and closing a connection whose request body was left unread. */
function finish(req: Request, response: Response, requestId: string, extra?: Headers): Response {
  withRequestId(response, requestId, extra);
  if (mustCloseConnection(req)) response.headers.set("Connection", "close");
  return response;
}

/** Turns any thrown value into the error body (docs/api.md "Errors"); unknown errors are logged and leak nothing. */
export function errorResponse(error: unknown, requestId: string, context?: Record<string, unknown>): Response {
  if (error instanceof ApiError) {
    return json(errorBody(error), { status: statusOf(error), headers: error.extra?.headers });
  }
  log.error("unhandled error", { requestId, ...context, ...describeError(error) });
  return json({ code: "500", message: "internal error" }, { status: 500 });
}

function searchParamsToObject(params: URLSearchParams): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of params) result[key] ??= value;
  return result;
}

async function runOperation(operation: AnyOperation, req: Request, ctx: NextRouteContext, options: { isRateLimited: boolean } = { isRateLimited: true }): Promise<Response> {
  const requestId = requestIdFor(req);
  const responseHeaders = new Headers();
  try {
    const url = new URL(req.url);
    if (options.isRateLimited) await applyRateLimit(req, responseHeaders);
    const caller = await authenticateRequest(req, operation.auth);
    authorizeCaller(caller, operation.auth, req.method);

    const request = operation.request;
    const rawParams = await ctx.params;
    const params = request?.params ? validateInput(request.params, rawParams) : rawParams;
    const query = request?.query ? validateInput(request.query, searchParamsToObject(url.searchParams)) : undefined;
    const filter = operation.filter ? parseFilter(url.searchParams, operation.filter) : (undefined as never);
    let body: unknown;
    if (request?.body && !operation.rawBody) {
      const raw = await readJsonBody(req);
      if (raw === undefined) throw new ApiError("bad_request", "request body is required");
      body = validateInput(request.body, raw);
    }

    const db = operation.usesDatabase === false ? (undefined as never) : await getDb();
    const actor = auditActorOfRequest(caller, req, requestId);
    const handle = () => runAsAuditActor(actor, () => operation.handle({
      req,
      url,
      requestId,
      query: query as never,
      body: body as never,
      params: params as never,
      caller: caller as never,
      db,
      filter,
      responseHeaders,
    }));
    if (!isQueryCountExposed()) return finish(req, await handle(), requestId, responseHeaders);
    const { result, count } = await withQueryCount(handle);
    responseHeaders.set("X-Query-Count", String(count));
    return finish(req, result, requestId, responseHeaders);
  } catch (error) {
    return finish(req, errorResponse(error, requestId, { method: req.method, operation: operation.operationId }), requestId, responseHeaders);
  }
}

/**
 * Runs an operation inside the process, as the admin's server pages read data for their first paint
 * (docs/decisions/0009, "Data on first paint"): the same authentication, authorization, parsing,
 * handler and serialization as over HTTP, so the answer is byte for byte the API's. Not counted
 * against the rate limit: it stands for the page request, not for an API call.
 */
export function runOperationInProcess(operation: Operation<never, never, never, never>, req: Request, params: Record<string, string>): Promise<Response> {
  return runOperation(operation as unknown as AnyOperation, req, { params: Promise.resolve(params) }, { isRateLimited: false });
}

/** Counts a request that can only fail (404, 405) against the rate limit, then answers its error. */
async function answerWithError(req: Request, fail: () => never): Promise<Response> {
  const requestId = requestIdFor(req);
  const headers = new Headers();
  try {
    await applyRateLimit(req, headers);
    fail();
  } catch (error) {
    return withRequestId(errorResponse(error, requestId), requestId, headers);
  }
}

/**
 * The exports of one route file: its operations by method, 405 with `Allow` for the others, and
 * OPTIONS answering with `Allow`.
 */
export function route(...operations: Array<{ method: HttpMethod } & Pick<OperationSpec<undefined, undefined, undefined>, "path">>): RouteHandlers {
  const byMethod = new Map(operations.map((operation) => [operation.method, operation as unknown as AnyOperation]));
  // In one order whatever the order of the arguments (the route file's, the registry's).
  const allow = [...HTTP_METHODS.filter((method) => byMethod.has(method)), "OPTIONS"].join(", ");
  const notAllowed = (req: Request, method: string) =>
    answerWithError(req, () => {
      throw new ApiError("method_not_allowed", `method ${method} is not allowed here; allowed: ${allow}`, undefined, {
        headers: { Allow: allow },
      });
    });
  const handlers = {} as RouteHandlers;
  for (const method of HTTP_METHODS) {
    const operation = byMethod.get(method);
    handlers[method] = operation ? (req, ctx) => runOperation(operation, req, ctx) : (req) => notAllowed(req, req.method);
  }
  handlers.OPTIONS = async (req) => {
    const refused = refusedMethodOf(req);
    return refused ? notAllowed(req, refused) : withRequestId(noContent({ Allow: allow }), requestIdFor(req));
  };
  return handlers;
}

/**
 * The method the production server refused (TRACE, CONNECT), which it passes on as an OPTIONS request
 * carrying this header because only the route files know each path's methods (scripts/server.mjs).
 */
const REFUSED_METHOD_HEADER = "x-refused-method";

function refusedMethodOf(req: Request): string | undefined {
  const method = req.headers.get(REFUSED_METHOD_HEADER);
  return method === "TRACE" || method === "CONNECT" ? method : undefined;
}

/** Answers every method with 404 in the error body's shape (docs/api.md "Errors"; unknown paths under `/api/v3`). */
export function notFoundRoute(): RouteHandlers {
  const handler: NextHandler = (req) =>
    answerWithError(req, () => {
      throw new ApiError("not_found", `no such endpoint: ${refusedMethodOf(req) ?? req.method} ${new URL(req.url).pathname}`);
    });
  return { GET: handler, HEAD: handler, POST: handler, PUT: handler, PATCH: handler, DELETE: handler, OPTIONS: handler };
}
