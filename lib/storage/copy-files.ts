import { createReadStream } from "node:fs";
import { opendir, stat } from "node:fs/promises";
import path from "node:path";
import { assertValidKey, type ObjectStorage } from "./object-storage";

/**
 * Copies a local storage directory (`STORAGE_DIR`) into another store, key for key: the move of
 * upload originals, thumbnails and derived files to an object store (docs/deployment.md). Files
 * stream one by one (a few at a time); an object the target already holds at the same size is left
 * alone, so an interrupted copy is resumed by running it again. Writes in progress (`.tmp/`) are not
 * files of the service and are skipped.
 */
export type CopyFilesReport = { copied: number; skipped: number; bytes: number };

const PARALLEL = 4;
const TEMP_PREFIX = ".tmp/";

export async function copyFiles(directory: string, target: ObjectStorage, onFile: (key: string, copied: boolean) => void = () => undefined): Promise<CopyFilesReport> {
  const report: CopyFilesReport = { copied: 0, skipped: 0, bytes: 0 };
  const running = new Set<Promise<void>>();
  const copyOne = async (file: string, key: string) => {
    const [{ size }, existing] = await Promise.all([stat(file), target.stat(key)]);
    if (existing?.size === size) {
      report.skipped += 1;
      onFile(key, false);
      return;
    }
    report.bytes += await target.write(key, createReadStream(file));
    report.copied += 1;
    onFile(key, true);
  };
  try {
    // The directory is read as it goes, never listed whole.
    for await (const entry of await opendir(directory, { recursive: true })) {
      if (!entry.isFile()) continue;
      const key = path.relative(directory, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
      if (key.startsWith(TEMP_PREFIX)) continue;
      assertValidKey(key);
      const task = copyOne(path.join(entry.parentPath, entry.name), key).finally(() => running.delete(task));
      running.add(task);
      if (running.size >= PARALLEL) await Promise.race(running);
    }
    await Promise.all(running);
  } catch (error) {
    // The copies still under way end before the failure is reported.
    await Promise.allSettled(running);
    throw error;
  }
  return report;
}
