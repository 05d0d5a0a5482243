import { PASSWORD, USERS, type FixtureUser } from "./fixtures";
import type { TestServer } from "./server";

export type ApiResponse<T = unknown> = { status: number; body: T; headers: Headers };

type RequestOptions = { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> };

/** One HTTP call to the test server's API; the body is parsed as JSON when there is one. */
export async function call<T = Record<string, unknown>>(server: TestServer, method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["Content-Type"] = "application/json";
  }
  const response = await fetch(`${server.apiUrl}${path}`, { method, headers, body });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T, headers: response.headers };
}

export type TokenPair = { token: string; access_token: string; refresh_token: string; expires_in: number; token_type: string };

export async function loginAs(server: TestServer, user: FixtureUser, scope: "mobile" | "platform" = "platform"): Promise<TokenPair> {
  const { org, email } = USERS[user];
  const response = await call<TokenPair>(server, "POST", "/auth/login", { body: { email, password: PASSWORD, code: org, scope } });
  if (response.status !== 200) throw new Error(`login as ${user} failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** The payload of a JWT, unverified (for asserting claims). */
export function decodeJwt(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString("utf8")) as Record<string, unknown>;
}
