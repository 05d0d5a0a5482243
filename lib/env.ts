import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { LANGUAGE_CODE_PATTERN, SLUG_PATTERN } from "@/lib/organizations/schemas";

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
  UPLOAD_MAX_MB: positiveInt(50),
  IMAGE_URL_TTL: positiveInt(7 * 24 * 60 * 60),
  WEBHOOK_ALLOW_PRIVATE: flag,
  WEBHOOK_DISPATCHER: z.enum(["on", "off"], { message: "must be on or off" }).default("on"),
  WEBHOOK_POLL_MS: positiveInt(1000),
  WEBHOOK_BACKOFF_BASE_MS: positiveInt(10_000),
  WEBHOOK_RETRY_WINDOW_SECONDS: positiveInt(24 * 60 * 60),
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
  PUBLIC_BASE_URL: string;
  CDN_URL: string;
  /** Absolute path of the embedded database's directory. */
  dataDir: string;
  database: "embedded" | "postgresql";
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
  if (problems.length > 0) throw new EnvError(problems);

  const publicBaseUrl = (raw.PUBLIC_BASE_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, "");

  return {
    ...raw,
    STORAGE_DIR: path.resolve(/*turbopackIgnore: true*/ raw.STORAGE_DIR ?? path.join(raw.DATA_DIR, "storage")),
    PUBLIC_BASE_URL: publicBaseUrl,
    CDN_URL: (raw.CDN_URL ?? `${publicBaseUrl}/cdn`).replace(/\/+$/, ""),
    dataDir,
    database: raw.DATABASE_URL ? "postgresql" : "embedded",
  };
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
