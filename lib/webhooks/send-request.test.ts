import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendRequest } from "./send-request";

let server: http.Server;
let base: string;
const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      if (req.url === "/slow") return void setTimeout(() => res.end("late"), 2_000);
      if (req.url === "/big") return void res.writeHead(500).end("x".repeat(5_000));
      // A NUL, and an emoji whose surrogate pair the 1,000-character cut splits.
      if (req.url === "/hostile") return void res.writeHead(200).end(`ok\u0000${"x".repeat(996)}💪 and more`);
      if (req.url === "/redirect") return void res.writeHead(302, { location: "/elsewhere" }).end();
      res.writeHead(200).end("thanks");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const send = (path: string, extra: Partial<Parameters<typeof sendRequest>[0]> = {}) =>
  sendRequest({ url: `${base}${path}`, headers: { "webhook-id": "d1" }, body: "[]", timeoutMs: 1_000, allowPrivate: true, ...extra });

describe("sending a webhook request", () => {
  it("posts JSON with the given headers and keeps the answer", async () => {
    const result = await send("/ok");
    expect(result).toEqual({ statusCode: 200, responseExcerpt: "thanks", error: null, durationMs: expect.any(Number) });
    expect(received.at(-1)).toMatchObject({ body: "[]", headers: { "content-type": "application/json", "webhook-id": "d1" } });
  });

  it("keeps only the first 1,000 characters of an answer", async () => {
    const result = await send("/big");
    expect(result.statusCode).toBe(500);
    expect(result.responseExcerpt).toHaveLength(1_000);
  });

  it("keeps a hostile answer as storable text: NUL and a split surrogate pair become U+FFFD", async () => {
    const result = await send("/hostile");
    expect(result.responseExcerpt).toBe(`ok\ufffd${"x".repeat(996)}\ufffd`);
  });

  it("does not follow redirects", async () => {
    expect((await send("/redirect")).statusCode).toBe(302);
  });

  it("gives up after the timeout", async () => {
    const result = await send("/slow", { timeoutMs: 200 });
    expect(result).toMatchObject({ statusCode: null, error: "timed out after 200 ms" });
    expect(result.durationMs).toBeLessThan(1_000);
  });

  it("refuses private addresses, literal or resolved, unless allowed", async () => {
    const literal = await send("/ok", { allowPrivate: false });
    expect(literal).toMatchObject({ statusCode: null, error: "refused: 127.0.0.1 is a private, loopback or link-local address" });
    const port = new URL(base).port;
    const named = await sendRequest({ url: `http://localhost:${port}/ok`, headers: {}, body: "[]", timeoutMs: 1_000, allowPrivate: false });
    expect(named.error).toMatch(/^refused: localhost resolves to (127\.0\.0\.1|::1), a private, loopback or link-local address$/);
  });

  it("reports connection errors", async () => {
    const result = await sendRequest({ url: "http://127.0.0.1:1/x", headers: {}, body: "[]", timeoutMs: 1_000, allowPrivate: true });
    expect(result.error).toMatch(/^ECONNREFUSED/);
  });
});
