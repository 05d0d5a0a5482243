import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import packageJson from "@/package.json";
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
    const response = await fetch(`${server.apiUrl}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: server.database, version: packageJson.version });
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("echoes a caller's X-Request-Id", async () => {
    const response = await fetch(`${server.apiUrl}/health`, { headers: { "X-Request-Id": "trace-42" } });
    expect(response.headers.get("x-request-id")).toBe("trace-42");
  });

  it.each([
    ["GET", "/nothing"],
    ["POST", "/content/unknown/thing"],
    ["DELETE", "/health/extra"],
  ])("answers %s %s with 404 in the error shape", async (method, path) => {
    const response = await fetch(`${server.apiUrl}${path}`, { method });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: "404", message: `no such endpoint: ${method} /api/v3${path}` });
    expect(response.headers.get("x-request-id")).toBeTruthy();
  });

  it("answers a wrong method with 405 and Allow", async () => {
    const response = await fetch(`${server.apiUrl}/health`, { method: "PUT", body: "{}" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, OPTIONS");
    expect(await response.json()).toEqual({ code: "405", message: "method PUT is not allowed here; allowed: GET, OPTIONS" });
  });

  it("serves an OpenAPI 3.1 document naming its server", async () => {
    const response = await fetch(`${server.apiUrl}/openapi.json`);
    expect(response.status).toBe(200);
    const document = await response.json();
    expect(document.openapi).toBe("3.1.0");
    expect(document.servers).toEqual([{ url: `${server.baseUrl}/api/v3`, description: "This server" }]);
    expect(Object.keys(document.paths["/health"])).toEqual(["get"]);
    expect(document.components.schemas.Error.required).toEqual(["code", "message"]);
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
      const response = await fetch(`${own.apiUrl}/health`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: "unavailable", database: "postgresql", version: packageJson.version });
    } finally {
      await own.stop();
    }
  });
});
