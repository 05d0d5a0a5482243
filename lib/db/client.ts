import { mkdirSync } from "node:fs";
import path from "node:path";
import type { ExtractTablesWithRelations, SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import type { Env } from "@/lib/env";
import { log } from "@/lib/log";
import { acquireDataDirLock } from "./lock";
import { isQueryCountExposed, queryCountingLogger } from "./query-count";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The drizzle database, whichever driver is underneath (PGlite or node-postgres). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything a query can run on: the database or an open transaction. */
export type Executor = Db | Tx;

export type Database = {
  db: Db;
  kind: "embedded" | "postgresql";
  close: () => Promise<void>;
  /**
   * Hears `NOTIFY channel` of every session of the database: on PostgreSQL through a connection of
   * its own, reconnected when lost (`onLive(false)`, then `onLive(true)` once it listens again); on
   * the embedded database in-process. Resolves with a function that stops listening.
   */
  listen: (channel: string, handlers: NotificationHandlers) => Promise<() => Promise<void>>;
  /**
   * Runs SQL text with `$n` parameters outside any transaction, the way the job queue library speaks to
   * its database (docs/decisions/0019). Text without parameters may hold several statements.
   */
  executeSql: (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
  /**
   * Runs `work` while this process alone, of all that share the database, holds the lock `key`. On
   * PostgreSQL a session advisory lock on a connection of its own (the pool stays free for `work`;
   * the lock goes with the connection if the process dies); the embedded database has one process.
   */
  exclusively: <T>(key: string, work: () => Promise<T>) => Promise<T>;
};

export type NotificationHandlers = { onNotify: (payload: string) => void; onLive: (isLive: boolean) => void };

const LISTEN_RETRY_MS = 500;
const LISTEN_PING_MS = 5_000;

/**
 * A dedicated connection (LISTEN needs a session; a pooled one would be handed to other queries).
 * A ping every few seconds notices a connection that died without a word.
 */
function listenOnPostgres(url: string, channel: string, handlers: NotificationHandlers, Client: typeof import("pg").Client): () => Promise<void> {
  let client: import("pg").Client | undefined;
  let isStopped = false;
  let retry: NodeJS.Timeout | undefined;
  let ping: NodeJS.Timeout | undefined;
  const lost = (current: import("pg").Client) => {
    if (client !== current) return;
    client = undefined;
    clearInterval(ping);
    handlers.onLive(false);
    current.end().catch(() => undefined);
    if (!isStopped) retry = setTimeout(connect, LISTEN_RETRY_MS);
  };
  const connect = async () => {
    const current = new Client({ connectionString: url, keepAlive: true, connectionTimeoutMillis: 3000 });
    client = current;
    current.on("error", () => lost(current));
    current.on("end", () => lost(current));
    current.on("notification", (message) => {
      if (message.channel === channel && message.payload) handlers.onNotify(message.payload);
    });
    try {
      await current.connect();
      await current.query(`LISTEN ${channel}`);
      if (client !== current || isStopped) return;
      handlers.onLive(true);
      ping = setInterval(() => {
        current.query("SELECT 1").catch(() => lost(current));
      }, LISTEN_PING_MS);
      ping.unref();
    } catch {
      lost(current);
    }
  };
  void connect();
  return async () => {
    isStopped = true;
    clearTimeout(retry);
    clearInterval(ping);
    const current = client;
    client = undefined;
    handlers.onLive(false);
    await current?.end().catch(() => undefined);
  };
}

export const MIGRATIONS_FOLDER = path.join(process.cwd(), "lib/db/migrations");

/** Opens the configured database and brings its schema up to date with the committed migrations. */
export async function openDatabase(env: Pick<Env, "DATABASE_URL" | "DATABASE_POOL_MAX" | "dataDir">): Promise<Database> {
  return env.DATABASE_URL
    ? openPostgres(env.DATABASE_URL, env.DATABASE_POOL_MAX)
    : openEmbedded(env.dataDir);
}

async function openPostgres(url: string, poolMax: number): Promise<Database> {
  const [{ Pool }, { drizzle }, { migrate }] = await Promise.all([
    import("pg"),
    import("drizzle-orm/node-postgres"),
    import("drizzle-orm/node-postgres/migrator"),
  ]);
  const pool = new Pool({ connectionString: url, max: poolMax });
  pool.on("error", (error) => log.error("postgres pool error", { detail: error.message }));
  const db = drizzle({ client: pool, schema, casing: "snake_case", logger: isQueryCountExposed() ? queryCountingLogger : false });
  try {
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  } catch (error) {
    await pool.end();
    throw error;
  }
  const { Client } = await import("pg");
  return {
    db: db as unknown as Db,
    kind: "postgresql",
    close: () => pool.end(),
    listen: async (channel, handlers) => listenOnPostgres(url, channel, handlers, Client),
    executeSql: async (text, values) => pool.query(text, values),
    exclusively: async (key, work) => {
      const client = new Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
      client.on("error", (error) => log.warn("the connection holding a lock failed", { key, detail: error.message }));
      await client.connect();
      try {
        await client.query("SELECT pg_advisory_lock(hashtext($1))", [key]);
        return await work();
      } finally {
        // Ending the session releases its advisory locks.
        await client.end().catch(() => undefined);
      }
    },
  };
}

async function openEmbedded(dataDir: string): Promise<Database> {
  const release = acquireDataDirLock(dataDir);
  try {
    const [{ PGlite }, { pg_trgm }, { drizzle }, { migrate }] = await Promise.all([
      import("@electric-sql/pglite"),
      import("@electric-sql/pglite/contrib/pg_trgm"),
      import("drizzle-orm/pglite"),
      import("drizzle-orm/pglite/migrator"),
    ]);
    const pgDir = path.join(dataDir, "pg");
    mkdirSync(pgDir, { recursive: true });
    // Every process that opens the directory must load the same extensions, or statements using them fail.
    const client = await PGlite.create(pgDir, { extensions: { pg_trgm } });
    const db = drizzle({ client, schema, casing: "snake_case", logger: isQueryCountExposed() ? queryCountingLogger : false });
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return {
      db: db as unknown as Db,
      kind: "embedded",
      listen: async (channel, handlers) => {
        const unlisten = await client.listen(channel, handlers.onNotify);
        handlers.onLive(true);
        return async () => {
          handlers.onLive(false);
          await unlisten();
        };
      },
      // PGlite's `query` speaks the extended protocol (one statement); `exec` takes several. Both wait
      // for any open transaction of the single connection, so they never run inside someone else's.
      executeSql: async (text, values) => {
        if (values && values.length > 0) return client.query<Record<string, unknown>>(text, values);
        const results = await client.exec(text);
        return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
      },
      exclusively: async (_key, work) => work(),
      close: async () => {
        try {
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** Runs raw SQL and returns its rows; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
