import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "@/lib/db/client";

const identities = new WeakMap<Executor, Promise<bigint>>();

/**
 * Which database this is, as 64 bits: the cluster's system identifier and the database's oid, hashed.
 * Transaction ids only compare within one database, so a change feed cursor names the database that
 * issued it; after a move to another database (a copy, a dump and restore) old cursors get 410
 * instead of skipping changes (docs/decisions/0021). Read once per process and database.
 */
export function databaseIdentity(db: Executor): Promise<bigint> {
  let identity = identities.get(db);
  if (!identity) {
    identity = queryRows<{ system: string; database: string }>(
      db,
      sql`SELECT system_identifier::text AS system, (SELECT oid FROM pg_database WHERE datname = current_database())::text AS database FROM pg_control_system()`,
    ).then(([row]) => createHash("sha256").update(`${row!.system}:${row!.database}`).digest().readBigUInt64BE(0));
    identity.catch(() => identities.delete(db));
    identities.set(db, identity);
  }
  return identity;
}
