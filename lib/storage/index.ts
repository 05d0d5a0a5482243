import { getEnv, type Env } from "@/lib/env";
import { LocalStorage } from "./local-storage";
import type { ObjectStorage } from "./object-storage";
import { S3Storage } from "./s3-storage";

export { readWhole, StorageObjectMissingError, StorageUnavailableError, type ObjectStorage } from "./object-storage";

/** The driver the configuration names: the S3-compatible store when `S3_BUCKET` is set, else `STORAGE_DIR`. */
export function createStorage(env: Pick<Env, "STORAGE_DIR" | "s3">): ObjectStorage {
  return env.s3 ? new S3Storage(env.s3) : new LocalStorage(env.STORAGE_DIR);
}

let storage: ObjectStorage | undefined;

/**
 * The storage of this module instance, created on first use. Deliberately not shared through
 * `globalThis`: Next.js bundles route groups separately, each with its own copy of the error
 * classes, and callers tell a missing object or an unavailable store by `instanceof`. A driver holds
 * no state that must be unique per process (a few S3 clients share nothing but the store).
 */
export function getStorage(): ObjectStorage {
  storage ??= createStorage(getEnv());
  return storage;
}
