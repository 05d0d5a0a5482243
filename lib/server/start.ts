import { closeDatabase, getDatabase, type Db } from "@/lib/db";
import { DataDirLockedError } from "@/lib/db/lock";
import { EnvError, getEnv, getSecrets } from "@/lib/env";
import { startInvalidationListener } from "@/lib/cache/invalidations";
import { describeError, log } from "@/lib/log";
import { DEMO_ORGANIZATION, ensureOrganization, generatePassword } from "@/lib/organizations/bootstrap";
import { startJobs, type JobsHandle } from "@/lib/jobs/start-jobs";

/**
 * Runs once when the server process starts, before it serves a request: configuration, database
 * (migrations), first-start bootstrap. Any failure here stops the process with a message for people.
 */
export async function startServer(): Promise<void> {
  try {
    const env = getEnv();
    getSecrets();
    const database = await getDatabase();
    const { db, kind } = database;
    // Caches of this process hear changes made anywhere (docs/decisions/0018).
    stopListening = await startInvalidationListener(database);
    // Every server enqueues; it also runs jobs unless JOBS=off (docs/decisions/0019).
    jobs = await startJobs(database, env, { runsJobs: env.JOBS === "on" });
    installShutdown();
    // The production server listens once this is done (the bootstrap below may go on meanwhile).
    await setUpLeanApi();

    if (env.INIT_ORG_CODE && env.INIT_ADMIN_EMAIL && env.INIT_ADMIN_PASSWORD) {
      const languages = env.INIT_LANGUAGES ?? [env.INIT_DEFAULT_LANGUAGE ?? "en"];
      const created = await ensureOrganization(db, {
        code: env.INIT_ORG_CODE,
        name: env.INIT_ORG_NAME ?? env.INIT_ORG_CODE,
        languages,
        defaultLanguage: env.INIT_DEFAULT_LANGUAGE ?? languages[0]!,
        adminEmail: env.INIT_ADMIN_EMAIL,
        adminPassword: env.INIT_ADMIN_PASSWORD,
      });
      if (created) log.info("created the initial organization", { code: env.INIT_ORG_CODE, email: env.INIT_ADMIN_EMAIL });
    }

    if (env.DEMO_MODE) {
      const password = generatePassword();
      const created = await ensureOrganization(db, { ...DEMO_ORGANIZATION, languages: [...DEMO_ORGANIZATION.languages], adminPassword: password });
      if (created) printDemoCredentials(env.PUBLIC_BASE_URL, password);
      else process.stdout.write(`\nDemo organization '${DEMO_ORGANIZATION.code}' already exists; sign in at ${env.PUBLIC_BASE_URL}/admin\n\n`);
      await seedDemoContent(db);
    }
    log.info("server ready", { database: kind, baseUrl: env.PUBLIC_BASE_URL, jobs: env.JOBS });
  } catch (error) {
    if (error instanceof EnvError || error instanceof DataDirLockedError) {
      process.stderr.write(`\nfitness-content-service: ${error.message}\n\n`);
    } else {
      process.stderr.write(`\nfitness-content-service: start-up failed: ${error instanceof Error ? error.message : String(error)}\n\n`);
      log.error("start-up failed", describeError(error));
    }
    process.exit(1);
  }
}

/**
 * Fills the demo organization with its catalogue while it has no content (the seed is one
 * transaction, so a failed attempt leaves nothing and the next start tries again). A failure is
 * reported but does not stop the server: the organization works without the catalogue.
 */
async function seedDemoContent(db: Db): Promise<void> {
  try {
    const { seedDemoCatalogue } = await import("@/lib/demo/seed-demo");
    const result = await seedDemoCatalogue(db, DEMO_ORGANIZATION.code);
    if (result.status === "created") process.stdout.write(`  ${result.message}\n\n`);
    else log.debug("demo catalogue not seeded", { reason: result.message });
  } catch (error) {
    log.error("seeding the demo catalogue failed", describeError(error));
    process.stderr.write(
      `\nfitness-content-service: the demo catalogue could not be seeded (${error instanceof Error ? error.message : String(error)}); ` +
        "the server runs without it. To retry, stop the server and run: npm run cli -- seed-demo\n\n",
    );
  }
}

function printDemoCredentials(baseUrl: string, password: string): void {
  const lines = [
    "",
    "  Demo organization created. Sign in to the admin:",
    "",
    `    address:       ${baseUrl}/admin`,
    `    organization:  ${DEMO_ORGANIZATION.code}`,
    `    email:         ${DEMO_ORGANIZATION.adminEmail}`,
    `    password:      ${password}`,
    "",
    "  The password is shown only this once.",
    "",
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
}

/**
 * The production server (scripts/server.mjs) asks for the lean API path by leaving an object under
 * this key before Next.js prepares; it receives the request listener built from the operations
 * registry (lib/http/api-server.ts, docs/decisions/0025). `next dev` and other hosts do not ask.
 */
const LEAN_API_KEY = Symbol.for("fcs.leanApi");
type LeanApiHolder = { [LEAN_API_KEY]?: { port?: number; listener?: unknown; isLeanPath?: unknown; onReady?: () => void } };

async function setUpLeanApi(): Promise<void> {
  const lean = (globalThis as LeanApiHolder)[LEAN_API_KEY];
  if (!lean) return;
  const [{ createApiListener, isLeanPath }, { operations }] = await Promise.all([import("@/lib/http/api-server"), import("@/lib/openapi/registry")]);
  lean.listener = createApiListener(operations, { port: lean.port });
  lean.isLeanPath = isLeanPath;
  lean.onReady?.();
}

let installed = false;
let stopListening: (() => Promise<void>) | undefined;
let jobs: JobsHandle | undefined;

/**
 * Set by the production server (scripts/server.mjs), which handles SIGTERM itself: it stops taking
 * requests, lets those in flight finish, and calls the function below to stop the rest.
 */
const MANAGED_SHUTDOWN_KEY = Symbol.for("fcs.managedShutdown");
/** Stops taking jobs (those in flight may finish, up to 25 s), stops listening, closes the database. */
const SHUTDOWN_KEY = Symbol.for("fcs.shutdown");
type ShutdownOptions = { beforeClose?: Promise<unknown> };
type ShutdownHolder = { [MANAGED_SHUTDOWN_KEY]?: boolean; [SHUTDOWN_KEY]?: (options?: ShutdownOptions) => Promise<void> };

/** `beforeClose`: requests still in flight, which need the database until they are answered. */
async function shutdown(options: ShutdownOptions = {}): Promise<void> {
  await jobs?.stop();
  await options.beforeClose;
  await stopListening?.();
  await closeDatabase();
}

function installShutdown(): void {
  if (installed) return;
  installed = true;
  const holder = globalThis as ShutdownHolder;
  holder[SHUTDOWN_KEY] = shutdown;
  if (holder[MANAGED_SHUTDOWN_KEY]) return;
  // `next dev` and other hosts: no HTTP draining here, only the rest.
  const onSignal = (signal: NodeJS.Signals) => {
    log.info("shutting down", { signal });
    shutdown()
      .catch((error: unknown) => log.error("shutting down failed", describeError(error)))
      .finally(() => process.exit(0));
  };
  process.once("SIGTERM", onSignal);
  process.once("SIGINT", onSignal);
}
