import { getEnv } from "@/lib/env";
import { openDatabase, type Database, type Db } from "./client";

export type { Db, Executor, Tx } from "./client";
export * as tables from "./schema";

const DB_KEY = Symbol.for("fcs.database");
type DbHolder = { [DB_KEY]?: Promise<Database> };

/**
 * The process's database, opened once. Kept on `globalThis` because Next.js may load this module in
 * more than one bundle of the same process; there must still be exactly one connection (and one lock).
 */
export function getDatabase(): Promise<Database> {
  const holder = globalThis as DbHolder;
  holder[DB_KEY] ??= openDatabase(getEnv());
  return holder[DB_KEY];
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}

export async function closeDatabase(): Promise<void> {
  const holder = globalThis as DbHolder;
  const pending = holder[DB_KEY];
  holder[DB_KEY] = undefined;
  if (pending) await (await pending).close();
}
