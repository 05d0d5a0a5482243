import { describe, expect, it, vi } from "vitest";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { z } from "zod";
import { ApiError } from "@/lib/core/errors";
import { json } from "./responses";
import { defineOperation, notFoundRoute, route } from "./route";

const echo = defineOperation({
  method: "POST",
  path: "/echo",
  operationId: "echo",
  summary: "echo",
  tags: ["Test"],
  auth: { public: true },
  usesDatabase: false,
  request: { body: z.object({ name: z.string().min(3), tags: z.array(z.string()).optional() }) },
  responses: { 200: { description: "echo" } },
  handle: async ({ body }) => json(body),
});

const failing = defineOperation({
  method: "GET",
  path: "/echo",
  operationId: "fail",
  summary: "fail",
  tags: ["Test"],
  auth: { public: true },
  usesDatabase: false,
  responses: { 200: { description: "never" } },
  handle: async ({ url }) => {
    if (url.searchParams.get("kind") === "api") throw new ApiError("conflict", "taken", undefined, { headers: { "X-Extra": "1" } });
    if (url.searchParams.get("kind") === "database") {
      const driverError = Object.assign(new Error('invalid input syntax for type uuid: "jane@example.com"'), { code: "22P02" });
      throw new DrizzleQueryError('select "id" from "users" where "email" = $1 and "password_hash" = $2', ["jane@example.com", "hunter2-secret"], driverError);
    }
    throw new Error("relation \"secret_table\" does not exist at /srv/app/lib/x.ts:10");
  },
});

const handlers = route(echo, failing);
const ctx = { params: Promise.resolve({}) };

function post(body: string, headers: Record<string, string> = {}) {
  return handlers.POST(new Request("http://test/api/v3/echo", { method: "POST", body, headers: { "content-type": "application/json", ...headers } }), ctx);
}

/** A request body of `size` bytes sent in 64 KB chunks, pulled only as the server reads. */
function streamed(size: number) {
  const chunk = new Uint8Array(64 * 1024).fill(0x20);
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= size) return controller.close();
      sent += chunk.length;
      controller.enqueue(chunk);
    },
  });
  return { stream, isFullyRead: () => sent >= size };
}

async function expectErrorWithId(response: Response, status: number, body: unknown, requestId: string) {
  expect(response.status).toBe(status);
  expect(await response.json()).toEqual(body);
  expect(response.headers.get("x-request-id")).toBe(requestId);
}

async function expectError(response: Response, status: number, body: unknown) {
  expect(response.status).toBe(status);
  expect(await response.json()).toEqual(body);
  expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
}

describe("route wrapper", () => {
  it("parses and validates a JSON body", async () => {
    const response = await post(JSON.stringify({ name: "Anna" }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ name: "Anna" });
  });

  it("answers bad JSON with 400", async () => {
    await expectError(await post("{nope"), 400, { code: "400", message: "request body is not valid JSON" });
  });

  it("answers an empty body with 400", async () => {
    await expectError(await post(""), 400, { code: "400", message: "request body is required" });
  });

  it("answers a missing attribute with 400 and its pointer", async () => {
    await expectError(await post(JSON.stringify({})), 400, {
      code: "400",
      message: "/name: is required",
      details: [{ path: "/name", message: "is required" }],
    });
  });

  it("answers an invalid attribute with 422 and its pointer", async () => {
    await expectError(await post(JSON.stringify({ name: "Al", tags: ["a", 3] })), 422, {
      code: "422",
      message: "/name: Too small: expected string to have >=3 characters (and 1 more)",
      details: [
        { path: "/name", message: "Too small: expected string to have >=3 characters" },
        { path: "/tags/1", message: "Invalid input: expected string, received number" },
      ],
    });
  });

  it("answers a body over 1 MB with 413, even without Content-Length", async () => {
    const big = JSON.stringify({ name: "x".repeat(1024 * 1024) });
    await expectError(await post(big), 413, { code: "413", message: "request body exceeds 1024 KB" });
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const request = new Request("http://test/api/v3/echo", { method: "POST", body: stream, duplex: "half" } as RequestInit);
    await expectError(await handlers.POST(request, ctx), 413, { code: "413", message: "request body exceeds 1024 KB" });
  });

  it("refuses a NUL or an unpaired surrogate anywhere in the body with 422 naming the field", async () => {
    await expectError(await post(JSON.stringify({ name: "Anna\u0000" })), 422, {
      code: "422",
      message: "/name: must not contain the NUL character (U+0000)",
      details: [{ path: "/name", message: "must not contain the NUL character (U+0000)" }],
    });
    await expectError(await post('{"name":"Anna","tags":["ok","\\udc00"]}'), 422, {
      code: "422",
      message: "/tags/1: must not contain an unpaired UTF-16 surrogate",
      details: [{ path: "/tags/1", message: "must not contain an unpaired UTF-16 surrogate" }],
    });
  });

  it("keeps the error body small for 1,000 wrong items", async () => {
    const response = await post(JSON.stringify({ name: "Anna", tags: Array.from({ length: 1_000 }, (_, index) => index) }));
    const text = await response.text();
    expect(response.status).toBe(422);
    expect(JSON.parse(text)).toEqual({
      code: "422",
      message: "/tags/0: Invalid input: expected string, received number (and 999 more)",
      details: Array.from({ length: 20 }, (_, index) => ({ path: `/tags/${index}`, message: "Invalid input: expected string, received number" })),
      details_omitted: 980,
    });
    expect(text.length).toBeLessThan(2_500);
  });

  it("reads the rest of a body a little over the limit, so the connection stays usable", async () => {
    const body = streamed(1536 * 1024);
    const response = await handlers.POST(new Request("http://test/api/v3/echo", { method: "POST", body: body.stream, duplex: "half" } as RequestInit), ctx);
    await expectError(response, 413, { code: "413", message: "request body exceeds 1024 KB" });
    expect(body.isFullyRead()).toBe(true);
    expect(response.headers.get("connection")).toBeNull();
  });

  it("closes the connection after refusing a body far over the limit", async () => {
    const body = streamed(4 * 1024 * 1024);
    const response = await handlers.POST(new Request("http://test/api/v3/echo", { method: "POST", body: body.stream, duplex: "half" } as RequestInit), ctx);
    await expectError(response, 413, { code: "413", message: "request body exceeds 1024 KB" });
    expect(body.isFullyRead()).toBe(false);
    expect(response.headers.get("connection")).toBe("close");
  });

  it("maps ApiError through the table, keeping its headers", async () => {
    const response = await handlers.GET(new Request("http://test/api/v3/echo?kind=api"), ctx);
    await expectError(response, 409, { code: "409", message: "taken" });
    expect(response.headers.get("x-extra")).toBe("1");
  });

  it("answers an unknown error with a plain 500 that leaks nothing, and logs it with the request id", async () => {
    const write = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const response = await handlers.GET(new Request("http://test/api/v3/echo", { headers: { "x-request-id": "req-123" } }), ctx);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ code: "500", message: "internal error" });
    expect(text).not.toContain("secret_table");
    expect(response.headers.get("x-request-id")).toBe("req-123");
    const logged = write.mock.calls.map((call) => String(call[0])).join("");
    write.mockRestore();
    expect(logged).toContain('"requestId":"req-123"');
    expect(logged).toContain("secret_table");
  });

  it("logs a database error by its SQLSTATE and statement name, without the request's values", async () => {
    const write = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const response = await handlers.GET(new Request("http://test/api/v3/echo?kind=database", { headers: { "x-request-id": "req-db" } }), ctx);
    const logged = write.mock.calls.map((call) => String(call[0])).join("");
    write.mockRestore();
    await expectErrorWithId(response, 500, { code: "500", message: "internal error" }, "req-db");
    const line = JSON.parse(logged.trim()) as Record<string, unknown>;
    expect(line).toMatchObject({ level: "error", message: "unhandled error", requestId: "req-db", operation: "fail", error: "database error", sqlstate: "22P02", statement: "select users" });
    expect(logged).not.toContain("jane@example.com");
    expect(logged).not.toContain("hunter2-secret");
  });

  it("answers other methods with 405 and Allow", async () => {
    const response = await handlers.DELETE(new Request("http://test/api/v3/echo", { method: "DELETE" }), ctx);
    await expectError(response, 405, { code: "405", message: "method DELETE is not allowed here; allowed: GET, POST, OPTIONS" });
    expect(response.headers.get("allow")).toBe("GET, POST, OPTIONS");
  });

  it("answers OPTIONS with 204 and Allow, its methods in one order whatever the order of route's arguments", async () => {
    const response = await handlers.OPTIONS(new Request("http://test/api/v3/echo", { method: "OPTIONS" }), ctx);
    expect(response.status).toBe(204);
    expect(response.headers.get("allow")).toBe("GET, POST, OPTIONS");
    const reversed = await route(failing, echo).OPTIONS(new Request("http://test/api/v3/echo", { method: "OPTIONS" }), ctx);
    expect(reversed.headers.get("allow")).toBe("GET, POST, OPTIONS");
  });

  it("answers a method the production server refused (passed on as OPTIONS) with 405 and Allow", async () => {
    const refused = (method: string, url = "http://test/api/v3/echo") =>
      new Request(url, { method: "OPTIONS", headers: { "x-refused-method": method } });
    const response = await handlers.OPTIONS(refused("TRACE"), ctx);
    await expectError(response, 405, { code: "405", message: "method TRACE is not allowed here; allowed: GET, POST, OPTIONS" });
    expect(response.headers.get("allow")).toBe("GET, POST, OPTIONS");
    const unknown = await notFoundRoute().OPTIONS(refused("CONNECT", "http://test/api/v3/nothing"), ctx);
    await expectError(unknown, 404, { code: "404", message: "no such endpoint: CONNECT /api/v3/nothing" });
    // Only the methods the server refuses: any other value is a plain OPTIONS.
    expect((await handlers.OPTIONS(refused("GET"), ctx)).status).toBe(204);
  });

  it("replaces an unusable X-Request-Id with its own", async () => {
    const response = await post(JSON.stringify({ name: "Anna" }), { "x-request-id": "bad id with spaces" });
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers unknown paths with 404 in the error shape", async () => {
    const response = await notFoundRoute().PATCH(new Request("http://test/api/v3/nothing/here", { method: "PATCH" }), ctx);
    await expectError(response, 404, { code: "404", message: "no such endpoint: PATCH /api/v3/nothing/here" });
  });
});

describe("missing attributes of union types", () => {
  const withUnion = defineOperation({
    method: "POST",
    path: "/union",
    operationId: "union",
    summary: "union",
    tags: ["Test"],
    auth: { public: true },
    usesDatabase: false,
    request: { body: z.object({ image: z.union([z.uuid(), z.object({ id: z.uuid() })]) }) },
    responses: { 200: { description: "ok" } },
    handle: async ({ body }) => json(body),
  });

  it("answers a missing union-typed attribute with 400, an invalid one with 422", async () => {
    const post = (body: unknown) =>
      route(withUnion).POST(new Request("http://test/api/v3/union", { method: "POST", body: JSON.stringify(body) }), ctx);
    const missing = await post({});
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ code: "400", message: "/image: is required", details: [{ path: "/image", message: "is required" }] });
    const invalid = await post({ image: 5 });
    expect(invalid.status).toBe(422);
  });
});
