import { AsyncLocalStorage } from "node:async_hooks";
import type { Logger } from "drizzle-orm/logger";

/**
 * Counts the SQL statements a request runs, so tests can prove a list costs a constant number of
 * queries whatever its length. Exposed as `X-Query-Count` only when QUERY_COUNT_HEADER=1 (tests).
 */
// One store per process: Next.js may load this module in several bundles (instrumentation opens the
// database, route handlers count), and they must share it.
const STORAGE_KEY = Symbol.for("fcs.query-count");
const holder = globalThis as { [STORAGE_KEY]?: AsyncLocalStorage<{ count: number }> };
const storage = (holder[STORAGE_KEY] ??= new AsyncLocalStorage<{ count: number }>());

export const queryCountingLogger: Logger = {
  logQuery() {
    const store = storage.getStore();
    if (store) store.count += 1;
  },
};

export function withQueryCount<T>(fn: () => Promise<T>): Promise<{ result: T; count: number }> {
  const store = { count: 0 };
  return storage.run(store, async () => ({ result: await fn(), count: store.count }));
}

export const isQueryCountExposed = (): boolean => process.env.QUERY_COUNT_HEADER === "1";
