import type { IncomingMessage, ServerResponse } from "node:http";
import { deflateSync, gzipSync } from "node:zlib";
import { getRequestListener } from "@hono/node-server";
import { addRoute, createRouter, findRoute } from "rou3";
import type { Operation } from "./operation";
import { bodyOf, bodyResponse } from "./responses";
import { notFoundRoute, route, type RouteHandlers } from "./route";

/**
 * The lean production path of the API (docs/decisions/0025): the production server
 * (scripts/server.mjs) hands `/api/v3` requests here instead of to Next.js's request pipeline. The
 * paths and operations come from the operations registry, each path's handlers from the same
 * `route(...)` its route file exports, so a request meets the same wrapper and the same operation
 * on either path; only the routing (rou3) and the Node request/response adapter (@hono/node-server)
 * differ. What Next.js's pipeline adds around a route handler is done here too: the `X-Forwarded-*`
 * request headers and compression for clients that accept it (with `Vary: Accept-Encoding`).
 */

export const API_PREFIX = "/api/v3";

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };
type Handler = (req: Request, ctx: RouteContext) => Promise<Response>;
type PathEntry = { handlers: RouteHandlers; servesHead: boolean };

/**
 * Paths taken here: `/api/v3/…` with plain segments. Anything else under the prefix (a trailing
 * slash, empty or dot segments, percent-escapes) goes on to Next.js, which redirects, normalizes or
 * decodes it as it always has and then runs the same route file.
 */
const LEAN_PATH = /^\/api\/v3(?:\/(?!\.{1,2}(?:\/|$))[A-Za-z0-9._~-]+)+$/;

export function isLeanPath(url: string | undefined): boolean {
  const query = url?.indexOf("?") ?? -1;
  return LEAN_PATH.test(query === -1 ? (url ?? "") : url!.slice(0, query));
}

/** `/content/exercises/{id}` → `/api/v3/content/exercises/:id` */
function routerPath(path: string): string {
  return `${API_PREFIX}${path.replace(/\{([^}]+)\}/g, ":$1")}`;
}

/**
 * The handler for a method and path: the path's `route(...)` handlers as its route file exports them
 * (HEAD runs GET where the path has no HEAD operation, as Next.js does for route files without a
 * HEAD export), or the 404 of unknown paths.
 */
export function createApiRouter(operations: readonly Operation<never, never, never, never>[]): (method: string, pathname: string) => { handler: Handler; params: Record<string, string> } {
  const byPath = new Map<string, Operation<never, never, never, never>[]>();
  for (const operation of operations) byPath.set(operation.path, [...(byPath.get(operation.path) ?? []), operation]);
  const router = createRouter<PathEntry>();
  for (const [path, pathOperations] of byPath) {
    addRoute(router, "", routerPath(path), { handlers: route(...pathOperations), servesHead: pathOperations.some((operation) => operation.method === "HEAD") });
  }
  const notFound = notFoundRoute();
  const none: Record<string, string> = {};
  return (method, pathname) => {
    const match = findRoute(router, "", pathname);
    const handlers = match?.data.handlers ?? notFound;
    const key = method === "HEAD" && !match?.data.servesHead ? "GET" : method;
    const handler = (handlers as Record<string, Handler | undefined>)[key] ?? handlers.OPTIONS;
    const params: Record<string, string> = {};
    for (const [name, value] of Object.entries(match?.params ?? none)) params[name] = decodeURIComponent(value);
    return { handler, params };
  };
}

/** Adds a request header the way Next.js's pipeline does (`??=`), for both Node's header views. */
function setHeaderIfMissing(req: IncomingMessage, name: string, value: string | undefined): void {
  if (value === undefined || req.headers[name] !== undefined) return;
  req.headers[name] = value;
  req.rawHeaders.push(name, value);
}

/** The `X-Forwarded-*` headers Next.js sets before a route handler runs (ADR 4 keys clients by them). */
function addForwardedHeaders(req: IncomingMessage, port: number | undefined): void {
  const proto = req.headers["x-forwarded-proto"];
  const isHttps = proto ? proto === "https" : Boolean((req.socket as { encrypted?: boolean }).encrypted);
  setHeaderIfMissing(req, "x-forwarded-host", req.headers.host);
  setHeaderIfMissing(req, "x-forwarded-port", port ? String(port) : isHttps ? "443" : "80");
  setHeaderIfMissing(req, "x-forwarded-proto", isHttps ? "https" : "http");
  setHeaderIfMissing(req, "x-forwarded-for", req.socket.remoteAddress);
}

const COMPRESSIBLE = /^(?:application\/(?:[\w.+-]+\+)?json|text\/[\w.+-]+)\s*(?:;|$)/i;

/**
 * The coding a client accepts, as Next.js's compression negotiates it: gzip when acceptable (and no
 * less wanted than the body as it is), else deflate, else none.
 */
export function negotiateEncoding(header: string | string[] | undefined): "gzip" | "deflate" | undefined {
  if (typeof header !== "string") return undefined;
  const qualities = new Map<string, number>();
  for (const entry of header.split(",")) {
    const [name, ...parameters] = entry.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith("q="));
    const quality = q === undefined ? 1 : Number(q.slice(2));
    if (!Number.isNaN(quality)) qualities.set(name.trim(), quality);
  }
  const quality = (coding: string) => qualities.get(coding) ?? qualities.get("*") ?? 0;
  const identity = qualities.get("identity") ?? 0;
  if (quality("gzip") > 0 && quality("gzip") >= identity) return "gzip";
  if (quality("deflate") > 0 && quality("deflate") >= identity) return "deflate";
  return undefined;
}

function appendVary(headers: Headers, value: string): void {
  const vary = headers.get("vary");
  if (!vary) headers.set("Vary", value);
  else if (!vary.toLowerCase().split(",").some((entry) => entry.trim() === value.toLowerCase() || entry.trim() === "*")) headers.set("Vary", `${vary}, ${value}`);
}

/**
 * Compression as Next.js's pipeline applies it to route handlers' answers (it streams them, so its
 * size threshold never applies): JSON and text bodies say `Vary: Accept-Encoding` and are
 * compressed for clients that accept it. API bodies are small documents, read whole here; other
 * media types pass through untouched.
 */
async function compressed(req: IncomingMessage, response: Response): Promise<Response> {
  const type = response.headers.get("content-type");
  // A whole body is known without its stream (which would be made only to be looked at).
  const known = bodyOf(response);
  if ((known === undefined && !response.body) || !type || !COMPRESSIBLE.test(type) || response.headers.get("cache-control")?.includes("no-transform")) return response;
  appendVary(response.headers, "Accept-Encoding");
  const encoding = negotiateEncoding(req.headers["accept-encoding"]);
  if (response.headers.has("content-encoding") || req.method === "HEAD" || !encoding) return response;
  const body = known === undefined ? Buffer.from(await response.arrayBuffer()) : typeof known === "string" ? Buffer.from(known) : known;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  headers.set("Content-Encoding", encoding);
  return bodyResponse(encoding === "gzip" ? gzipSync(body) : deflateSync(body), { status: response.status, headers });
}

/** What @hono/node-server does with a response that says its answer was written already. */
const ALREADY_SENT = new Response(null, { headers: { "x-hono-already-sent": "true" } });

/**
 * Writes a response made by `bodyResponse` straight to Node's response, with the headers and
 * `Content-Length` @hono/node-server would send for it, in one write (and no reading back of the
 * body through its stream). False for other responses, which the adapter writes.
 */
export function wroteWhole(response: Response, outgoing: ServerResponse): boolean {
  const body = bodyOf(response);
  if (body === undefined || response.bodyUsed) return false;
  const headers: Record<string, string | string[]> = {};
  let cookies: string[] | undefined;
  for (const [name, value] of response.headers) {
    if (name === "set-cookie") (cookies ??= []).push(value);
    else headers[name] = value;
  }
  if (cookies) headers["set-cookie"] = cookies;
  headers["content-type"] ??= "text/plain; charset=UTF-8";
  headers["content-length"] ??= String(typeof body === "string" ? Buffer.byteLength(body) : body.byteLength);
  outgoing.writeHead(response.status, headers);
  outgoing.end(body);
  return true;
}

export type ApiListener = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** The Node request listener of the lean path: `/api/v3` requests (see `isLeanPath`) only. */
export function createApiListener(operations: readonly Operation<never, never, never, never>[], options: { port?: number } = {}): ApiListener {
  const find = createApiRouter(operations);
  const listener = getRequestListener(
    async (request, env) => {
      // An HTTP/1.1 server: the request is always an IncomingMessage.
      const incoming = env.incoming as IncomingMessage;
      const query = incoming.url?.indexOf("?") ?? -1;
      const pathname = query === -1 ? (incoming.url ?? "") : incoming.url!.slice(0, query);
      const { handler, params } = find(incoming.method ?? "GET", pathname);
      const response = await compressed(incoming, await handler(request, { params: Promise.resolve(params) }));
      return wroteWhole(response, env.outgoing as ServerResponse) ? ALREADY_SENT : response;
    },
    // Next.js runs in this process: the globals stay Node's own.
    { overrideGlobalObjects: false },
  );
  return async (req, res) => {
    addForwardedHeaders(req, options.port);
    await listener(req, res);
  };
}
