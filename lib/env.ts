import { randomBytes } from "node:crypto";
import { accessSync, constants, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { LANGUAGE_CODE_PATTERN, SLUG_PATTERN } from "@/lib/core/patterns";

/**
 * The service's configuration, parsed once from the environment. A bad or missing value stops the
 * process with a message naming the variable (see `EnvError`). Development and demo runs work with no
 * `.env` at all: missing secrets are generated once and kept in `DATA_DIR/.secrets.json`.
 */


const flag = z
  .enum(["0", "1", "true", "false", ""])
  .optional()
  .transform((value) => value === "1" || value === "true");

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === "" ? undefined : value.trim()));

/** A path to a program this process may run (checked when the variable is set). */
const executablePath = optionalString.pipe(
  z
    .string()
    .refine((file) => isExecutableFile(file), "must be the path of an executable file")
    .optional(),
);

function isExecutableFile(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

const languageList = z
  .string()
  .optional()
  .transform((value) => (value ? value.split(",").map((code) => code.trim()).filter(Boolean) : undefined))
  .pipe(z.array(z.string().regex(LANGUAGE_CODE_PATTERN, "must be language codes such as en,de")).optional());

const rawEnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DEMO_MODE: flag,
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  PUBLIC_BASE_URL: z.url({ message: "must be an absolute http(s) URL" }).optional(),
  CDN_URL: z.url({ message: "must be an absolute http(s) URL" }).optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(?:ql)?:\/\//, "must be a postgres:// connection string")
      .optional(),
  ),
  DATABASE_POOL_MAX: positiveInt(10),
  JWT_SECRET: optionalString.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  SECRET_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, "must be 64 hexadecimal characters (32 bytes)")
      .optional(),
  ),
  ACCESS_TOKEN_TTL: positiveInt(4 * 60 * 60),
  RATE_LIMIT_PER_MINUTE: positiveInt(1200),
  REDIS_URL: optionalString.pipe(z.string().regex(/^rediss?:\/\//, "must be a redis:// URL").optional()),
  STORAGE_DIR: optionalString,
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalString.pipe(z.url({ protocol: /^https?$/, message: "must be an http(s) URL such as https://s3.example.com" }).optional()),
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: flag,
  UPLOAD_MAX_MB: positiveInt(50),
  MEDIA_UPLOAD_MAX_MB: positiveInt(4096),
  IMAGE_URL_TTL: positiveInt(7 * 24 * 60 * 60),
  FFMPEG_PATH: executablePath,
  FFPROBE_PATH: executablePath,
  WEBHOOK_ALLOW_PRIVATE: flag,
  JOBS: z.enum(["on", "off"], { message: "must be on or off" }).default("on"),
  JOBS_POLL_MS: positiveInt(2000),
  JOBS_MAINTENANCE_SECONDS: positiveInt(30),
  JOBS_EXPIRE_SECONDS: optionalString.pipe(
    z
      .string()
      .regex(/^[1-9]\d*$/, "must be a whole number of seconds")
      .transform(Number)
      .optional(),
  ),
  WEBHOOK_BACKOFF_BASE_MS: positiveInt(10_000),
  WEBHOOK_RETRY_WINDOW_SECONDS: positiveInt(24 * 60 * 60),
  CHANGE_FEED_RETENTION_SECONDS: positiveInt(30 * 24 * 60 * 60),
  VERSION_RETENTION_COUNT: positiveInt(50),
  VERSION_RETENTION_DAYS: positiveInt(180),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  INIT_ORG_CODE: optionalString.pipe(
    z
      .string()
      .regex(SLUG_PATTERN, "must be lowercase letters, digits and dashes")
      .optional(),
  ),
  INIT_ORG_NAME: optionalString,
  INIT_ADMIN_EMAIL: optionalString.pipe(z.email({ message: "must be an email address" }).optional()),
  INIT_ADMIN_PASSWORD: optionalString.pipe(z.string().min(8, "must be at least 8 characters").optional()),
  INIT_LANGUAGES: languageList,
  INIT_DEFAULT_LANGUAGE: optionalString.pipe(z.string().regex(LANGUAGE_CODE_PATTERN, "must be a language code").optional()),
});

export type Env = Omit<z.output<typeof rawEnvSchema>, "STORAGE_DIR"> & {
  STORAGE_DIR: string;
  /** The S3-compatible object store, when `S3_BUCKET` is set (docs/decisions/0017). */
  s3: S3Config | undefined;
  PUBLIC_BASE_URL: string;
  CDN_URL: string;
  /** Absolute path of the embedded database's directory. */
  dataDir: string;
  database: "embedded" | "postgresql";
};

export type S3Config = {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
};

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "EnvError";
  }
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = rawEnvSchema.safeParse(source);
  if (!parsed.success) {
    throw new EnvError(parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`));
  }
  const raw = parsed.data;
  const dataDir = path.resolve(/*turbopackIgnore: true*/ raw.DATA_DIR);

  const problems: string[] = [];
  const initGiven = [raw.INIT_ORG_CODE, raw.INIT_ADMIN_EMAIL, raw.INIT_ADMIN_PASSWORD].filter(Boolean).length;
  if (initGiven > 0 && initGiven < 3) {
    problems.push("INIT_ORG_CODE, INIT_ADMIN_EMAIL, INIT_ADMIN_PASSWORD: set all three or none");
  }
  if (raw.INIT_DEFAULT_LANGUAGE && raw.INIT_LANGUAGES && !raw.INIT_LANGUAGES.includes(raw.INIT_DEFAULT_LANGUAGE)) {
    problems.push("INIT_DEFAULT_LANGUAGE: must be one of INIT_LANGUAGES");
  }
  problems.push(...s3Problems(raw, source));
  // docs/decisions/0019: the embedded database admits one process, so no worker could take the jobs.
  if (raw.JOBS === "off" && !raw.DATABASE_URL) {
    problems.push("JOBS: off needs PostgreSQL (DATABASE_URL); on the embedded database no other process can run the jobs, so this server must");
  }
  if ((source.WEBHOOK_DISPATCHER ?? "").trim() === "off") {
    problems.push("WEBHOOK_DISPATCHER: no longer exists; webhooks are delivered by the job queue, so set JOBS=off instead (PostgreSQL only)");
  }
  if (problems.length > 0) throw new EnvError(problems);

  const publicBaseUrl = (raw.PUBLIC_BASE_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, "");

  return {
    ...raw,
    STORAGE_DIR: path.resolve(/*turbopackIgnore: true*/ raw.STORAGE_DIR ?? path.join(raw.DATA_DIR, "storage")),
    PUBLIC_BASE_URL: publicBaseUrl,
    CDN_URL: (raw.CDN_URL ?? `${publicBaseUrl}/cdn`).replace(/\/+$/, ""),
    dataDir,
    database: raw.DATABASE_URL ? "postgresql" : "embedded",
    s3: raw.S3_BUCKET
      ? {
          bucket: raw.S3_BUCKET,
          region: raw.S3_REGION ?? "us-east-1",
          endpoint: raw.S3_ENDPOINT,
          accessKeyId: raw.S3_ACCESS_KEY_ID!,
          secretAccessKey: raw.S3_SECRET_ACCESS_KEY!,
          forcePathStyle: raw.S3_FORCE_PATH_STYLE,
        }
      : undefined,
  };
}

const S3_SETTINGS = ["S3_ENDPOINT", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_FORCE_PATH_STYLE"] as const;

/**
 * Half an object store configuration is refused rather than guessed at: the bucket needs both keys,
 * and any S3 setting without a bucket is a mistake (the files would silently stay local). Messages
 * name variables, never their values.
 */
function s3Problems(raw: z.output<typeof rawEnvSchema>, source: Record<string, string | undefined>): string[] {
  const given = S3_SETTINGS.filter((name) => (source[name] ?? "").trim() !== "");
  if (!raw.S3_BUCKET) {
    return given.length > 0 ? [`S3_BUCKET: is required when ${given.join(", ")} ${given.length > 1 ? "are" : "is"} set`] : [];
  }
  const problems: string[] = [];
  if (!raw.S3_ACCESS_KEY_ID) problems.push("S3_ACCESS_KEY_ID: is required when S3_BUCKET is set");
  if (!raw.S3_SECRET_ACCESS_KEY) problems.push("S3_SECRET_ACCESS_KEY: is required when S3_BUCKET is set");
  if (raw.STORAGE_DIR) problems.push("STORAGE_DIR: files go to the S3 bucket when S3_BUCKET is set; unset one of them");
  if (raw.S3_ENDPOINT) {
    const endpoint = new URL(raw.S3_ENDPOINT);
    if (endpoint.username || endpoint.password) problems.push("S3_ENDPOINT: must not contain credentials; use S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY");
  }
  return problems;
}

export type Secrets = { jwtSecret: string; secretKey: string };

/**
 * The signing and encryption secrets. Production (without the demo flag) must configure both; other
 * runs get secrets generated once per data directory.
 */
export function resolveSecrets(env: Env): Secrets {
  const isStrict = env.NODE_ENV === "production" && !env.DEMO_MODE;
  const problems: string[] = [];
  if (isStrict && !env.JWT_SECRET) problems.push("JWT_SECRET: is required in production (at least 32 characters)");
  if (isStrict && !env.SECRET_KEY) problems.push("SECRET_KEY: is required in production (64 hexadecimal characters)");
  if (problems.length > 0) throw new EnvError(problems);
  const generated = env.JWT_SECRET && env.SECRET_KEY ? undefined : loadOrCreateLocalSecrets(env.dataDir);
  return { jwtSecret: env.JWT_SECRET ?? generated!.jwtSecret, secretKey: env.SECRET_KEY ?? generated!.secretKey };
}

/**
 * Development and demo secrets: generated on first use and kept beside the data so tokens survive a
 * restart. The file is readable by its owner only.
 */
function loadOrCreateLocalSecrets(dataDir: string): Secrets {
  const file = path.join(dataDir, ".secrets.json");
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, "utf8")) as { jwtSecret?: string; secretKey?: string };
    if (stored.jwtSecret && stored.secretKey) return { jwtSecret: stored.jwtSecret, secretKey: stored.secretKey };
  }
  mkdirSync(dataDir, { recursive: true });
  const secrets = { jwtSecret: randomBytes(48).toString("base64url"), secretKey: randomBytes(32).toString("hex") };
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

const ENV_KEY = Symbol.for("fcs.env");
const SECRETS_KEY = Symbol.for("fcs.secrets");
type EnvHolder = { [ENV_KEY]?: Env; [SECRETS_KEY]?: Secrets };

/** The parsed configuration of this process (parsed on first call, then cached). */
export function getEnv(): Env {
  const holder = globalThis as EnvHolder;
  holder[ENV_KEY] ??= parseEnv(process.env);
  return holder[ENV_KEY];
}

/** The secrets of this process (resolved on first call, then cached). */
export function getSecrets(): Secrets {
  const holder = globalThis as EnvHolder;
  holder[SECRETS_KEY] ??= resolveSecrets(getEnv());
  return holder[SECRETS_KEY];
}
