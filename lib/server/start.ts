import { closeDatabase, getDatabase, type Db } from "@/lib/db";
import { DataDirLockedError } from "@/lib/db/lock";
import { EnvError, getEnv, getSecrets } from "@/lib/env";
import { describeError, log } from "@/lib/log";
import { DEMO_ORGANIZATION, ensureOrganization, generatePassword } from "@/lib/organizations/bootstrap";
import { startWebhookDispatcher, stopWebhookDispatcher } from "@/lib/webhooks/dispatcher";

/**
 * Runs once when the server process starts, before it serves a request: configuration, database
 * (migrations), first-start bootstrap. Any failure here stops the process with a message for people.
 */
export async function startServer(): Promise<void> {
  try {
    const env = getEnv();
    getSecrets();
    const { db, kind } = await getDatabase();
    installShutdownHandlers();

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
    // Off where separate `npm run worker` processes deliver (api-decisions §10, ADR 8).
    if (env.WEBHOOK_DISPATCHER === "on") startWebhookDispatcher(db, env);
    log.info("server ready", { database: kind, baseUrl: env.PUBLIC_BASE_URL });
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

let installed = false;

function installShutdownHandlers(): void {
  if (installed) return;
  installed = true;
  const shutdown = (signal: NodeJS.Signals) => {
    log.info("shutting down", { signal });
    stopWebhookDispatcher()
      .then(closeDatabase)
      .catch((error: unknown) => log.error("closing the database failed", describeError(error)))
      .finally(() => process.exit(0));
  };
  process.once("SIGTERM", shutdown);
  process.once("SIGINT", shutdown);
}
