import { writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import packageJson from "@/package.json";
import { apiFetch, loginAs } from "../support/api";
import { startTestServer, type TestServer } from "../support/server";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe("service foundation over HTTP", () => {
  it("reports health with the database kind and version", async () => {
    const response = await apiFetch(server, `/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: server.database, version: packageJson.version });
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("reports readiness: the database and the storage answer", async () => {
    const response = await apiFetch(server, `/health/ready`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "ready", checks: { database: "ok", storage: "ok", jobs: "ok" } });
  });

  it("echoes a caller's X-Request-Id", async () => {
    const response = await apiFetch(server, `/health`, { headers: { "X-Request-Id": "trace-42" } });
    expect(response.headers.get("x-request-id")).toBe("trace-42");
  });

  it.each([
    ["GET", "/nothing"],
    ["POST", "/content/unknown/thing"],
    ["DELETE", "/health/extra"],
  ])("answers %s %s with 404 in the error shape", async (method, path) => {
    const response = await apiFetch(server, `${path}`, { method });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: "404", message: `no such endpoint: ${method} /api/v3${path}` });
    expect(response.headers.get("x-request-id")).toBeTruthy();
  });

  it("answers a wrong method with 405 and Allow", async () => {
    const response = await apiFetch(server, `/health`, { method: "PUT", body: "{}" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, OPTIONS");
    expect(await response.json()).toEqual({ code: "405", message: "method PUT is not allowed here; allowed: GET, OPTIONS" });
  });

  // fetch refuses TRACE and CONNECT, and Node's client refuses made-up methods: a raw socket sends them.
  it.each([
    ["TRACE", "/api/v3/health", 405, "GET, OPTIONS", "method TRACE is not allowed here; allowed: GET, OPTIONS"],
    ["CONNECT", "/api/v3/content/exercises", 405, "GET, POST, OPTIONS", "method CONNECT is not allowed here; allowed: GET, POST, OPTIONS"],
    ["TRACE", "/api/v3/nothing", 404, null, "no such endpoint: TRACE /api/v3/nothing"],
    ["TRACE", "/admin", 405, "GET, HEAD", "method TRACE is not allowed here; allowed: GET, HEAD"],
    ["PROPFIND", "/api/v3/health", 501, null, "method PROPFIND is not implemented by this server"],
    ["BREW", "/api/v3/health", 501, null, "this method is not implemented by this server"],
  ])("answers %s %s with %i, the error body and a request id", async (method, path, status, allow, message) => {
    const response = await rawRequest(server, method, path);
    expect(response.status).toBe(status);
    expect(response.headers["allow"]).toBe(allow ?? undefined);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(response.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(response.body)).toEqual({ code: String(status), message });
  });

  it("echoes the request id of a refused method and ignores a client's own refused-method header", async () => {
    const traced = await rawRequest(server, "TRACE", "/api/v3/health", { "X-Request-Id": "trace-43" });
    expect(traced.headers["x-request-id"]).toBe("trace-43");
    const options = await rawRequest(server, "OPTIONS", "/api/v3/health", { "X-Refused-Method": "TRACE" });
    expect(options.status).toBe(204);
    expect(options.headers["allow"]).toBe("GET, OPTIONS");
  });

  it("serves an OpenAPI 3.1 document naming its server", async () => {
    const response = await apiFetch(server, `/openapi.json`);
    expect(response.status).toBe(200);
    const document = await response.json();
    expect(document.openapi).toBe("3.1.0");
    expect(document.servers).toEqual([{ url: `${server.baseUrl}/api/v3`, description: "This server" }]);
    expect(Object.keys(document.paths["/health"])).toEqual(["get"]);
    expect(Object.keys(document.paths["/health/ready"].get.responses).sort()).toEqual(["200", "429", "500", "503"]);
    expect(document.components.schemas.Readiness.properties.status).toEqual({ type: "string", enum: ["ready", "unavailable"] });
    expect(document.components.schemas.Error.required).toEqual(["code", "message"]);
    // `npm run openapi:lint` and `npm run openapi:client` write the document without a server: the same one.
    const { buildOpenApiDocument } = await import("@/lib/openapi/document");
    const { operations } = await import("@/lib/openapi/registry");
    expect({ ...document, servers: [] }).toEqual({ ...JSON.parse(JSON.stringify(buildOpenApiDocument(operations, ""))), servers: [] });
  });

  it("renders the API reference for people", async () => {
    const response = await fetch(`${server.baseUrl}/reference`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("API reference");
    expect(html).toContain("/health");
  });
});

describe.runIf(process.env.TEST_DB_KIND === "postgresql")("health when PostgreSQL stops answering", () => {
  it("answers 503 once the database is gone", async () => {
    const own = await startTestServer();
    try {
      const name = new URL(own.databaseUrl!).pathname.slice(1);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
      await admin.end();
      const response = await apiFetch(own, `/health`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: "unavailable", database: "postgresql", version: packageJson.version });
      const ready = await apiFetch(own, `/health/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: "unavailable", checks: { database: "unavailable", storage: "ok", jobs: "unavailable" } });
    } finally {
      await own.stop();
    }
  });
});

describe("a storage directory that refuses writes", () => {
  it("keeps the server alive but not ready, and gets an upload 503 without a record", async () => {
    const blocked = path.join(server.dataDir, "not-a-directory");
    writeFileSync(blocked, "a file where the storage directory should be");
    const own = await startTestServer({ storage: "local", env: { STORAGE_DIR: blocked } });
    try {
      expect((await apiFetch(own, `/health`)).status).toBe(200);
      const ready = await apiFetch(own, `/health/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: "unavailable", checks: { database: "ok", storage: "unavailable", jobs: "ok" } });

      const { token } = await loginAs(own, "alphaEditor");
      const list = async () => (await (await apiFetch(own, `/uploads`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { total: number };
      const before = await list();
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(64).fill(0)])]), "a.png");
      const response = await apiFetch(own, `/uploads`, { method: "POST", headers: { Authorization: `Bearer ${token}` }, body: form });
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ code: "503", message: "the file store refused to store the file; try again later" });
      expect(await list()).toEqual(before);
    } finally {
      await own.stop();
    }
  });
});

/** One HTTP/1.1 request over a fresh socket, read until the server closes it. */
async function rawRequest(target: TestServer, method: string, path: string, headers: Record<string, string> = {}) {
  const { hostname, port } = new URL(target.baseUrl);
  const head = Object.entries({ Host: `${hostname}:${port}`, Connection: "close", ...headers }).map(([name, value]) => `${name}: ${value}\r\n`).join("");
  const text = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(`${method} ${path} HTTP/1.1\r\n${head}\r\n`));
    let received = "";
    socket.on("data", (chunk) => (received += chunk.toString("utf8")));
    socket.on("end", () => resolve(received));
    socket.on("error", reject);
  });
  const [statusAndHeaders = "", ...rest] = text.split("\r\n\r\n");
  const [statusLine = "", ...headerLines] = statusAndHeaders.split("\r\n");
  const parsed: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(":");
    parsed[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = rest.join("\r\n\r\n");
  if (parsed["transfer-encoding"] === "chunked") body = decodeChunked(body);
  const status = Number(statusLine.split(" ")[1]);
  // Methods no operation has still answer in the document's error shape.
  if (path.startsWith("/api/v3/")) target.contract.assert({ method, path, status, contentType: parsed["content-type"] ?? null, text: body });
  return { status, headers: parsed, body };
}

function decodeChunked(text: string): string {
  let body = "";
  let rest = text;
  for (;;) {
    const lineEnd = rest.indexOf("\r\n");
    const size = Number.parseInt(rest.slice(0, lineEnd), 16);
    if (!size) return body;
    body += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 2 + size + 2);
  }
}
