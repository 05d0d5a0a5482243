import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "./document";
import { operations } from "./registry";

const API_ROOT = path.resolve("app/api/v3");

function routeFiles(dir: string, withCatchAll = false): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return entry === "[...path]" && !withCatchAll ? [] : routeFiles(full, withCatchAll);
    return entry === "route.ts" ? [full] : [];
  });
}

/** Every module a file imports, statically or dynamically, or re-exports. */
function importsOf(file: string): string[] {
  const source = readFileSync(file, "utf8");
  return [...source.matchAll(/\bfrom\s+["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']|^\s*import\s+["']([^"']+)["']/gm)].map((match) => match[1] ?? match[2] ?? match[3]!);
}

/** A domain's endpoint list: `@/lib/<domain>/operations` (a domain may have a sub-domain folder, `uploads/resumable`). */
const DOMAIN_OPERATIONS = /^@\/lib\/[a-z-]+(\/[a-z-]+)?\/operations$/;

/** The route files that serve no domain's endpoint, and what they import instead. */
const NOT_DOMAIN_ROUTES: Record<string, string[]> = {
  // The catch-all answers 404 (and 405/501) for every path no other route file has.
  "[...path]/route.ts": ["@/lib/http/route"],
  // The document lists every operation, so it is made by the registry that lists them (lib/openapi/operations.ts says why).
  "openapi.json/route.ts": ["@/lib/http/route", "@/lib/openapi/registry"],
};

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

  it("has route files that import the route wrapper and one domain's operations.ts, nothing else", () => {
    const files = routeFiles(API_ROOT, true);
    expect(files.length).toBeGreaterThan(100);
    const strays: Array<{ file: string; imports: string[] }> = [];
    for (const file of files) {
      const relative = path.relative(API_ROOT, file).split(path.sep).join("/");
      const imports = importsOf(file);
      const expected = NOT_DOMAIN_ROUTES[relative];
      const isShaped = expected
        ? [...imports].sort().join() === [...expected].sort().join()
        : imports.length === 2 && imports.includes("@/lib/http/route") && imports.filter((module) => DOMAIN_OPERATIONS.test(module)).length === 1;
      if (!isShaped) strays.push({ file: relative, imports });
    }
    expect(strays).toEqual([]);
  });

  it("has route files that import each endpoint by its own name, never an object of endpoints", async () => {
    const strays: string[] = [];
    for (const file of routeFiles(API_ROOT)) {
      const source = readFileSync(file, "utf8");
      const imported = /import\s*\{([^}]*)\}\s*from\s*["'](@\/lib\/[^"']+\/operations)["']/.exec(source);
      if (!imported) continue;
      const domain = (await import(imported[2]!.replace(/^@\//, `${path.resolve(".")}/`))) as Record<string, unknown>;
      for (const name of imported[1]!.split(",").map((part) => part.trim().split(/\s+as\s+/)[0]!).filter(Boolean)) {
        if (!operations.includes(domain[name] as (typeof operations)[number])) strays.push(`${path.relative(API_ROOT, file)}: ${name}`);
      }
    }
    expect(strays).toEqual([]);
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
