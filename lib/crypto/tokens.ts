import { createHash, randomBytes } from "node:crypto";
import { errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from "jose";
import { getSecrets } from "@/lib/env";
import { isRole, isScope, type Role, type Scope } from "@/lib/core/roles";

const ALGORITHM = "HS256";
const ISSUER = "fitness-content-service";

let cachedKey: { secret: string; key: Uint8Array } | undefined;

function signingKey(): Uint8Array {
  const secret = getSecrets().jwtSecret;
  if (cachedKey?.secret !== secret) cachedKey = { secret, key: new TextEncoder().encode(secret) };
  return cachedKey.key;
}

export type AccessClaims = { sub: string; org: string; scope: Scope; role: Role; jti: string; sid: string; exp: number };
export type IntegrationClaims = { sub: string; org: string; scope: Scope; role: "integration"; jti: string; exp: number };
export type TokenClaims = AccessClaims | IntegrationClaims;

type UnsignedClaims = TokenClaims extends infer T ? (T extends unknown ? Omit<T, "exp"> : never) : never;

export async function signToken(claims: UnsignedClaims, expiresAt: Date): Promise<string> {
  const { sub, ...rest } = claims;
  return new SignJWT({ ...rest } as JWTPayload)
    .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
    .setSubject(sub)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(signingKey());
}

export type VerifyResult = { ok: true; claims: TokenClaims } | { ok: false; reason: "expired" | "invalid" };

/**
 * Tokens whose signature was verified, with their claims (until they expire). Every request of a
 * client carries the same token; checking its HMAC again each time cost two thread-pool round trips
 * through WebCrypto per request (docs/benchmarks.md). Revocation is unaffected: it is
 * checked in the database on every request (`authenticateRequest`). Bounded, and emptied when the
 * signing secret changes.
 */
const VERIFIED_MAX = 10_000;
const verified = new Map<string, TokenClaims>();
let verifiedUnder: string | undefined;

/** Verifies signature (HS256 only: `alg: none` and other algorithms are refused), issuer and expiry. */
export async function verifyToken(token: string): Promise<VerifyResult> {
  const secret = getSecrets().jwtSecret;
  if (verifiedUnder !== secret) {
    verified.clear();
    verifiedUnder = secret;
  }
  const known = verified.get(token);
  if (known) {
    if (known.exp * 1000 > Date.now()) return { ok: true, claims: known };
    verified.delete(token);
    return { ok: false, reason: "expired" };
  }
  const result = await verifySignature(token);
  if (result.ok) {
    if (verified.size >= VERIFIED_MAX) verified.clear();
    verified.set(token, result.claims);
  }
  return result;
}

async function verifySignature(token: string): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, signingKey(), { algorithms: [ALGORITHM], issuer: ISSUER });
    const { sub, org, scope, role, jti, exp } = payload as JWTPayload & Record<string, unknown>;
    if (typeof sub !== "string" || typeof org !== "string" || typeof jti !== "string" || typeof exp !== "number") return { ok: false, reason: "invalid" };
    if (!isScope(scope)) return { ok: false, reason: "invalid" };
    if (role === "integration") return { ok: true, claims: { sub, org, scope, role, jti, exp } };
    if (!isRole(role)) return { ok: false, reason: "invalid" };
    if (typeof payload.sid !== "string") return { ok: false, reason: "invalid" };
    return { ok: true, claims: { sub, org, scope, role, jti, sid: payload.sid, exp } };
  } catch (error) {
    return { ok: false, reason: error instanceof joseErrors.JWTExpired ? "expired" : "invalid" };
  }
}

/** An opaque secret with 256 bits of entropy (refresh and unblock tokens). */
export function generateOpaqueToken(prefix: string): string {
  return `${prefix}_${randomBytes(32).toString("base64url")}`;
}

/** High-entropy tokens need no slow hash: SHA-256 makes the stored value useless to a thief. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The claims of a token this service just issued (no verification: only for tokens we minted). */
export function decodeJwtClaims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as Record<string, unknown>;
}
