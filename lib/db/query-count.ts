import { AsyncLocalStorage } from "node:async_hooks";
import type { Logger } from "drizzle-orm/logger";

/**
 * Counts the SQL statements a request runs, so tests can prove a list costs a constant number of
 * queries whatever its length. Exposed as `X-Query-Count` only when QUERY_COUNT_HEADER=1 (tests).
 */
const storage = new AsyncLocalStorage<{ count: number }>();

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
