import { randomBytes } from "node:crypto";
import type { Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import { sql } from "drizzle-orm";
import tar from "tar-stream";
import type { Db, Executor } from "@/lib/db";
import { queryRows } from "@/lib/db/client";
import { isUniqueViolation, pgConstraint } from "@/lib/db/errors";
import type { ObjectStorage } from "@/lib/storage";
import { storedColumns } from "./export-organization";
import {
  ArchiveError,
  assertSafeEntryName,
  EntryHash,
  FILES_PREFIX,
  HEAD_ENTRY,
  MANIFEST_ENTRY,
  parseHead,
  parseManifest,
  RECORDS_PREFIX,
  verifyEntries,
  type ArchiveHead,
  type Manifest,
  type SeenEntry,
} from "./format";
import { ARCHIVE_TABLES, keepingMapper, mapFileKey, mapRow, ownerOf, ownerOfFile, remappingMapper, spaceOfTable, type ArchiveTable, type IdMapper } from "./tables";

type Entry = tar.ExtractEvents["entry"][1];

/** The largest records entry or head read into memory (one page of rows is far less). */
const MAX_BUFFERED_ENTRY = 64 * 1024 * 1024;

export type ImportSummary = {
  /** `kept`: the records have their archive ids; `remapped`: new ids, references rewritten alike. */
  ids: "kept" | "remapped";
  /** The archive's records per table (as its manifest counts them). */
  counts: Record<string, number>;
  /**
   * Per table, the archive's records the organization already had (the same slug; for uploads and
   * media assets the same bytes), left out for the organization's own, with the rows that belong to
   * them (captions, posters, status history, versions, schedules).
   */
  matched: Record<string, number>;
  /** The files imported (a matched upload's or media asset's are not). */
  files: number;
};

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** A damaged stream's error (from gunzip or the tar reader, wherever it surfaces) as an ArchiveError. */
export function asArchiveError(error: unknown): unknown {
  if (error instanceof ArchiveError) return error;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === "Z_BUF_ERROR" || code === "Z_DATA_ERROR" || /unexpected end|invalid tar|truncated/i.test((error as Error | undefined)?.message ?? "")) {
    return new ArchiveError("the archive is truncated or is not a gzip-compressed tar stream");
  }
  return error;
}

/** Reads the archive's entries one after the other; a damaged stream is an ArchiveError. */
async function* entriesOf(source: Readable): AsyncGenerator<Entry> {
  const extract = tar.extract();
  const gunzip = createGunzip();
  source.on("error", (error) => gunzip.destroy(error));
  gunzip.on("error", (error) => extract.destroy(error));
  source.pipe(gunzip).pipe(extract);
  try {
    for await (const entry of extract) {
      if (entry.header.type !== "file") throw new ArchiveError(`the archive holds an entry that is not a file: ${entry.header.name}`);
      assertSafeEntryName(entry.header.name);
      yield entry;
    }
  } catch (error) {
    throw asArchiveError(error);
  } finally {
    source.destroy();
  }
}

async function readWholeEntry(entry: Entry, hash: EntryHash): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of entry) {
    hash.update(chunk as Buffer);
    if (hash.size > MAX_BUFFERED_ENTRY) throw new ArchiveError(`the entry ${entry.header.name} is larger than an archive's entry of this kind may be`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * The first pass: reads the whole archive, checks the format (first entry) and every entry's size and
 * SHA-256 against the manifest (last entry). Nothing is written.
 */
export async function verifyArchive(open: () => Promise<Readable>): Promise<{ head: ArchiveHead; manifest: Manifest }> {
  let read: Awaited<ReturnType<typeof readEntries>>;
  try {
    read = await readEntries(open);
  } catch (error) {
    throw asArchiveError(error);
  }
  const { head, manifest, seen } = read;
  if (!head) throw new ArchiveError("the archive is empty");
  if (!manifest) throw new ArchiveError(`the archive has no ${MANIFEST_ENTRY}: it is truncated`);
  verifyEntries(manifest, seen);
  return { head, manifest };
}

/** Every entry's name, size and SHA-256, with the head and the manifest parsed. */
async function readEntries(open: () => Promise<Readable>): Promise<{ head?: ArchiveHead; manifest?: Manifest; seen: SeenEntry[] }> {
  let head: ArchiveHead | undefined;
  let manifest: Manifest | undefined;
  const seen: SeenEntry[] = [];
  for await (const entry of entriesOf(await open())) {
    const name = entry.header.name;
    if (manifest) throw new ArchiveError(`the entry ${name} comes after the manifest`);
    const hash = new EntryHash();
    if (!head) {
      if (name !== HEAD_ENTRY) throw new ArchiveError(`the archive does not start with ${HEAD_ENTRY}: not an organization archive`);
      head = parseHead(await readWholeEntry(entry, hash));
    } else if (name === MANIFEST_ENTRY) {
      manifest = parseManifest(await readWholeEntry(entry, hash));
      continue;
    } else {
      if (!name.startsWith(RECORDS_PREFIX) && !name.startsWith(FILES_PREFIX)) throw new ArchiveError(`the archive holds an unknown entry: ${name}`);
      for await (const chunk of entry) hash.update(chunk as Buffer);
    }
    seen.push({ name, size: hash.size, sha256: hash.digest() });
  }
  return { head, manifest, seen };
}

/** The integer id spaces: the tables whose ids a remap shifts. */
const INT_TABLES = ARCHIVE_TABLES.filter((table) => table.idSpace?.kind === "int" && !table.isUpdate).map((table) => table.table);

/** Whether the organization holds any record (its own "no equipment" record aside). */
async function isOrganizationEmpty(tx: Executor, organizationId: string): Promise<boolean> {
  for (const spec of ARCHIVE_TABLES.filter((table) => !table.isUpdate)) {
    const extra = spec.table === "equipment" ? sql` AND NOT is_none` : sql``;
    const [row] = await queryRows<{ found: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM ${sql.raw(quote(spec.table))} WHERE organization_id = ${organizationId}${extra}) AS found`);
    if (row!.found) return false;
  }
  return true;
}

/**
 * Whether no record of the database (any organization) has an id within the archive's ranges; the
 * target's own "no equipment" record aside, which the archive's replaces.
 */
async function areIdsFree(tx: Executor, head: ArchiveHead, organizationId: string): Promise<boolean> {
  for (const spec of ARCHIVE_TABLES.filter((table) => table.idSpace && !table.isUpdate)) {
    for (const { space, column } of [{ space: spec.table, column: "id" }, ...(spec.extraIdSpaces ?? [])]) {
      const range = head.id_ranges[space];
      if (!range) continue;
      const cast = typeof range.min === "number" ? "integer" : "uuid";
      const ownNone = spec.table === "equipment" ? sql` AND NOT (organization_id = ${organizationId} AND is_none)` : sql``;
      const [row] = await queryRows<{ found: boolean }>(
        tx,
        sql`SELECT EXISTS (SELECT 1 FROM ${sql.raw(quote(spec.table))} WHERE ${sql.raw(quote(column))} BETWEEN ${String(range.min)}::${sql.raw(cast)} AND ${String(range.max)}::${sql.raw(cast)}${ownNone}) AS found`,
      );
      if (row!.found) return false;
    }
  }
  return true;
}

async function sequenceOf(tx: Executor, table: string): Promise<string> {
  const [row] = await queryRows<{ sequence: string }>(tx, sql`SELECT pg_get_serial_sequence(${quote(table)}, 'id') AS sequence`);
  return row!.sequence;
}

/** The highest id the table's rows or its sequence have reached. */
async function highestId(tx: Executor, table: string): Promise<number> {
  const sequence = await sequenceOf(tx, table);
  const [row] = await queryRows<{ highest: string }>(
    tx,
    sql`SELECT GREATEST((SELECT COALESCE(max(id), 0) FROM ${sql.raw(quote(table))}), (SELECT last_value FROM ${sql.raw(sequence)}))::text AS highest`,
  );
  return Number(row!.highest);
}

type Json = Parameters<typeof mapRow>[1][string];
type Match = { id: string; uuid: string | null };

/**
 * The organization's records that stand for rows of one page (docs/archive-format.md "Import"), by
 * the value of the rows' `matchBy` column: the record with that slug, or the oldest upload or the
 * media asset with those bytes. The organization's own "no equipment" record is matched apart.
 */
async function findMatches(tx: Executor, spec: ArchiveTable, rows: Record<string, Json>[], organizationId: string): Promise<Map<string, Match>> {
  if (!spec.matchBy) return new Map();
  const column = spec.matchBy;
  const values = [...new Set(rows.flatMap((row) => (typeof row[column] === "string" && row[column] !== "" ? [row[column]] : [])))];
  if (values.length === 0) return new Map();
  const quoted = sql.raw(quote(column));
  const uuid = spec.extraIdSpaces?.some((extra) => extra.column === "uuid") ? sql`uuid::text` : sql`NULL::text`;
  const ownNone = spec.table === "equipment" ? sql` AND NOT is_none` : sql``;
  const found = await queryRows<{ value: string; id: string; uuid: string | null }>(
    tx,
    sql`SELECT DISTINCT ON (${quoted}) ${quoted} AS value, id::text AS id, ${uuid} AS uuid FROM ${sql.raw(quote(spec.table))}
        WHERE organization_id = ${organizationId}${ownNone} AND ${quoted} IN (SELECT jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))
        ORDER BY ${quoted}, created_at, id`,
  );
  return new Map(found.map((row) => [row.value, { id: row.id, uuid: row.uuid }]));
}

async function insertRows(tx: Executor, spec: ArchiveTable, rows: Record<string, Json>[], targetColumns: string[], organizationId: string): Promise<void> {
  if (rows.length === 0) return;
  const present = new Set(rows.flatMap((row) => Object.keys(row)));
  const columns = targetColumns.filter((column) => present.has(column));
  const list = sql.raw(columns.map(quote).join(", "));
  const json = JSON.stringify(rows);
  if (spec.isUpdate) {
    const assignments = sql.raw(columns.filter((column) => !spec.key.includes(column)).map((column) => `${quote(column)} = j.${quote(column)}`).join(", "));
    await tx.execute(
      sql`UPDATE ${sql.raw(quote(spec.table))} AS t SET ${assignments} FROM json_populate_recordset(NULL::${sql.raw(quote(spec.table))}, ${json}::json) AS j
          WHERE t.id = j.id AND t.organization_id = ${organizationId}`,
    );
    return;
  }
  await tx.execute(sql`INSERT INTO ${sql.raw(quote(spec.table))} (${list}) OVERRIDING SYSTEM VALUE SELECT ${list} FROM json_populate_recordset(NULL::${sql.raw(quote(spec.table))}, ${json}::json)`);
}

/**
 * Imports an archive into an organization (docs/archive-format.md "Import"). `open` gives the archive's
 * bytes from the start; it is read twice: first to check it whole (nothing is written when it is
 * refused), then to write it in one transaction. Files are written during that transaction; when it
 * fails, the files this import wrote are removed again.
 */
export async function importOrganization(
  db: Db,
  options: { storage: ObjectStorage; organizationId: string; open: () => Promise<Readable>; signal?: AbortSignal },
): Promise<ImportSummary> {
  const { head, manifest } = await verifyArchive(options.open);
  const expected = new Map(manifest.entries.map((entry) => [entry.name, entry]));
  const specs = new Map(ARCHIVE_TABLES.map((spec) => [spec.name, spec]));
  const writtenPrefixes = new Set<string>();
  const counts: Record<string, number> = Object.fromEntries(Object.keys(manifest.counts).map((table) => [table, 0]));
  const matched: Record<string, number> = Object.fromEntries(Object.keys(manifest.counts).map((table) => [table, 0]));
  let files = 0;
  try {
    const ids = await db.transaction(async (tx) => {
      for (const table of INT_TABLES) await tx.execute(sql`LOCK TABLE ${sql.raw(quote(table))} IN EXCLUSIVE MODE`);
      const [none] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM equipment WHERE organization_id = ${options.organizationId} AND is_none`);
      const overrides = new Map<string, string | number>();
      const keep = (await isOrganizationEmpty(tx, options.organizationId)) && (await areIdsFree(tx, head, options.organizationId));
      let mapper: IdMapper;
      if (keep) {
        mapper = keepingMapper(options.organizationId, head.organization.id, overrides);
      } else {
        const offsets = new Map<string, number>();
        for (const table of INT_TABLES) offsets.set(table, await highestId(tx, table));
        mapper = remappingMapper(options.organizationId, head.organization.id, randomBytes(16).toString("hex"), offsets, overrides);
      }
      const columnsOf = new Map<string, string[]>();

      let isHead = true;
      for await (const entry of entriesOf(await options.open())) {
        options.signal?.throwIfAborted();
        const name = entry.header.name;
        if (isHead || name === MANIFEST_ENTRY) {
          isHead = false;
          entry.resume();
          continue;
        }
        const hash = new EntryHash();
        if (name.startsWith(RECORDS_PREFIX)) {
          const tableName = name.slice(RECORDS_PREFIX.length).split("/")[0]!;
          const spec = specs.get(tableName);
          if (!spec) throw new ArchiveError(`the archive holds records of an unknown table: ${tableName}`);
          const text = (await readWholeEntry(entry, hash)).toString("utf8");
          checkEntry(expected, name, hash);
          const page = text.split("\n").flatMap((line) => (line === "" ? [] : [JSON.parse(line) as Record<string, Json>]));
          const isNone = (row: Record<string, Json>) => spec.table === "equipment" && row.is_none === true;
          const matches = await findMatches(tx, spec, page.filter((row) => !isNone(row)), options.organizationId);
          const rows: Record<string, Json>[] = [];
          for (const row of page) {
            counts[spec.name] = (counts[spec.name] ?? 0) + 1;
            // The "no equipment" record: one per organization; the target's own one stands for the archive's.
            if (isNone(row)) {
              if (keep && none) await tx.execute(sql`DELETE FROM equipment WHERE id = ${none.id}`);
              else if (none) {
                overrides.set(`equipment\u0000${String(row.id)}`, none.id);
                matched[spec.name] = (matched[spec.name] ?? 0) + 1;
                continue;
              }
            }
            // A row of a record the organization already had (its status history, versions …) stays out with it.
            const owner = ownerOf(spec, row);
            if (owner !== undefined && overrides.has(owner)) {
              matched[spec.name] = (matched[spec.name] ?? 0) + 1;
              continue;
            }
            // The organization's record with the row's slug (or bytes) stands for it: references name it instead.
            const match = spec.matchBy ? matches.get(String(row[spec.matchBy])) : undefined;
            if (match) {
              const isInt = spec.idSpace?.kind === "int";
              overrides.set(`${spaceOfTable(spec.table)}\u0000${String(row.id)}`, isInt ? Number(match.id) : match.id);
              for (const extra of spec.extraIdSpaces ?? []) {
                if (typeof row[extra.column] === "string" && match.uuid) overrides.set(`${extra.space}\u0000${String(row[extra.column])}`, match.uuid);
              }
              matched[spec.name] = (matched[spec.name] ?? 0) + 1;
              continue;
            }
            rows.push(mapRow(spec, row, mapper));
          }
          if (!columnsOf.has(spec.table)) columnsOf.set(spec.table, await storedColumns(tx, spec.table));
          try {
            await insertRows(tx, spec, rows, columnsOf.get(spec.table)!, options.organizationId);
          } catch (error) {
            // Matched above; only a record written meanwhile, by someone else, can still take the slug.
            if (isUniqueViolation(error) && /_slug_key$/.test(pgConstraint(error) ?? "")) {
              throw new ArchiveError(`a record of ${spec.table} with a slug of the archive's was written while the archive was imported (${pgConstraint(error)}): import it again`);
            }
            throw error;
          }
        } else {
          const relative = name.slice(FILES_PREFIX.length);
          // A matched upload's or media asset's files are the organization's already.
          if (overrides.has(ownerOfFile(relative))) {
            for await (const chunk of entry) hash.update(chunk as Buffer);
            checkEntry(expected, name, hash);
            continue;
          }
          const key = mapFileKey(relative, mapper);
          const [, second, third] = key.split("/");
          const prefix = second === "media" ? `${options.organizationId}/media/${third}/` : `${options.organizationId}/${second}/`;
          const existing = await options.storage.stat(key);
          const size = expected.get(name)?.size;
          if (existing && existing.size === size && keep) {
            // The same file at the same key (an import into the storage it came from): left as it is.
            for await (const chunk of entry) hash.update(chunk as Buffer);
          } else {
            writtenPrefixes.add(prefix);
            await options.storage.write(key, (async function* () {
              for await (const chunk of entry) {
                hash.update(chunk as Buffer);
                yield chunk as Buffer;
              }
            })());
          }
          checkEntry(expected, name, hash);
          files += 1;
        }
      }
      for (const [table, count] of Object.entries(manifest.counts)) {
        if ((counts[table] ?? 0) !== count) throw new ArchiveError(`the archive's ${table} records are ${counts[table] ?? 0}, its manifest says ${count}`);
      }
      // Identity sequences continue after the highest id now in each table.
      for (const table of INT_TABLES) {
        const highest = await highestId(tx, table);
        if (highest > 0) await tx.execute(sql`SELECT setval(${await sequenceOf(tx, table)}::regclass, ${highest}::bigint, true)`);
      }
      return keep ? ("kept" as const) : ("remapped" as const);
    });
    return { ids, counts, matched, files };
  } catch (error) {
    for (const prefix of writtenPrefixes) await options.storage.removePrefix(prefix).catch(() => undefined);
    throw asArchiveError(error);
  }
}

function checkEntry(expected: Map<string, { size: number; sha256: string }>, name: string, hash: EntryHash): void {
  const listed = expected.get(name);
  if (!listed || listed.size !== hash.size || listed.sha256 !== hash.digest()) {
    throw new ArchiveError(`the checksum of ${name} does not match the manifest: the archive is damaged or was changed`);
  }
}
