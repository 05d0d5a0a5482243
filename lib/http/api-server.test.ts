import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { operations } from "@/lib/openapi/registry";
import { createApiRouter, isLeanPath, negotiateEncoding } from "./api-server";

const API_ROOT = path.resolve("app/api/v3");

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return entry === "[...path]" ? [] : routeFiles(full);
    return entry === "route.ts" ? [full] : [];
  });
}

/** `app/api/v3/content/exercises/[id]/route.ts` → `/api/v3/content/exercises/x1` */
function samplePath(file: string): string {
  const relative = path.relative(API_ROOT, path.dirname(file)).split(path.sep).join("/");
  return `/api/v3/${relative.replace(/\[([^\].]+)\]/g, "x1")}`;
}

type RouteModule = Record<string, ((req: Request, ctx: unknown) => Promise<Response>) | undefined>;
const context = { params: Promise.resolve({}) };

describe("the lean path's routing table (docs/decisions/0025)", () => {
  const find = createApiRouter(operations);

  it("serves every route file's path with the same methods, and HEAD as the route file does", async () => {
    for (const file of routeFiles(API_ROOT)) {
      const routeModule = (await import(file)) as RouteModule;
      const pathname = samplePath(file);
      const options = (await find("OPTIONS", pathname).handler(new Request(`http://test${pathname}`, { method: "OPTIONS" }), context)).headers.get("allow");
      const declared = (await routeModule.OPTIONS!(new Request(`http://test${pathname}`, { method: "OPTIONS" }), context)).headers.get("allow");
      expect(options, pathname).toBe(declared);
      // Next.js runs GET for HEAD when the route file exports no HEAD.
      expect(find("HEAD", pathname).handler === find("GET", pathname).handler, pathname).toBe(routeModule.HEAD === undefined);
    }
  });

  it("decodes path parameters, prefers static segments", () => {
    expect(find("GET", "/api/v3/content/exercises/abc-1").params).toEqual({ id: "abc-1" });
    expect(find("GET", "/api/v3/uploads/u1/captions/de").params).toEqual({ id: "u1", language: "de" });
    expect(find("GET", "/api/v3/content/equipment/categories").params).toEqual({});
    expect(find("GET", "/api/v3/uploads/resumable").params).toEqual({});
  });

  it("takes plain paths only; the rest goes on to Next.js", () => {
    for (const url of ["/api/v3/health", "/api/v3/content/exercises?filter[where][level]=beginner", "/api/v3/content/workouts/0e0e0e0e-0000-4000-8000-00000000abcd/timeline", "/api/v3/uploads/a.b_c~d"]) {
      expect(isLeanPath(url), url).toBe(true);
    }
    for (const url of ["/api/v3", "/api/v3/", "/api/v3/health/", "/api/v3//health", "/api/v3/./health", "/api/v3/content/../health", "/api/v3/content/%41", "/api/v31/health", "/admin", "/cdn/x", "/api/auth/session", undefined]) {
      expect(isLeanPath(url), String(url)).toBe(false);
    }
  });

  it("negotiates compression as Next.js's pipeline does", () => {
    expect(negotiateEncoding("gzip, deflate, br")).toBe("gzip");
    expect(negotiateEncoding("deflate, gzip")).toBe("gzip");
    expect(negotiateEncoding("deflate")).toBe("deflate");
    expect(negotiateEncoding("*")).toBe("gzip");
    expect(negotiateEncoding("gzip;q=0, deflate;q=0.5")).toBe("deflate");
    expect(negotiateEncoding("identity")).toBeUndefined();
    expect(negotiateEncoding("br")).toBeUndefined();
    expect(negotiateEncoding(undefined)).toBeUndefined();
  });
});
