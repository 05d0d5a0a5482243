import { createHash } from "node:crypto";
import { z } from "zod";

/**
 * The organization archive (docs/archive-format.md, docs/decisions/0030): a gzip-compressed tar stream of
 *   1. `archive.json`: what this is (format name and version), the source organization, and each
 *      table's id range (for the import's choice between keeping and remapping ids);
 *   2. `records/<table>.ndjson`: one JSON object per line, the table's stored columns by name;
 *   3. `files/<key>`: the uploads' files and their derived files, the storage key less the organization;
 *   4. `manifest.json`: the count of every records entry and the size and SHA-256 of every other entry.
 * The manifest comes last because the exporter streams: it knows the checksums only once written.
 */
export const ARCHIVE_FORMAT = "fitness-content-service/organization-archive";
export const ARCHIVE_VERSION = 1;
export const HEAD_ENTRY = "archive.json";
export const MANIFEST_ENTRY = "manifest.json";
export const RECORDS_PREFIX = "records/";
export const FILES_PREFIX = "files/";

/** A bad archive: refused before anything is written (docs/archive-format.md "Import"). */
export class ArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ArchiveError";
  }
}

const idRangeSchema = z.object({ min: z.union([z.string(), z.number()]), max: z.union([z.string(), z.number()]) });

export const archiveHeadSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.number().int().positive(),
  exported_at: z.string(),
  organization: z.object({
    id: z.uuid(),
    code: z.string(),
    name: z.string(),
    languages: z.array(z.string()).min(1),
    default_language: z.string(),
  }),
  /** Per id space (a table, or `content_categories.uuid`), the smallest and largest id exported; absent when none. */
  id_ranges: z.record(z.string(), idRangeSchema),
});
export type ArchiveHead = z.infer<typeof archiveHeadSchema>;

export const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.number().int().positive(),
  /** Rows per records entry, by table. */
  counts: z.record(z.string(), z.number().int().nonnegative()),
  /** Every entry before the manifest, in archive order. */
  entries: z.array(z.object({ name: z.string(), size: z.number().int().nonnegative(), sha256: z.string().regex(/^[0-9a-f]{64}$/) })),
});
export type Manifest = z.infer<typeof manifestSchema>;

function parseJson(name: string, bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString("utf8"));
  } catch {
    throw new ArchiveError(`${name} is not JSON`);
  }
}

/** Checks the format name and version first, so an archive of a newer format names both versions. */
function checkFormat(name: string, value: unknown): void {
  const head = value as { format?: unknown; version?: unknown } | null;
  if (typeof head !== "object" || head === null || head.format !== ARCHIVE_FORMAT) {
    throw new ArchiveError(`${name} does not name the format '${ARCHIVE_FORMAT}': not an organization archive`);
  }
  if (head.version !== ARCHIVE_VERSION) {
    throw new ArchiveError(`the archive has format version ${String(head.version)}; this service reads version ${ARCHIVE_VERSION}`);
  }
}

export function parseHead(bytes: Buffer): ArchiveHead {
  const value = parseJson(HEAD_ENTRY, bytes);
  checkFormat(HEAD_ENTRY, value);
  const parsed = archiveHeadSchema.safeParse(value);
  if (!parsed.success) throw new ArchiveError(`${HEAD_ENTRY} is malformed: ${parsed.error.issues[0]!.path.join(".")}: ${parsed.error.issues[0]!.message}`);
  return parsed.data;
}

export function parseManifest(bytes: Buffer): Manifest {
  const value = parseJson(MANIFEST_ENTRY, bytes);
  checkFormat(MANIFEST_ENTRY, value);
  const parsed = manifestSchema.safeParse(value);
  if (!parsed.success) throw new ArchiveError(`${MANIFEST_ENTRY} is malformed: ${parsed.error.issues[0]!.path.join(".")}: ${parsed.error.issues[0]!.message}`);
  return parsed.data;
}

export type SeenEntry = { name: string; size: number; sha256: string };

/**
 * Compares the entries read (in order) with the manifest's list: same names, sizes and checksums, none
 * missing, none added. Throws the first difference.
 */
export function verifyEntries(manifest: Manifest, seen: readonly SeenEntry[]): void {
  const listed = new Map(manifest.entries.map((entry) => [entry.name, entry]));
  if (listed.size !== manifest.entries.length) throw new ArchiveError(`${MANIFEST_ENTRY} lists an entry twice`);
  for (const entry of seen) {
    const expected = listed.get(entry.name);
    if (!expected) throw new ArchiveError(`the entry ${entry.name} is not in the manifest`);
    if (expected.size !== entry.size || expected.sha256 !== entry.sha256) throw new ArchiveError(`the checksum of ${entry.name} does not match the manifest: the archive is damaged or was changed`);
    listed.delete(entry.name);
  }
  const missing = listed.keys().next();
  if (!missing.done) throw new ArchiveError(`the entry ${missing.value} of the manifest is missing: the archive is truncated`);
}

/** Hashes bytes as they pass. */
export class EntryHash {
  private readonly hash = createHash("sha256");
  size = 0;
  update(chunk: Uint8Array): void {
    this.hash.update(chunk);
    this.size += chunk.length;
  }
  digest(): string {
    return this.hash.digest("hex");
  }
}

/** Entry names are relative `/`-separated paths without `.`/`..` segments; anything else is refused. */
export function assertSafeEntryName(name: string): void {
  if (!/^[A-Za-z0-9][A-Za-z0-9._\/-]*$/.test(name) || name.split("/").some((segment) => segment === "" || segment === "." || segment === "..")) {
    throw new ArchiveError(`the archive holds an entry with an unsafe name: ${JSON.stringify(name.slice(0, 200))}`);
  }
}
