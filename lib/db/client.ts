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
};

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
  return { db: db as unknown as Db, kind: "postgresql", close: () => pool.end() };
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
