// The production server: Next.js's request handler inside a plain node:http server. It exists for the
// requests Next.js cannot take: Next builds a fetch `Request` for every route handler, and fetch forbids
// TRACE and CONNECT (Next answers them with a bare text/plain 500 before any route code runs), while
// Node's parser refuses methods it does not know with a bare 400. Here every such request gets the
// API's JSON error body and an `X-Request-Id` (docs/api.md, "General"):
//   - TRACE and CONNECT (methods of HTTP itself that no path serves): 405 with the path's `Allow`;
//   - any other method: 501;
//   - a path whose percent-encoding does not decode: 400.
// API requests (`/api/v3/…`) take the lean path: the same operations and wrapper as the route files,
// routed without Next.js's request pipeline (lib/http/api-server.ts, docs/decisions/0025), unless
// `API_ROUTER=next`. Everything else goes to Next.js unchanged. Keep this file small: it is the
// process's front door.
import { randomUUID } from "node:crypto";
import http from "node:http";
import next from "next";

/** Methods Next.js routes; route files answer the ones a path lacks with 405 and `Allow`. */
const ROUTED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/** Methods of HTTP itself (RFC 9110) that no path serves: 405 with the path's `Allow`. */
const REFUSED_METHODS = new Set(["TRACE", "CONNECT"]);
/**
 * Carries a refused method to the API's route files, which know each path's methods: the request
 * reaches them as OPTIONS with this header, and they answer 405 with their `Allow`
 * (lib/http/route.ts). A client's own header of this name is dropped.
 */
export const REFUSED_METHOD_HEADER = "x-refused-method";
const API_PREFIX = "/api/v3/";
/** What paths outside the API (admin pages, image addresses, static files) serve. */
const NON_API_ALLOW = "GET, HEAD";
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{1,128}$/;
/**
 * Where the app (lib/server/start.ts, run by Next.js's instrumentation) leaves the lean path's
 * request listener for this server: `{ port, listener?, isLeanPath?, onReady? }`.
 */
const LEAN_API_KEY = Symbol.for("fcs.leanApi");
const API_ROUTERS = new Set(["lean", "next"]);

/** `API_ROUTER`: `lean` (default) or `next` (every API request through Next.js's route files, as `next dev` serves them). */
export function apiRouterSetting(env = process.env) {
  const value = env.API_ROUTER === undefined || env.API_ROUTER === "" ? "lean" : env.API_ROUTER;
  if (!API_ROUTERS.has(value)) throw new Error(`API_ROUTER must be 'lean' or 'next' (got '${value}')`);
  return value;
}

/**
 * Replaces (or with `undefined` removes) a request header in both of Node's views of it: `headers`,
 * which Next.js reads, and `rawHeaders`, which the lean path's adapter reads.
 */
function setRequestHeader(req, name, value) {
  const raw = [];
  for (let index = 0; index < req.rawHeaders.length; index += 2) {
    if (req.rawHeaders[index].toLowerCase() !== name) raw.push(req.rawHeaders[index], req.rawHeaders[index + 1]);
  }
  if (value === undefined) delete req.headers[name];
  else {
    req.headers[name] = value;
    raw.push(name, value);
  }
  req.rawHeaders.splice(0, req.rawHeaders.length, ...raw);
}

function requestIdOf(req) {
  const given = req.headers["x-request-id"];
  return typeof given === "string" && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
}

/** The API's error answer, as raw HTTP/1.1 (for sockets no ServerResponse was made for). */
function rawErrorResponse(status, reason, message, requestId, extraHeaders = {}) {
  const body = JSON.stringify({ code: String(status), message });
  const headers = {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": String(Buffer.byteLength(body)),
    "X-Request-Id": requestId,
    ...extraHeaders,
    Connection: "close",
  };
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join("");
  return `HTTP/1.1 ${status} ${reason}\r\n${head}\r\n${body}`;
}

function sendError(res, status, message, requestId, extraHeaders = {}) {
  const body = JSON.stringify({ code: String(status), message });
  res.writeHead(status, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "X-Request-Id": requestId,
    ...extraHeaders,
  });
  res.end(body);
}

/**
 * Whether the path's percent-escapes decode to text. A malformed one (`%ZZ`, or the UTF-8 bytes of a
 * lone surrogate, `%ED%A0%80`) makes Next.js fail while decoding route parameters with a bare 500.
 */
function hasDecodablePath(url) {
  try {
    decodeURIComponent((url ?? "").split("?", 1)[0]);
    return true;
  } catch {
    return false;
  }
}

function isApiPath(url) {
  const path = (url ?? "").split("?", 1)[0];
  return path.startsWith(API_PREFIX);
}

/** How long the app's start-up (migrations included) may take before the server gives up. */
const START_UP_DEADLINE_MS = 10 * 60_000;

/**
 * Resolves once the app's start-up (run by Next.js's instrumentation hook, which `prepare()` does not
 * wait for to the end) has handed over the lean path's listener.
 */
function leanPathReady(lean) {
  if (lean.listener) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the app did not set up the lean API path (lib/server/start.ts)")), START_UP_DEADLINE_MS);
    timer.unref();
    lean.onReady = () => {
      clearTimeout(timer);
      resolve();
    };
  });
}

/**
 * Creates the HTTP server around the built app in `dir` (its production build must exist) and
 * resolves once Next.js is prepared (instrumentation has run: configuration, database, bootstrap).
 */
/** How long a closing connection keeps reading what the client still sends (see `lingeringClose`). */
const LINGER_MS = 2000;
/**
 * How long an idle keep-alive connection stays open: longer than the idle limits of clients and load
 * balancers (60 s is common), so they close first and never send on a connection this server is just
 * closing (Node's default of 5 s made such a request fail with ECONNRESET). docs/deployment.md, "Keep-alive".
 */
const KEEP_ALIVE_MS = 65_000;

export async function createServer({ dir = process.cwd(), hostname, port }) {
  const app = next({ dev: false, dir, hostname, port });
  const handleNext = app.getRequestHandler();
  const lean = apiRouterSetting() === "lean" ? { port: port === undefined ? undefined : Number(port) } : undefined;
  globalThis[LEAN_API_KEY] = lean;
  await app.prepare();
  if (lean) await leanPathReady(lean);
  // Without a Host header (HTTP/1.0) a request has no address of its own: Next.js answers it as before.
  const handle = lean ? (req, res) => (req.headers.host && lean.isLeanPath(req.url) ? lean.listener(req, res) : handleNext(req, res)) : handleNext;

  const handleRequest = (req, res) => {
    if (req.headers[REFUSED_METHOD_HEADER] !== undefined) setRequestHeader(req, REFUSED_METHOD_HEADER, undefined);
    const method = req.method ?? "";
    const requestId = requestIdOf(req);
    if (!hasDecodablePath(req.url)) return sendError(res, 400, "the path's percent-encoding is not valid UTF-8", requestId);
    if (ROUTED_METHODS.has(method)) return handle(req, res);
    if (!REFUSED_METHODS.has(method)) {
      return sendError(res, 501, `method ${method} is not implemented by this server`, requestId);
    }
    if (!isApiPath(req.url)) {
      return sendError(res, 405, `method ${method} is not allowed here; allowed: ${NON_API_ALLOW}`, requestId, { Allow: NON_API_ALLOW });
    }
    setRequestHeader(req, REFUSED_METHOD_HEADER, method);
    setRequestHeader(req, "x-request-id", requestId);
    req.method = "OPTIONS";
    return handle(req, res);
  };

  const server = http.createServer(handleRequest);
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // Headers of a request on a kept-alive connection may take as long to start arriving.
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  // A response that closes the connection while the client is still sending (a refused upload, ADR 15)
  // must reach the client before the connection is reset: Node would close at once with unread bytes
  // waiting, and the kernel's reset can destroy the answer on its way. Our side is closed, what still
  // arrives is read and dropped until the client closes too, for at most LINGER_MS, then it is let go.
  server.on("connection", (socket) => {
    socket.destroySoon = function lingeringClose() {
      if (this.writable) this.end();
      const release = () => this.destroy();
      const timer = setTimeout(release, LINGER_MS);
      timer.unref();
      this.once("end", () => {
        clearTimeout(timer);
        release();
      });
      this.resume();
    };
  });
  // Node hands CONNECT to this event with the bare socket: answer it like any other request, then close.
  server.on("connect", (req, socket) => {
    const res = new http.ServerResponse(req);
    res.shouldKeepAlive = false;
    res.assignSocket(socket);
    res.on("finish", () => socket.end());
    handleRequest(req, res);
  });
  // Node's parser refuses methods it does not know before any request exists.
  server.on("clientError", (error, socket) => {
    if (!socket.writable) return socket.destroy();
    if (error.code === "HPE_INVALID_METHOD") {
      socket.end(rawErrorResponse(501, "Not Implemented", "this method is not implemented by this server", randomUUID()));
    } else if (error.code === "ECONNRESET") {
      socket.destroy();
    } else {
      const status = error.code === "HPE_HEADER_OVERFLOW" ? 431 : error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
      socket.end(rawErrorResponse(status, http.STATUS_CODES[status], "the request could not be parsed", randomUUID()));
    }
  });
  return { server, app };
}

/** How long a stopping server lets requests and jobs in flight finish (docs/deployment.md, "Jobs"). */
const DRAIN_MS = 25_000;
/** The process exits by then whatever is still running. */
const EXIT_DEADLINE_MS = 30_000;

/**
 * SIGTERM (and SIGINT): stop accepting connections, let requests in flight finish while the app stops
 * taking jobs and finishes those it runs, then close the database and exit 0, all within 30 s.
 * Connections still open after 25 s are closed.
 */
function installShutdown(server) {
  let isStopping = false;
  const onSignal = (signal) => {
    if (isStopping) return;
    isStopping = true;
    process.stdout.write(`fitness-content-service: ${signal} received; finishing requests and jobs in flight\n`);
    setTimeout(() => {
      process.stderr.write("fitness-content-service: shutdown took longer than 30 s; exiting\n");
      process.exit(1);
    }, EXIT_DEADLINE_MS).unref();
    const closed = new Promise((resolve) => server.close(() => resolve()));
    // Keep-alive connections between requests would hold close() open.
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    const forced = setTimeout(() => server.closeAllConnections(), DRAIN_MS);
    const appShutdown = globalThis[Symbol.for("fcs.shutdown")];
    // Jobs stop alongside the requests; the database closes once both are done.
    Promise.all([closed, appShutdown ? appShutdown({ beforeClose: closed }) : undefined])
      .catch((error) => process.stderr.write(`fitness-content-service: shutdown failed: ${error instanceof Error ? error.message : String(error)}\n`))
      .finally(() => {
        clearInterval(idle);
        clearTimeout(forced);
        process.exit(0);
      });
  };
  process.once("SIGTERM", onSignal);
  process.once("SIGINT", onSignal);
}

/** Starts the server on PORT and HOSTNAME (what `npm start`, the demo and the test servers run). */
export async function startServer() {
  const port = Number(process.env.PORT ?? "3000");
  const hostname = process.env.HOSTNAME ?? "0.0.0.0";
  // Tells the app (lib/server/start.ts) that this server drains requests on SIGTERM and then calls its shutdown.
  globalThis[Symbol.for("fcs.managedShutdown")] = true;
  const { server } = await createServer({ hostname, port });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, hostname, resolve);
  });
  installShutdown(server);
  process.stdout.write(`fitness-content-service: listening on http://${hostname}:${port}\n`);
  return server;
}
