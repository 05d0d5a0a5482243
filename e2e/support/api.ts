import { PASSWORD, USERS, type FixtureUser } from "./fixtures";
import type { TestServer } from "./server";

/**
 * Where `call` sends requests: a test server, or any address serving the API (a cluster's proxy or one
 * of its servers), with the OpenAPI document its answers are checked against.
 */
export type ApiTarget = Pick<TestServer, "apiUrl" | "contract">;

export type ApiResponse<T = unknown> = { status: number; body: T; headers: Headers };

type RequestOptions = { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> };

/**
 * One HTTP call to the test server's API; the body is parsed as JSON when there is one. The answer
 * must keep the server's OpenAPI document (status listed for the operation, body matching its
 * schema): a violation fails the test that made the request (e2e/support/openapi-contract.ts).
 */
export async function call<T = Record<string, unknown>>(server: ApiTarget, method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["Content-Type"] = "application/json";
  }
  const response = await fetch(`${server.apiUrl}${path}`, { method, headers, body });
  const text = await response.text();
  server.contract.assert({ method, path, status: response.status, contentType: response.headers.get("content-type"), text });
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T, headers: response.headers };
}

/**
 * `fetch` for requests `call` cannot make (multipart uploads, HEAD): `path` below the API's base or a
 * full address of the server's API. The answer is checked against the OpenAPI document like `call`'s
 * and returned unread.
 */
export async function apiFetch(server: ApiTarget, path: string, init: RequestInit = {}): Promise<Response> {
  const url = /^https?:/.test(path) ? path : `${server.apiUrl}${path}`;
  const response = await fetch(url, init);
  const text = await response.clone().text();
  server.contract.assert({ method: init.method ?? "GET", path: url, status: response.status, contentType: response.headers.get("content-type"), text });
  return response;
}

export type TokenPair = { token: string; access_token: string; refresh_token: string; expires_in: number; token_type: string };

export async function loginAs(server: ApiTarget, user: FixtureUser, scope: "mobile" | "platform" = "platform"): Promise<TokenPair> {
  const { org, email } = USERS[user];
  const response = await call<TokenPair>(server, "POST", "/auth/login", { body: { email, password: PASSWORD, code: org, scope } });
  if (response.status !== 200) throw new Error(`login as ${user} failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** The payload of a JWT, unverified (for asserting claims). */
export function decodeJwt(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString("utf8")) as Record<string, unknown>;
}

/**
 * The record version an ETag names: `"<id>.<version>"` of `"<id>.<version>.<digest>"`, the digest
 * naming the representation (docs/api.md "Conditional reads"). Fails on any other shape.
 */
export function etagVersion(etag: string | null | undefined): string {
  const match = /^"([^".]+)\.(\d+)\.[A-Za-z0-9_-]{16}"$/.exec(etag ?? "");
  if (!match) throw new Error(`not a record ETag: ${etag}`);
  return `"${match[1]}.${match[2]}"`;
}
