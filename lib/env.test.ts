import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv, resolveSecrets } from "./env";

function problems(source: Record<string, string | undefined>): string[] {
  try {
    parseEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  return [];
}

describe("parseEnv", () => {
  it("works with no variables at all", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.PUBLIC_BASE_URL).toBe("http://localhost:3000");
    expect(env.CDN_URL).toBe("http://localhost:3000/cdn");
    expect(env.database).toBe("embedded");
    expect(env.dataDir).toBe(path.resolve("./data"));
    expect(env.ACCESS_TOKEN_TTL).toBe(14_400);
    expect(env.RATE_LIMIT_PER_MINUTE).toBe(1200);
  });

  it("names each bad variable", () => {
    expect(problems({ PORT: "abc", DATABASE_URL: "mysql://x", SECRET_KEY: "short" })).toEqual([
      "PORT: Invalid input: expected number, received NaN",
      "DATABASE_URL: must be a postgres:// connection string",
      "SECRET_KEY: must be 64 hexadecimal characters (32 bytes)",
    ]);
  });

  it("requires the INIT_ variables together", () => {
    expect(problems({ INIT_ORG_CODE: "gym" })).toEqual(["INIT_ORG_CODE, INIT_ADMIN_EMAIL, INIT_ADMIN_PASSWORD: set all three or none"]);
  });

  it("selects PostgreSQL when DATABASE_URL is set", () => {
    expect(parseEnv({ DATABASE_URL: "postgres://postgres@127.0.0.1:5432/test" }).database).toBe("postgresql");
  });
});

describe("resolveSecrets", () => {
  it("refuses production without secrets, naming both", () => {
    const env = parseEnv({ NODE_ENV: "production" });
    expect(() => resolveSecrets(env)).toThrow(EnvError);
    try {
      resolveSecrets(env);
    } catch (error) {
      expect((error as EnvError).problems).toEqual([
        "JWT_SECRET: is required in production (at least 32 characters)",
        "SECRET_KEY: is required in production (64 hexadecimal characters)",
      ]);
    }
  });

  it("generates and keeps secrets for demo and development runs, readable by the owner only", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "fcs-env-"));
    const env = parseEnv({ NODE_ENV: "production", DEMO_MODE: "1", DATA_DIR: dir });
    const first = resolveSecrets(env);
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.secretKey).toMatch(/^[0-9a-f]{64}$/);
    expect(resolveSecrets(env)).toEqual(first);
    const file = path.join(dir, ".secrets.json");
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it("uses configured secrets as they are", () => {
    const env = parseEnv({ NODE_ENV: "production", JWT_SECRET: "j".repeat(32), SECRET_KEY: "a".repeat(64) });
    expect(resolveSecrets(env)).toEqual({ jwtSecret: "j".repeat(32), secretKey: "a".repeat(64) });
  });
});
