import { once } from "node:events";
import type { Pack } from "tar-stream";

/**
 * Adds one entry of known size to a tar pack, chunk by chunk, waiting while the pack's reader is
 * behind (so a large file never collects in memory).
 */
export async function writeEntry(pack: Pack, name: string, size: number, source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, onChunk?: (chunk: Uint8Array) => void): Promise<void> {
  let failure: Error | undefined;
  let entry!: ReturnType<Pack["entry"]>;
  const done = new Promise<void>((resolve, reject) => {
    entry = pack.entry({ name, size, mode: 0o644, mtime: new Date(0), type: "file" }, (error) => (error ? reject(error) : resolve()));
  });
  done.catch((error: Error) => {
    failure = error;
  });
  for await (const chunk of source) {
    if (failure) break;
    onChunk?.(chunk);
    if (!entry.write(chunk)) await Promise.race([once(entry, "drain"), done]);
  }
  entry.end(undefined as never);
  await done;
}
