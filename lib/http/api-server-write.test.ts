import http from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wroteWhole } from "./api-server";
import { bodyOf, bodyResponse } from "./responses";

/**
 * The lean path writes a response made by `bodyResponse` itself, in one write (docs/decisions/0025);
 * what reaches the client must be what @hono/node-server sends for the same response.
 */
type Case = { status: number; headers: [string, string][]; body: string | Uint8Array };

const cases: Record<string, Case> = {
  json: { status: 200, headers: [["Content-Type", "application/json; charset=utf-8"], ["ETag", '"a.1.x"'], ["X-Request-Id", "r1"]], body: JSON.stringify({ name: "Übung ✓", n: 1 }) },
  "no content type": { status: 404, headers: [["X-Request-Id", "r2"]], body: "{}" },
  "set-cookie twice": { status: 201, headers: [["Set-Cookie", "a=1"], ["Set-Cookie", "b=2"], ["Location", "/x"]], body: "created" },
  "given content-length": { status: 200, headers: [["Content-Length", "2"]], body: "ok" },
  bytes: { status: 200, headers: [["Content-Type", "application/json"], ["Content-Encoding", "gzip"]], body: new Uint8Array([1, 2, 3, 250]) },
  empty: { status: 200, headers: [], body: "" },
};

function build({ status, headers, body }: Case, ours: boolean): Response {
  const init = { status, headers: new Headers(headers) };
  return ours ? bodyResponse(body, init) : new Response(body as BodyInit, init);
}

let server: http.Server;
let base: string;

beforeAll(async () => {
  const hono = getRequestListener(
    async (_request, env) => {
      const incoming = env.incoming as http.IncomingMessage;
      const [, path, name] = (incoming.url ?? "").split("/");
      const response = build(cases[decodeURIComponent(name!)]!, path === "ours");
      return path === "ours" && wroteWhole(response, env.outgoing as http.ServerResponse)
        ? new Response(null, { headers: { "x-hono-already-sent": "true" } })
        : response;
    },
    { overrideGlobalObjects: false },
  );
  server = http.createServer((req, res) => void hono(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function fetchRaw(url: string, method: string): Promise<{ status: number; headers: string[]; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .request(url, { method, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const headers: string[] = [];
          for (let index = 0; index < res.rawHeaders.length; index += 2) {
            if (res.rawHeaders[index]!.toLowerCase() !== "date") headers.push(`${res.rawHeaders[index]}: ${res.rawHeaders[index + 1]}`);
          }
          resolve({ status: res.statusCode!, headers, body: Buffer.concat(chunks) });
        });
      })
      .on("error", reject)
      .end();
  });
}

describe("writing a whole response on the lean path", () => {
  it("remembers the body of a response made by bodyResponse, and only of those", () => {
    expect(bodyOf(bodyResponse("abc", { status: 200 }))).toBe("abc");
    expect(bodyOf(new Response("abc"))).toBeUndefined();
  });

  for (const name of Object.keys(cases)) {
    for (const method of ["GET", "HEAD"]) {
      it(`sends what @hono/node-server sends: ${name}, ${method}`, async () => {
        const ours = await fetchRaw(`${base}/ours/${encodeURIComponent(name)}`, method);
        const adapter = await fetchRaw(`${base}/adapter/${encodeURIComponent(name)}`, method);
        expect(ours).toEqual(adapter);
        expect(ours.status).toBe(cases[name]!.status);
      });
    }
  }
});
