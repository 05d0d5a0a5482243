import { createHmac, randomBytes } from "node:crypto";

/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com): the signed content is
 * `<webhook-id>.<webhook-timestamp>.<body>`, HMAC-SHA256 under the secret's bytes (the base64 after
 * `whsec_`), sent as `webhook-signature: v1,<base64>`; several signatures are space-separated, which is
 * how both secrets sign during a rotation overlap.
 */
export const SECRET_PREFIX = "whsec_";

export function generateWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString("base64")}`;
}

function secretBytes(secret: string): Buffer {
  if (!secret.startsWith(SECRET_PREFIX)) throw new Error("a webhook secret starts with whsec_");
  return Buffer.from(secret.slice(SECRET_PREFIX.length), "base64");
}

export function signatureOf(secret: string, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac("sha256", secretBytes(secret)).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

/** The three headers of one attempt, signed with every secret given (current first). */
export function signedHeaders(input: { id: string; timestamp: number; body: string; secrets: readonly string[] }): Record<string, string> {
  return {
    "webhook-id": input.id,
    "webhook-timestamp": String(input.timestamp),
    "webhook-signature": input.secrets.map((secret) => signatureOf(secret, input.id, input.timestamp, input.body)).join(" "),
  };
}
