import { randomUUID } from "node:crypto";
import { constants, createReadStream } from "node:fs";
import { access, mkdir, open, readdir, rename, rm, stat, unlink } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { log, describeError } from "@/lib/log";
import { assertValidKey, assertValidPrefix, StorageObjectMissingError, StorageUnavailableError, watchSource, type ObjectStorage } from "./object-storage";

const TEMP_DIR = ".tmp";
/** Temporary files older than this belong to a write that died with its process. */
const STALE_TEMP_MS = 24 * 60 * 60 * 1000;

const errnoOf = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code ?? "unknown";

/**
 * Files in a local directory (`STORAGE_DIR`). Writes go to `.tmp` inside it, are synced, then renamed
 * into place: the same file system, so the rename is atomic. For one machine; several servers need
 * the S3 driver (or a shared file system with atomic renames).
 */
export class LocalStorage implements ObjectStorage {
  readonly kind = "local";
  private readonly tempDir: string;
  private cleaned = false;

  constructor(private readonly root: string) {
    this.tempDir = path.join(root, TEMP_DIR);
  }

  private pathOf(key: string): string {
    assertValidKey(key);
    return path.join(this.root, ...key.split("/").filter(Boolean));
  }

  async write(key: string, source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<number> {
    const target = this.pathOf(key);
    const watched = watchSource(source);
    const refused = (error: unknown) => {
      const failure = watched.failure();
      if (failure) return failure.error;
      log.warn("the storage directory refused a write", { key, reason: errnoOf(error) });
      return new StorageUnavailableError("write", errnoOf(error));
    };
    let temporary: string | undefined;
    let handle: Awaited<ReturnType<typeof open>> | undefined;
    let size = 0;
    try {
      await mkdir(this.tempDir, { recursive: true });
      await this.removeStaleTemporaryFiles();
      // Same file system as the target, so the final rename is atomic.
      temporary = path.join(this.tempDir, `${randomUUID()}.part`);
      handle = await open(temporary, "wx", 0o600);
      for await (const chunk of watched.iterable) {
        await handle.write(chunk);
        size += chunk.byteLength;
      }
      await handle.sync();
      await handle.close();
      handle = undefined;
      await mkdir(path.dirname(target), { recursive: true });
      await rename(temporary, target);
      return size;
    } catch (error) {
      await handle?.close().catch(() => undefined);
      if (temporary) await unlink(temporary).catch(() => undefined);
      throw refused(error);
    }
  }

  localPathOf(key: string): string {
    return this.pathOf(key);
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const file = this.pathOf(key);
    // Opened here, so a missing file fails before a response has begun.
    const handle = await open(file, "r").catch((error: unknown) => {
      if (errnoOf(error) === "ENOENT") throw new StorageObjectMissingError();
      throw new StorageUnavailableError("read", errnoOf(error));
    });
    return createReadStream(file, { fd: handle, ...(range ? { start: range.start, end: range.end } : {}) });
  }

  async stat(key: string): Promise<{ size: number } | undefined> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? { size: info.size } : undefined;
    } catch (error) {
      if (errnoOf(error) === "ENOENT" || errnoOf(error) === "ENOTDIR") return undefined;
      throw new StorageUnavailableError("stat", errnoOf(error));
    }
  }

  async *list(prefix: string): AsyncIterable<{ key: string; size: number }> {
    assertValidPrefix(prefix);
    yield* this.listDirectory(prefix);
  }

  /** One directory at a time, in key order; a missing directory lists nothing. */
  private async *listDirectory(prefix: string): AsyncGenerator<{ key: string; size: number }> {
    let entries;
    try {
      entries = await readdir(this.pathOf(prefix), { withFileTypes: true });
    } catch (error) {
      if (errnoOf(error) === "ENOENT" || errnoOf(error) === "ENOTDIR") return;
      throw new StorageUnavailableError("read", errnoOf(error));
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const key = `${prefix}${entry.name}`;
      if (entry.isDirectory()) yield* this.listDirectory(`${key}/`);
      else if (entry.isFile()) {
        const info = await stat(this.pathOf(key)).catch(() => undefined);
        if (info) yield { key, size: info.size };
      }
    }
  }

  async removePrefix(prefix: string): Promise<void> {
    assertValidPrefix(prefix);
    await rm(this.pathOf(prefix), { recursive: true, force: true }).catch((error: unknown) => {
      throw new StorageUnavailableError("remove", errnoOf(error));
    });
  }

  async removeKey(key: string): Promise<void> {
    await unlink(this.pathOf(key)).catch((error: unknown) => {
      if (errnoOf(error) === "ENOENT") return;
      throw new StorageUnavailableError("remove", errnoOf(error));
    });
  }

  async check(): Promise<void> {
    try {
      await mkdir(this.tempDir, { recursive: true });
      await access(this.tempDir, constants.W_OK);
    } catch (error) {
      throw new StorageUnavailableError("check", errnoOf(error));
    }
  }

  /** Once per process: temporary files of writes that a crash interrupted. */
  private async removeStaleTemporaryFiles(): Promise<void> {
    if (this.cleaned) return;
    this.cleaned = true;
    try {
      for (const entry of await readdir(this.tempDir)) {
        const file = path.join(this.tempDir, entry);
        const info = await stat(file).catch(() => undefined);
        if (info && Date.now() - info.mtimeMs > STALE_TEMP_MS) await unlink(file).catch(() => undefined);
      }
    } catch (error) {
      log.warn("could not clean temporary upload files", describeError(error));
    }
  }
}
