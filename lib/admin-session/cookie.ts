import { decode } from "next-auth/jwt";
import { ApiError } from "@/lib/core/errors";
import { adminSessionSecret } from "./secret";

const SESSION_COOKIES = ["__Secure-next-auth.session-token", "next-auth.session-token"];

function readCookies(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of header?.split(";") ?? []) {
    const index = part.indexOf("=");
    if (index > 0) cookies.set(part.slice(0, index).trim(), decodeURIComponent(part.slice(index + 1).trim()));
  }
  return cookies;
}

/** The admin session cookie's value (next-auth splits large cookies into `.0`, `.1`, … chunks). */
function sessionCookie(req: Request): string | undefined {
  const cookies = readCookies(req.headers.get("cookie"));
  for (const name of SESSION_COOKIES) {
    const whole = cookies.get(name);
    if (whole) return whole;
    const chunks = [...cookies.entries()]
      .filter(([key]) => key.startsWith(`${name}.`))
      .sort(([a], [b]) => Number(a.slice(name.length + 1)) - Number(b.slice(name.length + 1)));
    if (chunks.length > 0) return chunks.map(([, value]) => value).join("");
  }
  return undefined;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cookies ride along on cross-site requests, so a write authenticated by the session cookie must come
 * from our own pages: the browser's Sec-Fetch-Site says so, or else the Origin matches the Host.
 */
function assertSameOrigin(req: Request): void {
  if (SAFE_METHODS.has(req.method)) return;
  const site = req.headers.get("sec-fetch-site");
  if (site) {
    if (site === "same-origin") return;
    throw new ApiError("forbidden", "cross-site request refused");
  }
  const origin = req.headers.get("origin");
  const host = req.headers.get("x-forwarded-host") ?? req.headers.get("host");
  if (origin && host && new URL(origin).host === host) return;
  throw new ApiError("forbidden", "cross-site request refused");
}

/** The API access token held in the admin's encrypted session cookie, if the request carries one. */
export async function accessTokenFromSession(req: Request): Promise<string | undefined> {
  const cookie = sessionCookie(req);
  if (!cookie) return undefined;
  const session = await decode({ token: cookie, secret: adminSessionSecret() }).catch(() => null);
  const accessToken = session && typeof session.accessToken === "string" ? session.accessToken : undefined;
  if (!accessToken) throw new ApiError("unauthorized", "the admin session has ended: sign in again");
  assertSameOrigin(req);
  return accessToken;
}
