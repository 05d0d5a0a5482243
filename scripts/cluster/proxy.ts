import http from "node:http";
import type { AddressInfo, Socket } from "node:net";

/**
 * The small round-robin HTTP proxy in front of `npm run cluster`'s servers (docs/deployment.md).
 * Bodies stream both ways with backpressure and are never held whole; the client's address is added
 * to `X-Forwarded-For` (the API's rate limit keys anonymous clients by its rightmost entry, ADR 4).
 * A backend that refuses connections or fails its readiness probe is skipped until it answers again.
 */
export type ProxyOptions = {
  /** Base URLs of the servers (`http://127.0.0.1:4001`). */
  backends: string[];
  /** Probed on every backend every `probeIntervalMs`; a backend that does not answer 200 gets no traffic. */
  readinessPath?: string;
  probeIntervalMs?: number;
};

export type BackendState = { url: string; isUp: boolean; requests: number };

export type RoundRobinProxy = {
  server: http.Server;
  /** Listens on `port` (0: any free port) and resolves with the proxy's base URL. */
  listen: (port: number, host?: string) => Promise<string>;
  backends: () => BackendState[];
  /** Probes every backend now (the timer does this every `probeIntervalMs`). */
  probe: () => Promise<void>;
  close: () => Promise<void>;
};

/**
 * Headers of one connection, never forwarded (RFC 9110 §7.6.1), plus those a `Connection` header
 * names; and `Expect`, which this proxy's own server has already answered.
 */
const HOP_BY_HOP = new Set(["expect", "connection", "keep-alive", "proxy-connection", "proxy-authenticate", "proxy-authorization", "te", "trailer", "transfer-encoding", "upgrade"]);

function endToEndHeaders(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const named = new Set(
    String(headers.connection ?? "")
      .split(",")
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  );
  const kept: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name) && !named.has(name)) kept[name] = value;
  }
  return kept;
}

/** Errors that happen before a backend has seen any of the request: another backend may take it. */
const NOT_CONNECTED = new Set(["ECONNREFUSED", "EHOSTUNREACH", "ENETUNREACH", "EADDRNOTAVAIL", "ETIMEDOUT"]);

const CONNECT_TIMEOUT_MS = 2_000;

function errorBody(status: number, message: string): string {
  return JSON.stringify({ code: String(status), message });
}

export function createRoundRobinProxy(options: ProxyOptions): RoundRobinProxy {
  const readinessPath = options.readinessPath ?? "/api/v3/health/ready";
  const probeIntervalMs = options.probeIntervalMs ?? 1_000;
  const backends = options.backends.map((url) => ({ url: new URL(url), isUp: true, requests: 0 }));
  // A fresh connection per request: a kept-alive one the backend closes while a request is being
  // written to it fails halfway, and that request could not be retried safely. On one machine a
  // connection costs a fraction of a millisecond.
  const agent = new http.Agent({ keepAlive: false });
  let next = 0;

  /** Backends in the order this request tries them: up ones round-robin, then the ones marked down. */
  const candidates = () => {
    const start = next;
    next = (next + 1) % backends.length;
    const ordered = backends.map((_, offset) => backends[(start + offset) % backends.length]!);
    return [...ordered.filter((backend) => backend.isUp), ...ordered.filter((backend) => !backend.isUp)];
  };

  const forward = (req: http.IncomingMessage, res: http.ServerResponse, queue: ReturnType<typeof candidates>) => {
    const backend = queue.shift();
    if (!backend) {
      res.writeHead(502, { "content-type": "application/json; charset=utf-8", connection: "close" });
      res.end(errorBody(502, "no server of the cluster answered"));
      return;
    }
    const headers = endToEndHeaders(req.headers);
    const clientAddress = req.socket.remoteAddress ?? "unknown";
    const forwardedFor = req.headers["x-forwarded-for"];
    headers["x-forwarded-for"] = forwardedFor ? `${String(forwardedFor)}, ${clientAddress}` : clientAddress;
    // What this edge saw, whatever a client claimed (the admin's same-origin check reads the host).
    if (req.headers.host) headers["x-forwarded-host"] = req.headers.host;
    headers["x-forwarded-proto"] = "http";

    const upstream = http.request({
      agent,
      host: backend.url.hostname,
      port: backend.url.port,
      method: req.method,
      path: req.url,
      headers,
      timeout: CONNECT_TIMEOUT_MS,
    });
    let isConnected = false;
    const onConnected = () => {
      isConnected = true;
      upstream.setTimeout(0);
      backend.requests += 1;
      // Only now does the client's body start to flow: had the backend refused, it would still be
      // unread and another backend could take the request.
      req.pipe(upstream);
    };
    upstream.once("socket", (socket: Socket) => {
      if (socket.connecting) socket.once("connect", onConnected);
      else onConnected();
    });
    upstream.once("timeout", () => upstream.destroy(Object.assign(new Error("connect timeout"), { code: "ETIMEDOUT" })));
    upstream.on("error", (error: NodeJS.ErrnoException) => {
      if (!isConnected && NOT_CONNECTED.has(error.code ?? "")) {
        backend.isUp = false;
        forward(req, res, queue);
        return;
      }
      req.unpipe(upstream);
      if (res.headersSent) {
        res.destroy();
        return;
      }
      res.writeHead(502, { "content-type": "application/json; charset=utf-8", connection: "close" });
      res.end(errorBody(502, "the server handling the request failed"));
    });
    upstream.once("response", (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEndHeaders(answer.headers));
      answer.pipe(res);
      // The backend's answer was cut short: the client must not take it for a whole one.
      answer.once("close", () => {
        if (!answer.complete) res.destroy();
      });
    });
    // The client went away before the answer was complete: stop the backend's work too.
    res.once("close", () => {
      if (!res.writableFinished) upstream.destroy();
    });
  };

  const server = http.createServer((req, res) => forward(req, res, candidates()));

  const probeOne = (backend: (typeof backends)[number]) =>
    new Promise<void>((resolve) => {
      const request = http.get({ agent, host: backend.url.hostname, port: backend.url.port, path: readinessPath, timeout: CONNECT_TIMEOUT_MS }, (answer) => {
        backend.isUp = answer.statusCode === 200;
        answer.resume();
        answer.once("end", resolve);
        answer.once("error", () => resolve());
      });
      request.once("timeout", () => request.destroy());
      request.once("error", () => {
        backend.isUp = false;
        resolve();
      });
    });
  const probe = async () => {
    await Promise.all(backends.map(probeOne));
  };
  let timer: NodeJS.Timeout | undefined;
  let probing: Promise<void> | undefined;

  return {
    server,
    listen: async (port, host = "127.0.0.1") => {
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, host, () => {
          server.off("error", reject);
          resolve();
        });
      });
      timer = setInterval(() => {
        probing ??= probe().finally(() => (probing = undefined));
      }, probeIntervalMs);
      timer.unref();
      const address = server.address() as AddressInfo;
      const shown = host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
      return `http://${shown}:${address.port}`;
    },
    backends: () => backends.map((backend) => ({ url: backend.url.origin, isUp: backend.isUp, requests: backend.requests })),
    probe,
    close: async () => {
      clearInterval(timer);
      await probing;
      if (!server.listening) return;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      // Requests still in flight get a moment, then their connections are cut.
      const cut = setTimeout(() => server.closeAllConnections(), 5_000);
      await closed;
      clearTimeout(cut);
    },
  };
}
