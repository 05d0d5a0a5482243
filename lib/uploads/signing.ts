import { createHmac, timingSafeEqual } from "node:crypto";
import { getEnv, getSecrets } from "@/lib/env";

/**
 * Signed addresses (api-decisions §9): `{CDN_URL}/uploads/{id}/{name}?v={md5}&Policy={policy}` where
 * the policy is base64url(JSON {path, exp}) joined by a dot to its HMAC-SHA256 under SECRET_KEY.
 * Expiry is rounded up to the next whole day so that an address stays the same (and cacheable) for a
 * day while its lifetime is at least IMAGE_URL_TTL.
 */
const DAY_SECONDS = 24 * 60 * 60;

export function uploadPath(upload: { id: string; name: string }): string {
  return `/uploads/${upload.id}/${encodeURIComponent(upload.name)}`;
}

function sign(payload: string): string {
  return createHmac("sha256", getSecrets().secretKey).update(`policy:${payload}`).digest("base64url");
}

export function createPolicy(path: string, now = Date.now()): string {
  const minimum = Math.floor(now / 1000) + getEnv().IMAGE_URL_TTL;
  const exp = Math.ceil(minimum / DAY_SECONDS) * DAY_SECONDS;
  const payload = Buffer.from(JSON.stringify({ path, exp })).toString("base64url");
  return `${payload}.${sign(payload)}`;
}

export type PolicyCheck = { ok: true } | { ok: false; reason: "missing" | "invalid" | "expired" | "wrong-path" };

export function verifyPolicy(policy: string | null, path: string, now = Date.now()): PolicyCheck {
  if (!policy) return { ok: false, reason: "missing" };
  const [payload, signature] = policy.split(".");
  if (!payload || !signature) return { ok: false, reason: "invalid" };
  const expected = Buffer.from(sign(payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: "invalid" };
  let decoded: { path?: unknown; exp?: unknown };
  try {
    decoded = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { path?: unknown; exp?: unknown };
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if (decoded.path !== path) return { ok: false, reason: "wrong-path" };
  if (typeof decoded.exp !== "number" || decoded.exp * 1000 <= now) return { ok: false, reason: "expired" };
  return { ok: true };
}

export function signedUploadUrl(upload: { id: string; name: string; md5: string }): string {
  const path = uploadPath(upload);
  const query = new URLSearchParams({ v: upload.md5, Policy: createPolicy(path) });
  return `${getEnv().CDN_URL}${path}?${query.toString()}`;
}
