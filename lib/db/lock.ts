import { closeSync, mkdirSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";

/**
 * PGlite has no lock of its own: two processes opening one data directory corrupt it silently. The
 * first process to open the directory writes `.lock` (exclusive create) with its pid; others refuse.
 * A lock whose owner is no longer alive (a crash, `kill -9`) is taken over.
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly displayDir: string,
    readonly ownerPid: number,
  ) {
    super(`the database in ${displayDir} is in use by process ${ownerPid}; stop it or set DATABASE_URL`);
    this.name = "DataDirLockedError";
  }
}

type LockOwner = { pid: number; host: string };

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readOwner(file: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(readFileSync(file, "utf8")) as Partial<LockOwner>;
    return typeof owner.pid === "number" ? { pid: owner.pid, host: String(owner.host ?? "") } : undefined;
  } catch {
    return undefined;
  }
}

function displayPath(dir: string): string {
  const relative = path.relative(process.cwd(), dir);
  return relative && !relative.startsWith("..") && !path.isAbsolute(relative) ? `./${relative}` : dir;
}

/** Takes the directory's lock or throws `DataDirLockedError`; returns the function that releases it. */
export function acquireDataDirLock(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, ".lock");
  const me: LockOwner = { pid: process.pid, host: hostname() };

  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off("exit", release);
        const owner = readOwner(file);
        if (owner?.pid === me.pid) unlinkSync(file);
      };
      // Next.js exits on SIGTERM without waiting for our shutdown; committed data is already durable,
      // so releasing the lock on exit is all that is left to do.
      process.on("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const owner = readOwner(file);
    // A lock written by another host (a shared volume) cannot be checked for liveness: respect it.
    if (owner && (owner.host !== me.host || isAlive(owner.pid))) {
      throw new DataDirLockedError(displayPath(dir), owner.pid);
    }
    // Stale (or half-written) lock: move it aside atomically, then try to create ours again. If another
    // process raced us and already replaced it, the next round sees a live owner.
    const aside = `${file}.stale-${process.pid}`;
    try {
      renameSync(file, aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
      throw error;
    }
    const moved = readOwner(aside);
    if (moved && moved.pid !== owner?.pid && isAlive(moved.pid)) {
      // We moved a lock that a racing process had just written: put it back and yield to it.
      renameSync(aside, file);
      throw new DataDirLockedError(displayPath(dir), moved.pid);
    }
    unlinkSync(aside);
  }
  const owner = readOwner(file);
  throw new DataDirLockedError(displayPath(dir), owner?.pid ?? -1);
}
