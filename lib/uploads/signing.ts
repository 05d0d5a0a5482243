import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { getEnv, getSecrets } from "@/lib/env";

/**
 * Signed addresses (docs/api.md "Uploads"): `{CDN_URL}/uploads/{id}/{name}?v={md5}&Policy={policy}` where
 * the policy is base64url(JSON {path, exp}) joined by a dot to its HMAC-SHA256 under SECRET_KEY.
 * Expiry is rounded up to the next whole day so that an address stays the same (and cacheable) for a
 * day while its lifetime is at least IMAGE_URL_TTL.
 *
 * Thumbnails are served as immutable, but an image's crops can change while its bytes (and so `v`)
 * stay the same. The policy therefore also carries `f`, a fingerprint of the crops: a crop change
 * gives the upload a new address, and no cache keeps showing the old crop (docs/decisions/0006).
 */
const DAY_SECONDS = 24 * 60 * 60;

export function uploadPath(upload: { id: string; name: string }): string {
  return `/uploads/${upload.id}/${encodeURIComponent(upload.name)}`;
}

function sign(payload: string): string {
  return createHmac("sha256", getSecrets().secretKey).update(`policy:${payload}`).digest("base64url");
}

export function createPolicy(path: string, now = Date.now(), formatsFingerprint?: string): string {
  const minimum = Math.floor(now / 1000) + getEnv().IMAGE_URL_TTL;
  const exp = Math.ceil(minimum / DAY_SECONDS) * DAY_SECONDS;
  const payload = Buffer.from(JSON.stringify(formatsFingerprint ? { path, exp, f: formatsFingerprint } : { path, exp })).toString("base64url");
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

/** A short digest of an image's crops; undefined when it has none. */
export function formatsFingerprint(metadata: Record<string, unknown> | undefined): string | undefined {
  const formats = metadata?.formats as Record<string, { x?: unknown; y?: unknown; width?: unknown; height?: unknown }> | undefined;
  if (!formats || typeof formats !== "object") return undefined;
  const canonical = Object.keys(formats)
    .sort()
    .map((style) => `${style}:${formats[style]?.x},${formats[style]?.y},${formats[style]?.width},${formats[style]?.height}`)
    .join(";");
  return createHash("sha256").update(canonical).digest("base64url").slice(0, 10);
}

export function signedUploadUrl(upload: { id: string; name: string; md5: string; metadata?: Record<string, unknown> }): string {
  const path = uploadPath(upload);
  const query = new URLSearchParams({ v: upload.md5, Policy: createPolicy(path, Date.now(), formatsFingerprint(upload.metadata)) });
  return `${getEnv().CDN_URL}${path}?${query.toString()}`;
}

/** The path a media policy covers: everything of an upload's stream under `{cdn_url}/media/{id}/{policy}/`. */
export function mediaPolicyPath(uploadId: string): string {
  return `/media/${uploadId}/`;
}

/**
 * The signed base of an upload's stream, playlists, segments, captions, preview and waveform:
 * `{cdn_url}/media/{id}/{policy}/`. The policy sits in the path, so the relative addresses inside
 * playlists keep it; it expires like image policies (docs/api.md "Media processing").
 */
export function signedMediaBase(uploadId: string): string {
  return `${getEnv().CDN_URL}/media/${uploadId}/${createPolicy(mediaPolicyPath(uploadId))}/`;
}

/**
 * A policy for `path` that expires at `expiresAt` exactly (not rounded to a day): the download
 * addresses of organization exports, which are credentials for a whole catalogue and live briefly
 * (docs/api.md "Organization export and import"). Checked by `verifyPolicy` like every policy.
 */
export function createExpiringPolicy(path: string, expiresAt: Date): string {
  const payload = Buffer.from(JSON.stringify({ path, exp: Math.floor(expiresAt.getTime() / 1000) })).toString("base64url");
  return `${payload}.${sign(payload)}`;
}
