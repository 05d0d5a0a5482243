import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "../support/api";
import { startTestServer, type TestServer } from "../support/server";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The limit's window is a fixed minute: start a burst well inside one so it cannot straddle two. */
async function awaitFreshWindow(): Promise<void> {
  const intoWindow = Date.now() % 60_000;
  if (intoWindow > 50_000) await sleep(60_000 - intoWindow + 200);
}

describe("request rate limit (in-process)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { RATE_LIMIT_PER_MINUTE: "5" } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("counts requests per client, reports it on every response and answers 429 with Retry-After when over", async () => {
    await awaitFreshWindow();
    const remaining: string[] = [];
    const headers = { "X-Forwarded-For": "203.0.113.10" };
    for (let i = 0; i < 5; i++) {
      const response = await call(server, "GET", "/health", { headers });
      expect(response.status).toBe(200);
      expect(response.headers.get("ratelimit-limit")).toBe("5");
      remaining.push(response.headers.get("ratelimit-remaining")!);
      expect(Number(response.headers.get("ratelimit-reset"))).toBeGreaterThan(0);
    }
    expect(remaining).toEqual(["4", "3", "2", "1", "0"]);
    const over = await call(server, "GET", "/health", { headers });
    expect(over.status).toBe(429);
    const retryAfter = over.headers.get("retry-after")!;
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(Number(retryAfter)).toBeLessThanOrEqual(60);
    expect(over.body).toEqual({ code: "429", message: `rate limit exceeded: 5 requests per minute; retry in ${retryAfter} s` });
    // Errors count and carry the headers too.
    const unknown = await call(server, "GET", "/nothing-here", { headers });
    // Another client is not affected.
    expect((await call(server, "GET", "/health", { headers: { "X-Forwarded-For": "203.0.113.11" } })).status).toBe(200);
    expect(unknown.status).toBe(429);
    expect(unknown.headers.get("ratelimit-remaining")).toBe("0");
  });

  it("gives each token its own budget", async () => {
    await awaitFreshWindow();
    const headers = { "X-Forwarded-For": "203.0.113.20" };
    const login = await call<{ token: string }>(server, "POST", "/auth/login", {
      headers,
      body: { email: "admin@alpha.test", password: "correct-horse-battery", code: "alpha", scope: "platform" },
    });
    const token = login.body.token;
    for (let i = 0; i < 5; i++) expect((await call(server, "GET", "/users", { token, headers })).status).toBe(200);
    expect((await call(server, "GET", "/users", { token, headers })).status).toBe(429);
    // The address itself has spent one request (the login): it still has budget.
    expect((await call(server, "GET", "/health", { headers })).status).toBe(200);
  });
});

async function redisAnswers(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(6379, "127.0.0.1");
    socket.setTimeout(500);
    socket.once("connect", () => (socket.end(), resolve(true)));
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => (socket.destroy(), resolve(false)));
  });
}

const hasRedis = await redisAnswers();

describe.runIf(hasRedis)("request rate limit shared through Redis", () => {
  it("two instances with REDIS_URL enforce one limit", async () => {
    await awaitFreshWindow();
    // A unique client address per run keeps runs (and the two database suites) from sharing a bucket.
    const client = `rl-test-${process.pid}-${Date.now()}`;
    const env = { RATE_LIMIT_PER_MINUTE: "4", REDIS_URL: "redis://127.0.0.1:6379" };
    const one = await startTestServer({ env });
    const two = await startTestServer({ env });
    try {
      const statuses: number[] = [];
      for (const target of [one, two, one, two, one]) {
        statuses.push((await call(target, "GET", "/health", { headers: { "X-Forwarded-For": client } })).status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 429]);
    } finally {
      await Promise.all([one.stop(), two.stop()]);
    }
  });
});
