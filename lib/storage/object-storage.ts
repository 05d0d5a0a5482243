import type { Readable } from "node:stream";
import { ApiError } from "@/lib/core/errors";

/**
 * Where the service keeps files: upload originals, their cached thumbnails and every file derived
 * from them. Keys are `/`-separated paths chosen by the service, never by clients. Two drivers: a
 * local directory (the default) and any S3-compatible object store (docs/decisions/0017).
 */
export interface ObjectStorage {
  /** Which driver this is, for health reports and logs. */
  readonly kind: "local" | "s3";
  /**
   * Streams `source` to `key`. Atomic: readers see the old object or the complete new one, never a
   * part, and a failure (or a crash) leaves no object behind. Resolves with the number of bytes.
   * An error thrown by `source` is rethrown as it is; the store's own failures become
   * `StorageUnavailableError`.
   */
  write(key: string, source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, options?: { contentType?: string }): Promise<number>;
  /**
   * The object's bytes, or the inclusive byte range `start`–`end` of them, as a stream that starts
   * flowing only when read. Resolves once the store has answered, so a missing object
   * (`StorageObjectMissingError`) or a store that does not answer fails here, before any response
   * has been started.
   */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  /** The object's size, or `undefined` when there is none. */
  stat(key: string): Promise<{ size: number } | undefined>;
  /**
   * Every object whose key starts with `prefix` (which ends with `/`), with its size, in key order,
   * read page by page (never the whole listing at once).
   */
  list(prefix: string): AsyncIterable<{ key: string; size: number }>;
  /** Removes every object whose key starts with `prefix` (which ends with `/`). */
  removePrefix(prefix: string): Promise<void>;
  /** Removes one object; nothing happens when there is none. */
  removeKey(key: string): Promise<void>;
  /** Resolves when the store answers and can be written to (readiness check). */
  check(): Promise<void>;
  /**
   * The object's path on this machine's file system, for tools that read files themselves (ffmpeg);
   * only the local driver has one.
   */
  localPathOf?(key: string): string;
}

const SAFE_KEY = /^(?:[A-Za-z0-9][A-Za-z0-9._-]*\/)*[A-Za-z0-9][A-Za-z0-9._-]*\/?$/;

/** Keys are relative, `/`-separated, without empty, `.` or `..` segments. */
export function assertValidKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.split("/").some((segment) => segment === "." || segment === "..")) {
    throw new Error(`invalid storage key: ${key}`);
  }
}

export function assertValidPrefix(prefix: string): void {
  if (!prefix.endsWith("/")) throw new Error(`a prefix ends with '/': ${prefix}`);
  assertValidKey(prefix);
}

/**
 * The store does not answer or refused the operation. Answered as 503: the client may try again.
 * The message is written for clients and never carries the store's own text (which may name hosts,
 * buckets or keys); `reason` is a short code for logs.
 */
export class StorageUnavailableError extends ApiError {
  constructor(
    readonly operation: "write" | "read" | "stat" | "remove" | "check",
    readonly reason: string,
  ) {
    super("unavailable", operation === "write" ? "the file store refused to store the file; try again later" : "the file store is unavailable; try again later");
    this.name = "StorageUnavailableError";
  }
}

/** The object is not in the store (a record whose file is gone, or a race with a delete). */
export class StorageObjectMissingError extends ApiError {
  constructor() {
    super("not_found", "the file is not in storage");
    this.name = "StorageObjectMissingError";
  }
}

/**
 * Iterates `source` and remembers whether it threw, so a driver can tell the source's errors (a
 * client that went away, a file over the size limit) from its own.
 */
export function watchSource<T>(source: AsyncIterable<T> | Iterable<T>): { iterable: AsyncIterable<T>; failure: () => { error: unknown } | undefined } {
  let failure: { error: unknown } | undefined;
  async function* iterate(): AsyncGenerator<T> {
    try {
      for await (const chunk of source) yield chunk;
    } catch (error) {
      failure = { error };
      throw error;
    }
  }
  return { iterable: iterate(), failure: () => failure };
}

/** An object's bytes in one buffer (images: bounded by the upload limit; never used for media). */
export async function readWhole(storage: ObjectStorage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
