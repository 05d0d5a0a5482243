import { afterEach, describe, expect, it } from "vitest";
import { answersWithin, checkReadiness, registerReadinessCheck } from "./readiness";

const removers: Array<() => void> = [];
afterEach(() => {
  for (const remove of removers.splice(0)) remove();
});

describe("readiness checks", () => {
  it("is ready when the built-in and every registered check answer", async () => {
    removers.push(registerReadinessCheck("jobs", async () => undefined));
    expect(await checkReadiness({ database: async () => undefined })).toEqual({ isReady: true, checks: { database: "ok", jobs: "ok" } });
  });

  it("is not ready while any check fails or does not settle in time, and names only the check", async () => {
    removers.push(registerReadinessCheck("jobs", () => Promise.reject(new Error("password=secret"))));
    removers.push(registerReadinessCheck("slow", () => new Promise(() => undefined)));
    const report = await checkReadiness({ database: async () => undefined }, 50);
    expect(report).toEqual({ isReady: false, checks: { database: "ok", jobs: "unavailable", slow: "unavailable" } });
  });

  it("forgets a check once it is removed, and refuses names that are no identifiers", async () => {
    const remove = registerReadinessCheck("jobs", () => Promise.reject(new Error("down")));
    remove();
    expect(await checkReadiness({})).toEqual({ isReady: true, checks: {} });
    expect(() => registerReadinessCheck("Job Queue", async () => undefined)).toThrow("a readiness check's name is lowercase letters, digits, - and _: Job Queue");
  });

  it("answers whether one check settles in time (GET /health's database check)", async () => {
    expect(await answersWithin(async () => undefined, 50)).toBe(true);
    expect(await answersWithin(() => Promise.reject(new Error("down")), 50)).toBe(false);
    expect(await answersWithin(() => new Promise(() => undefined), 50)).toBe(false);
    expect(await answersWithin(() => { throw new Error("not even a promise"); }, 50)).toBe(false);
  });
});
