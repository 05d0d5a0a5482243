import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret, SecretBoxError } from "./secret-box";

const KEY = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";
const OTHER_KEY = "ffeeddccbbaa99887766554433221100ffeeddccbbaa99887766554433221100";

describe("secret box (AES-256-GCM)", () => {
  it("round-trips and never shows the plaintext", () => {
    const sealed = encryptSecret("sk_live_1234567890", "integration:a:b", KEY);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain("sk_live");
    expect(Buffer.from(sealed.slice(3), "base64url").toString("latin1")).not.toContain("1234567890");
    expect(decryptSecret(sealed, "integration:a:b", KEY)).toBe("sk_live_1234567890");
  });

  it("uses a fresh nonce each time", () => {
    expect(encryptSecret("same", "ctx", KEY)).not.toBe(encryptSecret("same", "ctx", KEY));
  });

  it.each([
    ["another context", (sealed: string) => decryptSecret(sealed, "integration:a:c", KEY)],
    ["another key", (sealed: string) => decryptSecret(sealed, "integration:a:b", OTHER_KEY)],
    ["an altered byte", (sealed: string) => {
      const bytes = Buffer.from(sealed.slice(3), "base64url");
      bytes[14] = bytes[14]! ^ 1;
      return decryptSecret(`v1.${bytes.toString("base64url")}`, "integration:a:b", KEY);
    }],
    ["a truncated value", (sealed: string) => decryptSecret(sealed.slice(0, 20), "integration:a:b", KEY)],
    ["an unknown format", () => decryptSecret("plain-text", "integration:a:b", KEY)],
  ])("refuses %s", (_name, open) => {
    const sealed = encryptSecret("sk_live_1234567890", "integration:a:b", KEY);
    expect(() => open(sealed)).toThrow(SecretBoxError);
  });
});
