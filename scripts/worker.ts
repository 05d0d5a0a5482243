/**
 * `npm run worker`: runs jobs only (webhook deliveries, thumbnails, recurring tasks), no HTTP, for
 * PostgreSQL deployments that scale background work apart from the API servers (docs/deployment.md,
 * "Jobs"). Any number of workers and servers may share one database. The embedded database can be
 * opened by one process only, so there the server runs the jobs itself and this command refuses.
 *
 * SIGTERM or SIGINT: stop taking jobs, let those in flight finish (up to 25 s), exit 0.
 */
import { existsSync } from "node:fs";
import { startInvalidationListener } from "@/lib/cache/invalidations";
import { closeDatabase, getDatabase } from "@/lib/db";
import { EnvError, getEnv, getSecrets } from "@/lib/env";
import { startJobs } from "@/lib/jobs/start-jobs";
import { describeError, log } from "@/lib/log";

async function main(): Promise<void> {
  if (existsSync(".env")) process.loadEnvFile(".env");
  const env = getEnv();
  if (env.database === "embedded") {
    process.stderr.write(
      "error: npm run worker needs PostgreSQL (DATABASE_URL). The embedded database can be opened by one process only; there the server runs the jobs itself.\n",
    );
    process.exit(1);
  }
  getSecrets();
  const database = await getDatabase();
  const stopListening = await startInvalidationListener(database);
  const jobs = await startJobs(database, env, { runsJobs: true });
  log.info("worker started", { pollMs: env.JOBS_POLL_MS });

  let isStopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (isStopping) return;
    isStopping = true;
    log.info("worker stopping", { signal });
    jobs
      .stop()
      .then(stopListening)
      .then(closeDatabase)
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        log.error("worker stop failed", describeError(error));
        process.exit(1);
      });
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}

main().catch((error: unknown) => {
  process.stderr.write(`error: ${error instanceof EnvError ? error.message : `the worker failed to start: ${error instanceof Error ? error.message : String(error)}`}\n`);
  process.exit(1);
});
