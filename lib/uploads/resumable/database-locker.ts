import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { ERRORS, type Lock, type Locker, type RequestRelease } from "@tus/utils";
import { getDb, tables } from "@/lib/db";
import { describeError, log } from "@/lib/log";

const l = tables.resumableUploadLocks;

/** A lease lasts this long unless renewed; a server that died holding one frees it by then. */
const LEASE_MS = 15_000;
/** The holder renews its lease, and looks for a request to let go, this often. */
const RENEW_MS = 1_000;
/** A waiting request looks again this often … */
const RETRY_MS = 100;
/** … for at most this long. */
const ACQUIRE_TIMEOUT_MS = 30_000;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });

/**
 * tus locks in the database, so the requests of one upload are serialized whichever servers they
 * reach (docs/decisions/0020). A lock is a leased row: the holder renews it every second and lets go
 * when another request asks for the upload (tus: a client that resumes after a broken connection
 * wins over the request it abandoned); a server that dies holding one loses it after 15 s.
 */
export class DatabaseLocker implements Locker {
  newLock(id: string): Lock {
    return new DatabaseLock(id);
  }
}

class DatabaseLock implements Lock {
  private readonly holder = randomUUID();
  private renewal: NodeJS.Timeout | undefined;

  constructor(private readonly key: string) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const db = await getDb();
    const deadline = Date.now() + ACQUIRE_TIMEOUT_MS;
    let hasAsked = false;
    while (!signal.aborted && Date.now() < deadline) {
      const expiresAt = new Date(Date.now() + LEASE_MS);
      const taken = await db
        .insert(l)
        .values({ key: this.key, holder: this.holder, expiresAt })
        .onConflictDoUpdate({
          target: l.key,
          set: { holder: this.holder, expiresAt, isReleaseRequested: false },
          setWhere: sql`${l.expiresAt} < now()`,
        })
        .returning({ holder: l.holder });
      if (taken[0]?.holder === this.holder) {
        this.renewal = setInterval(() => void this.renew(requestRelease), RENEW_MS);
        this.renewal.unref();
        return;
      }
      if (!hasAsked) {
        hasAsked = true;
        await db.update(l).set({ isReleaseRequested: true }).where(eq(l.key, this.key));
      }
      await sleep(RETRY_MS, signal);
    }
    throw ERRORS.ERR_LOCK_TIMEOUT;
  }

  private async renew(requestRelease: RequestRelease): Promise<void> {
    try {
      const db = await getDb();
      const [row] = await db
        .update(l)
        .set({ expiresAt: new Date(Date.now() + LEASE_MS) })
        .where(and(eq(l.key, this.key), eq(l.holder, this.holder)))
        .returning({ isReleaseRequested: l.isReleaseRequested });
      if (row?.isReleaseRequested) await requestRelease();
    } catch (error) {
      log.warn("could not renew a resumable upload's lock", describeError(error));
    }
  }

  async unlock(): Promise<void> {
    clearInterval(this.renewal);
    this.renewal = undefined;
    const db = await getDb();
    await db.delete(l).where(and(eq(l.key, this.key), eq(l.holder, this.holder)));
  }
}
