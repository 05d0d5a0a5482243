import { SQL, sql } from "drizzle-orm";
import PgBoss from "pg-boss";
import type { Executor } from "@/lib/db";
import type { Database } from "@/lib/db/client";
import { pgCode } from "@/lib/db/errors";
import { getEnv } from "@/lib/env";
import { describeError, log } from "@/lib/log";
import type { AnyTask } from "./define-task";

/**
 * The job queue is pg-boss over the service's own database, on PostgreSQL and on the embedded PGlite
 * alike (docs/decisions/0019). pg-boss speaks to a database through one method, `executeSql(text,
 * values)`; this module gives it the process's connection (the pool, or the single PGlite connection)
 * and, for jobs enqueued inside a change, the change's own transaction.
 */
export const JOB_SCHEMA = "pgboss";
/** Channel that wakes runners when a job is enqueued (sent in the enqueuing transaction). */
export const JOBS_CHANNEL = "fcs_jobs";

export type SqlRunner = { executeSql: (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> };

/** pg-boss's SQL with `$n` placeholders, run as a drizzle query on `executor` (one statement). */
export function executorRunner(executor: Executor): SqlRunner {
  return {
    executeSql: async (text, values = []) => {
      const chunks: SQL[] = [];
      let last = 0;
      for (const match of text.matchAll(/\$(\d+)/g)) {
        chunks.push(sql.raw(text.slice(last, match.index)));
        // sql.param: an array stays one parameter (a uuid[]), where a bare array would be spread.
        chunks.push(sql`${sql.param(values[Number(match[1]) - 1])}`);
        last = match.index + match[0].length;
      }
      chunks.push(sql.raw(text.slice(last)));
      const result = (await executor.execute(sql.join(chunks))) as unknown as { rows: Record<string, unknown>[] };
      return { rows: result.rows };
    },
  };
}

/** How long finished jobs stay listed before pg-boss moves them to its archive. */
export const COMPLETED_KEPT_SECONDS = 24 * 60 * 60;
export const FAILED_KEPT_SECONDS = 14 * 24 * 60 * 60;

type BossRole = { supervise: boolean; schedule: boolean; maintenanceSeconds?: number };

export function createBoss(runner: SqlRunner, role: BossRole): PgBoss {
  const boss = new PgBoss({
    db: runner as PgBoss.Db,
    schema: JOB_SCHEMA,
    migrate: true,
    supervise: role.supervise,
    schedule: role.schedule,
    maintenanceIntervalSeconds: role.maintenanceSeconds ?? 30,
    archiveCompletedAfterSeconds: COMPLETED_KEPT_SECONDS,
    archiveFailedAfterSeconds: FAILED_KEPT_SECONDS,
    deleteAfterDays: 7,
  });
  boss.on("error", (error: unknown) => log.warn("job queue maintenance failed", describeError(error)));
  return boss;
}

const SENDER_KEY = Symbol.for("fcs.jobs.sender");
type SenderHolder = { [SENDER_KEY]?: PgBoss };

/**
 * A pg-boss instance that only builds inserts: every call passes the executor to use (`db` option),
 * so it never opens or needs a connection of its own.
 */
export function jobSender(): PgBoss {
  const holder = globalThis as SenderHolder;
  holder[SENDER_KEY] ??= createBoss(
    {
      executeSql: async () => {
        throw new Error("the job sender runs statements only on the executor it is given");
      },
    },
    { supervise: false, schedule: false },
  );
  return holder[SENDER_KEY];
}

/** One statement under a transaction-scoped advisory lock, so concurrent starts do it once. */
function underInstallLock(statements: string[]): string {
  return `BEGIN; SELECT pg_advisory_xact_lock(hashtext('fcs.jobs.install')); ${statements.join("; ")}; COMMIT;`;
}

/**
 * Errors of installs racing on a new database, should one run beside ours without the install lock
 * (a process of an earlier version, during a rolling deploy). pg-boss serializes its installers with
 * an advisory lock, but a backend that waited on it still sees the catalog as it was (an advisory lock
 * does not refresh it), so `CREATE SCHEMA IF NOT EXISTS` fails with a unique violation; queues
 * created by two processes at once can deadlock. The loser tries again and finds the winner's work done.
 */
const INSTALL_RACE_CODES = new Set(["23505", "40P01", "42P07", "42710"]);
const INSTALL_ATTEMPTS = 5;

/**
 * Creates or upgrades pg-boss's schema, one queue per task, the indexes the jobs API needs, and the
 * schedules of recurring tasks. Safe to run by any number of processes at once, at every start.
 */
export async function installJobQueue(database: Pick<Database, "executeSql" | "exclusively">, tasks: readonly AnyTask[]): Promise<void> {
  // One installer at a time: pg-boss creates each queue (a row, then a partition with foreign keys to
  // the queue table) outside any lock of its own, and processes creating the same queues at once
  // deadlock on them, again on every retry when they keep in step. The key differs from the index
  // statements' transaction lock below, which this process's own pool connections take meanwhile.
  await database.exclusively("fcs.jobs.installer", async () => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await installOnce(database, tasks);
      } catch (error) {
        if (attempt >= INSTALL_ATTEMPTS || !INSTALL_RACE_CODES.has(pgCode(error) ?? "")) throw error;
        log.debug("job queue install raced another process; trying again", { attempt, sqlstate: pgCode(error) });
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt + Math.random() * 200));
      }
    }
  });
}

async function installOnce(database: Pick<Database, "executeSql">, tasks: readonly AnyTask[]): Promise<void> {
  const boss = createBoss(database, { supervise: false, schedule: false });
  try {
    await installWith(boss, database, tasks);
  } finally {
    await boss.stop({ graceful: false, close: false });
  }
}

async function installWith(boss: PgBoss, database: Pick<Database, "executeSql">, tasks: readonly AnyTask[]): Promise<void> {
  await boss.start();
  for (const task of tasks) await boss.createQueue(task.name);
  // On pg-boss's partitioned job table: every queue's partition gets them, later ones too.
  await database.executeSql(
    underInstallLock([
      `CREATE INDEX IF NOT EXISTS fcs_job_organization_idx ON ${JOB_SCHEMA}.job ((data->>'organization_id'), created_on DESC, id)`,
      `CREATE INDEX IF NOT EXISTS fcs_job_organization_state_idx ON ${JOB_SCHEMA}.job ((data->>'organization_id'), name, state)`,
    ]),
  );
  for (const task of tasks) {
    if (task.schedule) {
      await boss.schedule(task.name, task.schedule, { organization_id: null, payload: {} }, { tz: "UTC", ...jobOptionsOf(task) });
    }
  }
}

/** A task's retry and lease settings as pg-boss options for each job. */
export function jobOptionsOf(task: AnyTask): Pick<PgBoss.SendOptions, "retryLimit" | "retryDelay" | "retryBackoff" | "expireInSeconds"> {
  const override = getEnv().JOBS_EXPIRE_SECONDS;
  return {
    retryLimit: task.retryLimit,
    retryDelay: task.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: override ?? task.expireSeconds,
  };
}
