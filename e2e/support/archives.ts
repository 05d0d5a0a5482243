import { createReadStream, createWriteStream } from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import tar from "tar-stream";

/**
 * Copies an organization archive (docs/archive-format.md) entry by entry, letting `change` replace an
 * entry's bytes (or drop it with `null`): the tampered and truncated archives of the archive tests.
 * Test archives are small, so each entry is read whole.
 */
export async function rewriteArchive(from: Readable | string, to: string, change: (name: string, bytes: Buffer) => Buffer | null): Promise<void> {
  const extract = tar.extract();
  const pack = tar.pack();
  const written = pipeline(pack, createGzip(), createWriteStream(to));
  const source = typeof from === "string" ? createReadStream(from) : from;
  const read = pipeline(source, createGunzip(), extract);
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    const bytes = change(entry.header.name, Buffer.concat(chunks));
    if (bytes) pack.entry({ name: entry.header.name, size: bytes.length }, bytes);
  }
  await read;
  pack.finalize();
  await written;
}

/** The archive's entries with their bytes, in order. */
export async function readArchive(from: Readable | string): Promise<{ name: string; bytes: Buffer }[]> {
  const entries: { name: string; bytes: Buffer }[] = [];
  const extract = tar.extract();
  const source = typeof from === "string" ? createReadStream(from) : from;
  const read = pipeline(source, createGunzip(), extract);
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    entries.push({ name: entry.header.name, bytes: Buffer.concat(chunks) });
  }
  await read;
  return entries;
}
