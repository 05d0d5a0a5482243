import { afterEach, describe, expect, it, vi } from "vitest";

// The secrets come from a stub, so a test can rotate the signing secret.
const secrets = { jwtSecret: "first-secret-0123456789-abcdefghijklmnopqrstuvwxyz", secretKey: "" };
vi.mock("@/lib/env", () => ({ getSecrets: () => secrets, getEnv: () => ({}) }));

const { signToken, verifyToken } = await import("./tokens");

const claims = { sub: "u1", org: "o1", scope: "mobile", role: "member", jti: "j1", sid: "s1" } as const;

describe("verifyToken's cache of verified tokens", () => {
  afterEach(() => {
    vi.useRealTimers();
    secrets.jwtSecret = "first-secret-0123456789-abcdefghijklmnopqrstuvwxyz";
  });

  it("answers a token it verified before with the same claims", async () => {
    const token = await signToken(claims, new Date(Date.now() + 60_000));
    const first = await verifyToken(token);
    expect(first).toMatchObject({ ok: true, claims: { sub: "u1", sid: "s1" } });
    expect(await verifyToken(token)).toEqual(first);
  });

  it("still refuses a cached token once it has expired", async () => {
    const token = await signToken(claims, new Date(Date.now() + 2_000));
    expect((await verifyToken(token)).ok).toBe(true);
    vi.useFakeTimers({ now: Date.now() + 5_000, toFake: ["Date"] });
    expect(await verifyToken(token)).toEqual({ ok: false, reason: "expired" });
  });

  it("forgets what it verified when the signing secret changes", async () => {
    const token = await signToken(claims, new Date(Date.now() + 60_000));
    expect((await verifyToken(token)).ok).toBe(true);
    secrets.jwtSecret = "second-secret-0123456789-abcdefghijklmnopqrstuvwxyz";
    expect(await verifyToken(token)).toEqual({ ok: false, reason: "invalid" });
  });

  it("does not cache a token whose signature is wrong", async () => {
    const token = await signToken(claims, new Date(Date.now() + 60_000));
    const forged = `${token.slice(0, -4)}AAAA`;
    expect(await verifyToken(forged)).toEqual({ ok: false, reason: "invalid" });
    expect(await verifyToken(forged)).toEqual({ ok: false, reason: "invalid" });
  });
});
