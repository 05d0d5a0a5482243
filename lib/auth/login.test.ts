import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Db } from "@/lib/db";
import { ApiError } from "@/lib/core/errors";
import { statusOf } from "@/lib/http/errors";

// The login's collaborators are replaced so the test sees exactly which password checks run.
vi.mock("./find-account", () => ({ findAccount: vi.fn(), findOrganizationIdByCode: vi.fn(async () => undefined) }));
// A failed sign-in is written to the audit log (tested over HTTP in e2e/api/audit-log.test.ts).
vi.mock("@/lib/audit-log/record-audit-entry", () => ({ recordAuditEntry: vi.fn() }));
vi.mock("./password", () => ({ verifyPassword: vi.fn(), burnPasswordCheck: vi.fn() }));
vi.mock("./throttle", () => ({
  throttleKeyFor: (code: string, username: string) => ({ orgCode: code, username }),
  registerAttempt: vi.fn(async () => ({ isBlocked: false })),
  resetThrottle: vi.fn(),
  issueUnblockToken: vi.fn(),
  spendUnblockToken: vi.fn(),
}));
vi.mock("./sessions", () => ({ startSession: vi.fn(async () => ({ token: "t" })) }));

const { findAccount } = await import("./find-account");
const { burnPasswordCheck, verifyPassword } = await import("./password");
const { login } = await import("./login");

const db = {} as Db;
const request = (email: string, password: string) => ({ body: { email, password, code: "alpha", scope: "mobile" as const }, scopeHeader: null, unblockToken: null });

async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "succeeded";
  } catch (error) {
    return error instanceof ApiError ? `${statusOf(error)} ${error.message}` : String(error);
  }
}

describe("login without user enumeration", () => {
  beforeEach(() => vi.clearAllMocks());

  it("runs one argon2 verification for an unknown user, as for a wrong password, and answers the same", async () => {
    vi.mocked(findAccount).mockResolvedValueOnce(undefined);
    const unknown = await failure(login(db, request("ghost@alpha.test", "whatever")));
    expect(vi.mocked(burnPasswordCheck).mock.calls).toEqual([["whatever"]]);
    expect(verifyPassword).not.toHaveBeenCalled();

    vi.mocked(findAccount).mockResolvedValueOnce({ id: "u1", organizationId: "o1", role: "member", passwordHash: "$argon2id$stored" });
    vi.mocked(verifyPassword).mockResolvedValueOnce(false);
    const wrong = await failure(login(db, request("member@alpha.test", "not-it")));
    expect(vi.mocked(verifyPassword).mock.calls).toEqual([["$argon2id$stored", "not-it"]]);
    expect(burnPasswordCheck).toHaveBeenCalledTimes(1);

    expect(unknown).toBe("401 invalid credentials");
    expect(wrong).toBe(unknown);
  });
});
