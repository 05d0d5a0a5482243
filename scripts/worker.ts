/**
 * `npm run worker`: a webhook dispatcher as its own process, for PostgreSQL deployments that scale
 * delivery apart from the API servers (run those with WEBHOOK_DISPATCHER=off, or leave it on: any
 * number of dispatchers can share one database). The embedded database can be opened by one process
 * only, so there the server's own dispatcher does the work and this command refuses.
 */
import { existsSync } from "node:fs";
import { closeDatabase, getDatabase } from "@/lib/db";
import { EnvError, getEnv, getSecrets } from "@/lib/env";
import { describeError, log } from "@/lib/log";
import { startDispatcher, dispatcherOptionsFrom } from "@/lib/webhooks/dispatcher";

async function main(): Promise<void> {
  if (existsSync(".env")) process.loadEnvFile(".env");
  const env = getEnv();
  if (env.database === "embedded") {
    process.stderr.write(
      "error: npm run worker needs PostgreSQL (DATABASE_URL). The embedded database can be opened by one process only; there the server delivers webhooks itself.\n",
    );
    process.exit(1);
  }
  getSecrets();
  const { db } = await getDatabase();
  const dispatcher = startDispatcher(db, dispatcherOptionsFrom(env));
  log.info("webhook worker started", { pollMs: env.WEBHOOK_POLL_MS });

  const shutdown = (signal: NodeJS.Signals) => {
    log.info("webhook worker stopping", { signal });
    dispatcher
      .stop()
      .then(closeDatabase)
      .catch((error: unknown) => log.error("webhook worker stop failed", describeError(error)))
      .finally(() => process.exit(0));
  };
  process.once("SIGTERM", shutdown);
  process.once("SIGINT", shutdown);
}

main().catch((error: unknown) => {
  process.stderr.write(`error: ${error instanceof EnvError ? error.message : `webhook worker failed to start: ${error instanceof Error ? error.message : String(error)}`}\n`);
  process.exit(1);
});
