import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, open, readdir, rename, rm, stat, unlink } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { getEnv } from "@/lib/env";
import { log, describeError } from "@/lib/log";

/**
 * Where upload bytes live. Keys are `/`-separated paths chosen by the service, never by clients.
 * The local directory is the default; an S3-compatible store implements the same interface (writes
 * become a multipart upload completed on success, `removePrefix` a listing plus batch delete).
 */
export interface UploadStorage {
  /**
   * Streams `source` to `key`. Atomic: readers see the old object or the complete new one, never a
   * part, and a failure (or a crash) leaves no object behind. Resolves with the number of bytes.
   */
  write(key: string, source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<number>;
  /** The object's bytes, or the inclusive byte range `start`–`end` of them. */
  read(key: string, range?: { start: number; end: number }): Readable;
  /** The object's size, or `undefined` when there is none. */
  stat(key: string): Promise<{ size: number } | undefined>;
  /** Removes every object whose key starts with `prefix` (which ends with `/`). */
  removePrefix(prefix: string): Promise<void>;
}

const SAFE_KEY = /^(?:[A-Za-z0-9][A-Za-z0-9._-]*\/)*[A-Za-z0-9][A-Za-z0-9._-]*\/?$/;
const TEMP_DIR = ".tmp";
/** Temporary files older than this belong to a write that died with its process. */
const STALE_TEMP_MS = 24 * 60 * 60 * 1000;

export class LocalStorage implements UploadStorage {
  private readonly tempDir: string;
  private cleaned = false;

  constructor(private readonly root: string) {
    this.tempDir = path.join(root, TEMP_DIR);
  }

  private pathOf(key: string): string {
    if (!SAFE_KEY.test(key) || key.split("/").some((segment) => segment === "." || segment === "..")) {
      throw new Error(`invalid storage key: ${key}`);
    }
    return path.join(this.root, ...key.split("/").filter(Boolean));
  }

  async write(key: string, source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<number> {
    const target = this.pathOf(key);
    await mkdir(this.tempDir, { recursive: true });
    await this.removeStaleTemporaryFiles();
    // Same file system as the target, so the final rename is atomic.
    const temporary = path.join(this.tempDir, `${randomUUID()}.part`);
    const handle = await open(temporary, "wx", 0o600);
    let size = 0;
    try {
      for await (const chunk of source) {
        await handle.write(chunk);
        size += chunk.byteLength;
      }
      await handle.sync();
    } catch (error) {
      await handle.close().catch(() => undefined);
      await unlink(temporary).catch(() => undefined);
      throw error;
    }
    await handle.close();
    try {
      await mkdir(path.dirname(target), { recursive: true });
      await rename(temporary, target);
    } catch (error) {
      await unlink(temporary).catch(() => undefined);
      throw error;
    }
    return size;
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    return createReadStream(this.pathOf(key), range ? { start: range.start, end: range.end } : undefined);
  }

  async stat(key: string): Promise<{ size: number } | undefined> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? { size: info.size } : undefined;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
  }

  async removePrefix(prefix: string): Promise<void> {
    if (!prefix.endsWith("/")) throw new Error(`a prefix ends with '/': ${prefix}`);
    await rm(this.pathOf(prefix), { recursive: true, force: true });
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

const STORAGE_KEY = Symbol.for("fcs.uploadStorage");
type StorageHolder = { [STORAGE_KEY]?: UploadStorage };

/** The process's storage: `STORAGE_DIR` (default `DATA_DIR/storage`). */
export function getStorage(): UploadStorage {
  const holder = globalThis as StorageHolder;
  holder[STORAGE_KEY] ??= new LocalStorage(getEnv().STORAGE_DIR);
  return holder[STORAGE_KEY];
}

/** An object's bytes in one buffer (images: bounded by the upload limit; never used for media). */
export async function readWhole(storage: UploadStorage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of storage.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Storage keys: everything of one upload lives under one prefix, so deleting it is one call. */
export const storageKeys = {
  prefix: (organizationId: string, uploadId: string) => `${organizationId}/${uploadId}/`,
  original: (organizationId: string, uploadId: string) => `${organizationId}/${uploadId}/original`,
  /** One style's thumbnails, removed together when its crop changes. */
  thumbnailsOfStyle: (organizationId: string, uploadId: string, style: string) => `${organizationId}/${uploadId}/thumbnails/${style}/`,
  thumbnail: (organizationId: string, uploadId: string, style: string, variant: string) => `${organizationId}/${uploadId}/thumbnails/${style}/${variant}`,
};
