import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
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

  it("accepts FFMPEG_PATH and FFPROBE_PATH only when they name executable files", () => {
    const notExecutable = path.join(mkdtempSync(path.join(tmpdir(), "fcs-env-")), "ffprobe");
    writeFileSync(notExecutable, "", { mode: 0o644 });
    expect(problems({ FFMPEG_PATH: "/nonexistent/ffmpeg", FFPROBE_PATH: notExecutable })).toEqual([
      "FFMPEG_PATH: must be the path of an executable file",
      "FFPROBE_PATH: must be the path of an executable file",
    ]);
    expect(parseEnv({ FFMPEG_PATH: "/bin/sh", FFPROBE_PATH: " " })).toMatchObject({ FFMPEG_PATH: "/bin/sh", FFPROBE_PATH: undefined });
  });

  it("selects PostgreSQL when DATABASE_URL is set", () => {
    expect(parseEnv({ DATABASE_URL: "postgres://postgres@127.0.0.1:5432/test" }).database).toBe("postgresql");
  });
});

describe("the job settings", () => {
  it("runs jobs by default, and lets a PostgreSQL server leave them to workers", () => {
    expect(parseEnv({})).toMatchObject({ JOBS: "on", JOBS_POLL_MS: 2000, JOBS_MAINTENANCE_SECONDS: 30 });
    expect(parseEnv({ JOBS: "off", DATABASE_URL: "postgres://postgres@127.0.0.1:5432/test", JOBS_EXPIRE_SECONDS: "5" })).toMatchObject({ JOBS: "off", JOBS_EXPIRE_SECONDS: 5 });
  });

  it("refuses JOBS=off on the embedded database, where no other process could run the jobs", () => {
    expect(problems({ JOBS: "off" })).toEqual(["JOBS: off needs PostgreSQL (DATABASE_URL); on the embedded database no other process can run the jobs, so this server must"]);
  });

  it("names bad job settings", () => {
    expect(problems({ JOBS: "maybe", JOBS_EXPIRE_SECONDS: "1.5" })).toEqual(["JOBS: must be on or off", "JOBS_EXPIRE_SECONDS: must be a whole number of seconds"]);
  });
});

describe("the object store settings", () => {
  const keys = { S3_ACCESS_KEY_ID: "AKIDEXAMPLE", S3_SECRET_ACCESS_KEY: "wJalrXUtnFEMIK7MDENGbPxRfiCYEXAMPLEKEY" };

  it("keeps files in STORAGE_DIR without S3_BUCKET", () => {
    const env = parseEnv({ DATA_DIR: "/srv/fcs" });
    expect(env.s3).toBeUndefined();
    expect(env.STORAGE_DIR).toBe(path.resolve("/srv/fcs/storage"));
  });

  it("selects the bucket with both keys, region us-east-1 by default", () => {
    expect(parseEnv({ S3_BUCKET: "media", ...keys }).s3).toEqual({
      bucket: "media",
      region: "us-east-1",
      endpoint: undefined,
      accessKeyId: "AKIDEXAMPLE",
      secretAccessKey: "wJalrXUtnFEMIK7MDENGbPxRfiCYEXAMPLEKEY",
      forcePathStyle: false,
    });
    expect(parseEnv({ S3_BUCKET: "media", S3_ENDPOINT: "http://127.0.0.1:9000", S3_REGION: "eu-central-1", S3_FORCE_PATH_STYLE: "1", ...keys }).s3).toMatchObject({
      endpoint: "http://127.0.0.1:9000",
      region: "eu-central-1",
      forcePathStyle: true,
    });
  });

  it.each([
    ["a bucket without keys", { S3_BUCKET: "media" }, ["S3_ACCESS_KEY_ID: is required when S3_BUCKET is set", "S3_SECRET_ACCESS_KEY: is required when S3_BUCKET is set"]],
    ["a bucket with one key", { S3_BUCKET: "media", S3_ACCESS_KEY_ID: "AKIDEXAMPLE" }, ["S3_SECRET_ACCESS_KEY: is required when S3_BUCKET is set"]],
    ["keys without a bucket", keys, ["S3_BUCKET: is required when S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are set"]],
    ["an endpoint without a bucket", { S3_ENDPOINT: "http://127.0.0.1:9000" }, ["S3_BUCKET: is required when S3_ENDPOINT is set"]],
    ["a bucket and STORAGE_DIR", { S3_BUCKET: "media", STORAGE_DIR: "/srv/files", ...keys }, ["STORAGE_DIR: files go to the S3 bucket when S3_BUCKET is set; unset one of them"]],
    ["an endpoint that is no URL", { S3_BUCKET: "media", S3_ENDPOINT: "minio:9000", ...keys }, ["S3_ENDPOINT: must be an http(s) URL such as https://s3.example.com"]],
    ["an endpoint with credentials", { S3_BUCKET: "media", S3_ENDPOINT: "http://user:pass@127.0.0.1:9000", ...keys }, ["S3_ENDPOINT: must not contain credentials; use S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY"]],
  ])("refuses %s, naming the variable and never a value", (_, source, expected) => {
    const found = problems(source);
    expect(found).toEqual(expected);
    for (const secret of ["AKIDEXAMPLE", "wJalrXUtnFEMIK7MDENGbPxRfiCYEXAMPLEKEY", "pass"]) expect(found.join("\n")).not.toContain(secret);
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
