import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

/** A webhook receiver for tests: node:http on 127.0.0.1 at a free port, recording every request. */
export type ReceivedRequest = { headers: Record<string, string>; body: string; receivedAt: number; answeredWith: number };
export type WebhookEvent = { event: string; entity: string; data: Record<string, unknown> };

export type Receiver = {
  url: string;
  requests: ReceivedRequest[];
  /**
   * Decides each answer; the default is 200. `index` counts requests from 0. `"hang"` never answers
   * (the request is recorded with `answeredWith` 0), as a receiver the sender dies waiting for.
   */
  respond: (index: number, request: ReceivedRequest) => number | "hang";
  /** Every event of every request answered with a 2xx, in arrival order. */
  delivered: () => WebhookEvent[];
  waitFor: (predicate: (receiver: Receiver) => boolean, timeoutMs?: number) => Promise<void>;
  close: () => Promise<void>;
};

export async function startReceiver(path = "/hooks"): Promise<Receiver> {
  const receiver: Receiver = {
    url: "",
    requests: [],
    respond: () => 200,
    delivered: () =>
      receiver.requests
        .filter((request) => request.answeredWith >= 200 && request.answeredWith < 300)
        .flatMap((request) => JSON.parse(request.body) as WebhookEvent[]),
    waitFor: async (predicate, timeoutMs = 15_000) => {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(receiver)) {
        if (Date.now() > deadline) throw new Error(`receiver: condition not met in ${timeoutMs} ms; got ${receiver.requests.length} requests`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  const server = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      const request: ReceivedRequest = { headers: req.headers as Record<string, string>, body, receivedAt: Date.now(), answeredWith: 0 };
      const status = receiver.respond(receiver.requests.length, request);
      receiver.requests.push(request);
      if (status === "hang") return;
      request.answeredWith = status;
      res.writeHead(status, { "content-type": "text/plain" }).end(`answer ${status} from the test receiver`);
    });
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  return receiver;
}

/** Verifies a request with the standardwebhooks library and returns its events (throws when the signature is wrong). */
export function verified(secret: string, request: ReceivedRequest): WebhookEvent[] {
  return new Webhook(secret).verify(request.body, {
    "webhook-id": request.headers["webhook-id"]!,
    "webhook-timestamp": request.headers["webhook-timestamp"]!,
    "webhook-signature": request.headers["webhook-signature"]!,
  }) as WebhookEvent[];
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Fast job settings for webhook tests (the defaults poll every 2 s and back off from 10 s). */
export const FAST_DISPATCH = { JOBS_POLL_MS: "100", WEBHOOK_BACKOFF_BASE_MS: "100" };

/**
 * A fresh database with webhooks enabled for `orgs` (the command line runs before the server starts:
 * the embedded database can be opened by one process only), and a server over it.
 */
export async function startWebhookServer(orgs: string[], env: Record<string, string> = {}) {
  const { prepareDatabase, startTestServer } = await import("./server");
  const { runCli } = await import("./cli");
  const prepared = await prepareDatabase();
  for (const org of orgs) {
    const result = await runCli(["enable-webhooks", "--org", org], { DATA_DIR: prepared.dataDir, DATABASE_URL: prepared.databaseUrl });
    if (result.code !== 0) throw new Error(`enable-webhooks failed: ${result.stderr}`);
  }
  const server = await startTestServer({ reuse: prepared, keepData: true, env: { ...FAST_DISPATCH, ...env } });
  return {
    server,
    prepared,
    stop: async () => {
      await server.stop();
      await prepared.drop();
    },
  };
}
