import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, queryRows } from "@/lib/db/client";
import { call, loginAs } from "../support/api";
import { expectResponse, ok, type Json, type List } from "../support/content";
import { prepareDatabase, startTestServer, type TestServer } from "../support/server";

/**
 * Integrations (docs/api.md "Integrations"): provider definitions, and connections whose
 * settings refer to them; secret values encrypted at rest and answered masked, never logged.
 */
const API_KEY = "pk_live_sEcReT-9f8e7d6c5b4a-tail";
const NEW_API_KEY = "pk_live_rotated-0000-1111-2222-WXYZ";
const BASE_URL = { setting_id: "http-content.base_url", value: "https://api.provider.example/v1" };
const HEADERS = { setting_id: "http-content.headers", value: "X-Tenant: alpha\nX-Region: eu" };

type Connection = { id: string; integration: string; name: string; settings: { setting_id: string; key: string; value: string }[]; created_at: string; updated_at: string };

let prepared: Awaited<ReturnType<typeof prepareDatabase>>;
let server: TestServer;
let admin: string;
let connection: Connection;

beforeAll(async () => {
  prepared = await prepareDatabase();
  server = await startTestServer({ reuse: prepared, keepData: true, env: { LOG_LEVEL: "debug" } });
  admin = (await loginAs(server, "alphaAdmin")).token;
});
afterAll(async () => {
  await server?.stop();
  await prepared?.drop();
});

describe("integrations", () => {
  it("lists the provider definitions with their settings", async () => {
    const editor = (await loginAs(server, "alphaEditor")).token;
    expectResponse(await call(server, "GET", "/integrations", { token: editor }), 200, {
      total: 1,
      data: [
        {
          key: "http-content",
          name: "Generic HTTP content provider",
          description: expect.any(String),
          settings: [
            { id: "http-content.base_url", key: "base_url", label: "Base URL", type: "string", required: true, description: expect.any(String) },
            { id: "http-content.api_key", key: "api_key", label: "API key", type: "secret", required: true, description: expect.any(String) },
            { id: "http-content.headers", key: "headers", label: "Custom connection headers", type: "header", required: false, description: expect.any(String) },
          ],
        },
      ],
    });
  });

  it("creates a connection; the secret comes back masked", async () => {
    const response = await call<Connection>(server, "POST", "/integrations/connections", {
      token: admin,
      body: { integration: "http-content", name: "Partner catalogue", settings: [HEADERS, { setting_id: "http-content.api_key", value: API_KEY }, BASE_URL] },
    });
    expect(response.status).toBe(201);
    connection = response.body;
    expect(response.headers.get("location")).toBe(`/api/v3/integrations/connections/${connection.id}`);
    expect(connection).toEqual({
      id: expect.any(String),
      integration: "http-content",
      name: "Partner catalogue",
      settings: [
        { ...BASE_URL, key: "base_url" },
        { setting_id: "http-content.api_key", key: "api_key", value: "••••tail" },
        { ...HEADERS, key: "headers" },
      ],
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expectResponse(await call(server, "GET", `/integrations/connections/${connection.id}`, { token: admin }), 200, connection);
    expectResponse(await call(server, "GET", "/integrations/connections", { token: admin }), 200, { total: 1, data: [connection] });
  });

  it.each([
    ["an unknown integration", { integration: "ftp-magic", name: "X", settings: [] }, [{ path: "/integration", message: "unknown integration ftp-magic; available: http-content" }]],
    [
      "a missing required setting",
      { integration: "http-content", name: "X", settings: [BASE_URL] },
      [{ path: "/settings", message: "missing required setting http-content.api_key (API key)" }],
    ],
    [
      "an unknown setting",
      { integration: "http-content", name: "X", settings: [BASE_URL, { setting_id: "http-content.api_key", value: "k" }, { setting_id: "http-content.token", value: "t" }] },
      [{ path: "/settings/2/setting_id", message: "unknown setting http-content.token of http-content; its settings are http-content.base_url, http-content.api_key, http-content.headers" }],
    ],
    [
      "an invalid base URL",
      { integration: "http-content", name: "X", settings: [{ ...BASE_URL, value: "not a url" }, { setting_id: "http-content.api_key", value: "k" }] },
      [{ path: "/settings/0/value", message: "must be an absolute http(s) URL" }],
    ],
  ])("refuses %s with 422", async (_name, body, details) => {
    const response = await call<Json>(server, "POST", "/integrations/connections", { token: admin, body });
    expect({ status: response.status, details: response.body.details }).toEqual({ status: 422, details });
  });

  it("keeps a secret that a PATCH does not send, and replaces it when one is sent", async () => {
    const renamed = ok(await call<Connection>(server, "PATCH", `/integrations/connections/${connection.id}`, {
      token: admin,
      body: { name: "Partner v2", settings: [{ ...BASE_URL, value: "https://api.provider.example/v2" }, { setting_id: "http-content.headers", value: null }] },
    }));
    expect(renamed.name).toBe("Partner v2");
    expect(renamed.settings).toEqual([
      { setting_id: "http-content.base_url", key: "base_url", value: "https://api.provider.example/v2" },
      { setting_id: "http-content.api_key", key: "api_key", value: "••••tail" },
    ]);
    // Sending back what GET shows (the masked form) keeps the secret too.
    const roundTrip = ok(await call<Connection>(server, "PATCH", `/integrations/connections/${connection.id}`, { token: admin, body: { settings: renamed.settings } }));
    expect(roundTrip.settings[1]!.value).toBe("••••tail");
    const replaced = ok(await call<Connection>(server, "PATCH", `/integrations/connections/${connection.id}`, {
      token: admin,
      body: { settings: [{ setting_id: "http-content.api_key", value: NEW_API_KEY }] },
    }));
    expect(replaced.settings[1]!.value).toBe("••••WXYZ");
    const removal = await call<Json>(server, "PATCH", `/integrations/connections/${connection.id}`, { token: admin, body: { settings: [{ setting_id: "http-content.api_key", value: null }] } });
    expect({ status: removal.status, details: removal.body.details }).toEqual({ status: 422, details: [{ path: "/settings/0/value", message: "API key is required and cannot be removed" }] });
  });

  it("pages the connections, newest first by default", async () => {
    const second = ok(await call<Connection>(server, "POST", "/integrations/connections", {
      token: admin,
      body: { integration: "http-content", name: "Second partner", settings: [BASE_URL, { setting_id: "http-content.api_key", value: "pk_second_0123456789" }] },
    }), 201);
    const newest = ok(await call<List<Connection>>(server, "GET", "/integrations/connections?filter[limit]=1", { token: admin }));
    expect({ total: newest.total, ids: newest.data.map((row) => row.id) }).toEqual({ total: 2, ids: [second.id] });
    const oldest = ok(await call<List<Connection>>(server, "GET", "/integrations/connections?filter[limit]=1&filter[offset]=1", { token: admin }));
    expect(oldest.data.map((row) => row.id)).toEqual([connection.id]);
    const ascending = ok(await call<List<Connection>>(server, "GET", "/integrations/connections?filter[order][created]=asc", { token: admin }));
    expect(ascending.data.map((row) => row.id)).toEqual([connection.id, second.id]);
    expectResponse(await call(server, "GET", "/integrations/connections?filter[limit]=251", { token: admin }), 400, {
      code: "400",
      message: "Invalid filter[limit]: must be an integer from 1 to 250",
      details: [{ path: "filter[limit]", message: "must be an integer from 1 to 250" }],
    });
    expect((await call(server, "DELETE", `/integrations/connections/${second.id}`, { token: admin })).status).toBe(204);
  });

  it("is for admins of the connection's organization only", async () => {
    const editor = (await loginAs(server, "alphaEditor")).token;
    const betaAdmin = (await loginAs(server, "betaAdmin")).token;
    expect((await call(server, "GET", "/integrations/connections", { token: editor })).status).toBe(403);
    expect((await call(server, "POST", "/integrations/connections", { token: editor, body: { integration: "http-content", name: "X", settings: [] } })).status).toBe(403);
    expectResponse(await call(server, "GET", "/integrations/connections", { token: betaAdmin }), 200, { total: 0, data: [] });
    const notFound = { code: "404", message: "integration connection not found" };
    expectResponse(await call(server, "GET", `/integrations/connections/${connection.id}`, { token: betaAdmin }), 404, notFound);
    expectResponse(await call(server, "PATCH", `/integrations/connections/${connection.id}`, { token: betaAdmin, body: { name: "Mine" } }), 404, notFound);
    expectResponse(await call(server, "DELETE", `/integrations/connections/${connection.id}`, { token: betaAdmin }), 404, notFound);
  });

  it("never stores or logs a secret in clear", async () => {
    // A second connection that is then deleted: its secret must be gone as well.
    const doomed = ok(await call<Connection>(server, "POST", "/integrations/connections", {
      token: admin,
      body: { integration: "http-content", name: "Doomed", settings: [BASE_URL, { setting_id: "http-content.api_key", value: "pk_doomed_1234567890" }] },
    }), 201);
    expect((await call(server, "DELETE", `/integrations/connections/${doomed.id}`, { token: admin })).status).toBe(204);
    expect((await call(server, "GET", `/integrations/connections/${doomed.id}`, { token: admin })).status).toBe(404);
    expect(ok(await call<List<Connection>>(server, "GET", "/integrations/connections", { token: admin })).total).toBe(1);

    await server.stop();
    for (const secret of [API_KEY, NEW_API_KEY, "pk_doomed_1234567890"]) expect(server.output()).not.toContain(secret);
    const database = await openDatabase({ dataDir: prepared.dataDir, DATABASE_URL: prepared.databaseUrl, DATABASE_POOL_MAX: 1 });
    try {
      const rows = await queryRows<{ settings: { setting_id: string; value: string }[] }>(database.db, sql`select settings from integration_connections`);
      expect(rows).toHaveLength(1);
      const dump = JSON.stringify(rows);
      for (const secret of [API_KEY, NEW_API_KEY, "rotated", "WXYZ", "sEcReT"]) expect(dump).not.toContain(secret);
      const stored = rows[0]!.settings.find((setting) => setting.setting_id === "http-content.api_key")!;
      expect(stored.value).toMatch(/^v1\.[A-Za-z0-9_-]{40,}$/);
      expect(rows[0]!.settings.find((setting) => setting.setting_id === "http-content.base_url")!.value).toBe("https://api.provider.example/v2");
    } finally {
      await database.close();
    }
  });
});
