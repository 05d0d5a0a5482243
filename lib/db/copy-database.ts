import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase, queryRows, type Db } from "./client";

/**
 * Copies the service's records (every table of the `public` schema) from one database to an empty
 * PostgreSQL database: the move from the embedded database to PostgreSQL (docs/deployment.md). The
 * target is migrated first; the copy is one transaction on it, so a failure leaves it as it was.
 * Rows travel as JSON in batches (never a whole table in memory) and keep their ids; identity
 * sequences continue after the highest id. Triggers and foreign-key checks are off during the copy
 * (`session_replication_role = replica`): rows arrive as they were, in any table order, and columns
 * that triggers maintain keep the source's values.
 */
export type CopiedTable = { table: string; rows: number };

export class CopyDatabaseError extends Error {}

const BATCH_ROWS = 500;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function copyDatabase(source: Db, targetUrl: string, onTable: (copied: CopiedTable) => void = () => undefined): Promise<CopiedTable[]> {
  // Brings the target's schema to the same migrations as the source (which is opened, so migrated, already).
  const migrated = await openDatabase({ DATABASE_URL: targetUrl, DATABASE_POOL_MAX: 1, dataDir: "" });
  await migrated.close();

  const target = new pg.Client({ connectionString: targetUrl });
  await target.connect();
  try {
    await target.query("BEGIN");
    try {
      await target.query("SET LOCAL session_replication_role = replica");
    } catch (error) {
      if ((error as { code?: string }).code === "42501") {
        throw new CopyDatabaseError(
          "the target's user may not set session_replication_role: run the copy as a superuser of the target database (on managed services, its administrator user)",
        );
      }
      throw error;
    }
    const tables = await tablesOf(source);
    const targetTables = (await target.query<{ table: string }>(TABLES_SQL)).rows.map((row) => row.table);
    const missing = tables.filter((table) => !targetTables.includes(table));
    if (missing.length > 0) throw new CopyDatabaseError(`the target has no table ${missing.join(", ")}: is it a database of this service at the same version?`);
    for (const table of tables) {
      const { rows } = await target.query<{ hasRows: boolean }>(`SELECT EXISTS (SELECT 1 FROM ${quote(table)}) AS "hasRows"`);
      if (rows[0]!.hasRows) throw new CopyDatabaseError(`the target database is not empty (table ${table} has rows): copy into a new database`);
    }

    const copied: CopiedTable[] = [];
    for (const table of tables) {
      const result = { table, rows: await copyTable(source, target, table) };
      copied.push(result);
      onTable(result);
    }
    await continueSequences(target);
    await takeOverTransactionIds(target);
    await target.query("COMMIT");
    return copied;
  } catch (error) {
    await target.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    await target.end();
  }
}

const TABLES_SQL = `SELECT table_name AS "table" FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`;

async function tablesOf(source: Db): Promise<string[]> {
  return (await queryRows<{ table: string }>(source, sql.raw(TABLES_SQL))).map((row) => row.table);
}

/** Copies one table in batches taken in physical order (`ctid`), which needs no key of the table's own. */
async function copyTable(source: Db, target: pg.Client, table: string): Promise<number> {
  const columns = (
    await target.query<{ column: string }>(
      `SELECT column_name AS "column" FROM information_schema.columns
       WHERE table_schema = 'public' AND table_name = $1 AND is_generated = 'NEVER' ORDER BY ordinal_position`,
      [table],
    )
  ).rows.map((row) => quote(row.column));
  const list = columns.join(", ");
  let position = "(0,0)";
  let total = 0;
  for (;;) {
    const batch = await queryRows<{ position: string; row: string }>(
      source,
      sql`SELECT t.ctid::text AS position, row_to_json(t)::text AS row FROM ${sql.raw(quote(table))} AS t WHERE t.ctid > ${position}::tid ORDER BY t.ctid LIMIT ${BATCH_ROWS}`,
    );
    if (batch.length === 0) return total;
    // Generated columns are left out: the target computes them again from the copied ones.
    await target.query(
      `INSERT INTO ${quote(table)} (${list}) OVERRIDING SYSTEM VALUE SELECT ${list} FROM json_populate_recordset(NULL::${quote(table)}, $1::json)`,
      [`[${batch.map((entry) => entry.row).join(",")}]`],
    );
    total += batch.length;
    position = batch.at(-1)!.position;
  }
}

/**
 * Transaction ids (`xid8` columns: the change feed's order, docs/decisions/0021) are the source's,
 * counted by another database: they become the copy's own transaction's, so what they order comes
 * before every later transaction of the target, in the order their other columns keep.
 */
async function takeOverTransactionIds(target: pg.Client): Promise<void> {
  const { rows } = await target.query<{ table: string; column: string }>(
    `SELECT table_name AS "table", column_name AS "column" FROM information_schema.columns
     WHERE table_schema = 'public' AND udt_name = 'xid8' ORDER BY table_name, column_name`,
  );
  for (const { table, column } of rows) await target.query(`UPDATE ${quote(table)} SET ${quote(column)} = pg_current_xact_id()`);
}

/** Moves every identity or serial sequence of the target past the highest id copied. */
async function continueSequences(target: pg.Client): Promise<void> {
  const { rows } = await target.query<{ table: string; column: string; sequence: string }>(
    `SELECT table_name AS "table", column_name AS "column", pg_get_serial_sequence(quote_ident(table_name), column_name) AS "sequence"
     FROM information_schema.columns
     WHERE table_schema = 'public' AND (is_identity = 'YES' OR column_default LIKE 'nextval(%')`,
  );
  for (const { table, column, sequence } of rows) {
    if (!sequence) continue;
    await target.query(`SELECT setval($1, COALESCE((SELECT max(${quote(column)}) FROM ${quote(table)}), 0) + 1, false)`, [sequence]);
  }
}
