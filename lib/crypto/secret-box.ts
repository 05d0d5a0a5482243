import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { getSecrets } from "@/lib/env";

/**
 * Authenticated encryption of small secrets at rest (webhook signing secrets, integration API keys):
 * AES-256-GCM with a random 96-bit nonce, under a key derived from SECRET_KEY with HKDF, so the same
 * SECRET_KEY that signs image policies and admin sessions is never used directly as a cipher key.
 *
 * `context` is bound as additional authenticated data: a ciphertext made for one row and purpose
 * (e.g. `webhook:<id>`) does not decrypt anywhere else, so copying it between rows or tenants fails.
 *
 * Format: `v1.<base64url(nonce ‖ ciphertext ‖ tag)>`.
 */
const VERSION = "v1";
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SecretBoxError";
  }
}

const derived = new Map<string, Buffer>();

function cipherKey(secretKeyHex: string): Buffer {
  let key = derived.get(secretKeyHex);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", Buffer.from(secretKeyHex, "hex"), Buffer.alloc(0), "fcs secret-box v1", 32));
    derived.set(secretKeyHex, key);
  }
  return key;
}

export function encryptSecret(plaintext: string, context: string, secretKeyHex: string = getSecrets().secretKey): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv("aes-256-gcm", cipherKey(secretKeyHex), nonce);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return `${VERSION}.${Buffer.concat([nonce, ciphertext, cipher.getAuthTag()]).toString("base64url")}`;
}

export function decryptSecret(sealed: string, context: string, secretKeyHex: string = getSecrets().secretKey): string {
  const [version, payload] = sealed.split(".", 2);
  if (version !== VERSION || !payload) throw new SecretBoxError("not an encrypted secret");
  const bytes = Buffer.from(payload, "base64url");
  if (bytes.length < NONCE_BYTES + TAG_BYTES) throw new SecretBoxError("encrypted secret is truncated");
  const decipher = createDecipheriv("aes-256-gcm", cipherKey(secretKeyHex), bytes.subarray(0, NONCE_BYTES));
  decipher.setAAD(Buffer.from(context, "utf8"));
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(bytes.subarray(NONCE_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString("utf8");
  } catch {
    // Wrong key (SECRET_KEY changed), wrong context or altered bytes: never say which.
    throw new SecretBoxError("encrypted secret cannot be decrypted (was SECRET_KEY changed?)");
  }
}
