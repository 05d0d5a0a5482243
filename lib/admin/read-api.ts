import "server-only";
import { cookies, headers } from "next/headers";
import { cache } from "react";
import { addRoute, createRouter, findRoute } from "rou3";
import type { Operation } from "@/lib/http/operation";
import { runOperationInProcess } from "@/lib/http/route";
import { operations } from "@/lib/openapi/registry";
import type { ApiResponse } from "./api-client";
import { CONTENT_LANGUAGE_COOKIE } from "./content-language-preference";

type AnyOperation = Operation<never, never, never, never>;

let readRouter: ReturnType<typeof createRouter<AnyOperation>> | undefined;

/** The registry's GET operations by path (`/content/exercises/{id}` → `/content/exercises/:id`). */
function findRead(pathname: string): { operation: AnyOperation; params: Record<string, string> } | undefined {
  if (!readRouter) {
    readRouter = createRouter<AnyOperation>();
    for (const operation of operations) {
      if (operation.method === "GET") addRoute(readRouter, "", operation.path.replace(/\{([^}]+)\}/g, ":$1"), operation);
    }
  }
  const match = findRoute(readRouter, "", pathname);
  if (!match) return undefined;
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(match.params ?? {})) params[name] = decodeURIComponent(value);
  return { operation: match.data, params };
}

/**
 * What the admin's browser would get from `GET /api/v3<path>` (lib/admin/api-client.ts), read in this
 * process for a page's first paint (docs/decisions/0009, "Data on first paint"): the operation's own
 * handler, under the page request's session cookie (so the signed-in person's organization and
 * current role), with the Accept-Language the browser sends (the chosen content language, else its
 * own, or `language` where the screen asks in a language of its own, as apiRequest's `language`). The
 * body is the API's JSON, parsed, and the ETag the API's, whatever the status.
 */
export function readApi<T>(path: string, language?: string): Promise<ApiResponse<T>> {
  return readApiOnce(path, language) as Promise<ApiResponse<T>>;
}

// Once per request: a page's metadata and its body may read the same record.
const readApiOnce = cache(async (path: string, requestedLanguage: string | undefined): Promise<ApiResponse<unknown>> => {
  const [incoming, cookieStore] = await Promise.all([headers(), cookies()]);
  const host = incoming.get("x-forwarded-host") ?? incoming.get("host") ?? "localhost";
  const url = new URL(`/api/v3${path}`, `${incoming.get("x-forwarded-proto") ?? "http"}://${host}`);
  const read = findRead(url.pathname.slice("/api/v3".length));
  if (!read) throw new Error(`no GET operation answers ${url.pathname}`);
  const requestHeaders = new Headers({ accept: "application/json", host });
  const cookie = incoming.get("cookie");
  if (cookie) requestHeaders.set("cookie", cookie);
  const language = requestedLanguage ?? cookieStore.get(CONTENT_LANGUAGE_COOKIE)?.value ?? incoming.get("accept-language");
  if (language) requestHeaders.set("accept-language", language);
  const response = await runOperationInProcess(read.operation, new Request(url, { headers: requestHeaders }), read.params);
  const text = await response.text();
  return { data: text ? (JSON.parse(text) as unknown) : undefined, etag: response.headers.get("ETag"), status: response.status };
});
