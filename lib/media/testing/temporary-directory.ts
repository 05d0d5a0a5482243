import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";

/**
 * A directory of its own for the tests of one file, made before they run and removed after:
 * `file(name)` is a path in it.
 */
export function useTemporaryDirectory(prefix: string): { file: (name: string) => string; directory: () => string } {
  let directory: string | undefined;
  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), `fcs-${prefix}-`));
  });
  afterAll(async () => {
    if (directory) await rm(directory, { recursive: true, force: true });
  });
  const current = () => {
    if (!directory) throw new Error("the temporary directory exists only while the tests run");
    return directory;
  };
  return { file: (name) => path.join(current(), name), directory: current };
}
