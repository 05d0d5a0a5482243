import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "./document";
import { operations } from "./registry";

const API_ROOT = path.resolve("app/api/v3");

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return entry === "[...path]" ? [] : routeFiles(full);
    return entry === "route.ts" ? [full] : [];
  });
}

function openApiPath(file: string): string {
  const relative = path.relative(API_ROOT, path.dirname(file)).split(path.sep).join("/");
  return `/${relative.replace(/\[([^\].]+)\]/g, "{$1}")}`;
}

describe("the OpenAPI registry", () => {
  it("documents exactly the operations the route files serve", async () => {
    const served: string[] = [];
    for (const file of routeFiles(API_ROOT)) {
      const routeModule = (await import(file)) as { OPTIONS: (req: Request, ctx: unknown) => Promise<Response> };
      const response = await routeModule.OPTIONS(new Request("http://test/", { method: "OPTIONS" }), { params: Promise.resolve({}) });
      const methods = (response.headers.get("allow") ?? "").split(", ").filter((method) => method !== "OPTIONS");
      for (const method of methods) served.push(`${method} ${openApiPath(file)}`);
    }
    const documented = operations.map((operation) => `${operation.method} ${operation.path}`);
    expect([...served].sort()).toEqual([...documented].sort());
  });

  it("has unique operation ids and builds a 3.1 document with every path", () => {
    const ids = operations.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const document = buildOpenApiDocument(operations, "http://localhost:3000");
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(document.paths ?? {}).sort()).toEqual([...new Set(operations.map((operation) => operation.path))].sort());
  });
});

describe("the statuses the document lists", () => {
  const document = buildOpenApiDocument(operations, "");
  const statuses = (path: string, method: string) =>
    Object.keys((document.paths?.[path] as Record<string, { responses: Record<string, unknown> }>)[method]!.responses);

  it.each([
    // A list: filter problems are 400; no body, no path id; 304 to a current If-None-Match.
    ["/content/exercises", "get", ["200", "304", "400", "401", "429", "500"]],
    // A path id (422 when malformed), query parameters (lang: 400; texts, training-plan: 422), If-None-Match (304).
    ["/content/workouts/{id}", "get", ["200", "304", "400", "401", "404", "422", "429", "500"]],
    // A body (400 missing, 413 too large, 422 invalid), If-Match (412), roles (403).
    ["/content/exercises/{id}", "patch", ["200", "400", "401", "403", "404", "409", "412", "413", "422", "429", "500"]],
    // Public: no 401 from a token, but the login itself answers 401 and 403.
    ["/auth/login", "post", ["200", "400", "401", "403", "413", "422", "429", "500"]],
    ["/health", "get", ["200", "429", "500", "503"]],
  ])("%s %s: %j", (path, method, expected) => {
    expect(statuses(path, method)).toEqual(expected);
  });

  it("describes every tag", () => {
    for (const tag of document.tags ?? []) expect(tag.description, tag.name).toBeTruthy();
  });
});
