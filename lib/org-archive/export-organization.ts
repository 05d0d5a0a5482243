import { eq, sql, type SQL } from "drizzle-orm";
import { pipeline } from "node:stream/promises";
import type { Writable } from "node:stream";
import { createGzip } from "node:zlib";
import tar from "tar-stream";
import { tables, type Db, type Executor } from "@/lib/db";
import { queryRows } from "@/lib/db/client";
import type { ObjectStorage } from "@/lib/storage";
import { ARCHIVE_FORMAT, ARCHIVE_VERSION, EntryHash, FILES_PREFIX, HEAD_ENTRY, MANIFEST_ENTRY, RECORDS_PREFIX, type ArchiveHead, type Manifest } from "./format";
import { ARCHIVE_TABLES, type ArchiveTable } from "./tables";
import { writeEntry } from "./tar";

/** Rows per records entry: one page of the export, so memory stays bounded whatever the catalogue. */
export const ROWS_PER_ENTRY = 500;

export type ExportSummary = { counts: Record<string, number>; files: number; bytes: number };

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The stored columns of a table (generated ones are computed again by the target). */
export async function storedColumns(db: Executor, table: string): Promise<string[]> {
  const rows = await queryRows<{ column: string }>(
    db,
    sql`SELECT column_name AS "column" FROM information_schema.columns
        WHERE table_schema = 'public' AND table_name = ${table} AND is_generated = 'NEVER' ORDER BY ordinal_position`,
  );
  return rows.map((row) => row.column);
}

/** The smallest and largest id of each id space of the organization's records (for the import's choice). */
async function idRanges(db: Executor, organizationId: string): Promise<ArchiveHead["id_ranges"]> {
  const ranges: ArchiveHead["id_ranges"] = {};
  const spaces = ARCHIVE_TABLES.filter((table) => table.idSpace && !table.isUpdate).flatMap((table) => [
    { space: table.table, table: table.table, column: "id", isInt: table.idSpace!.kind === "int" },
    ...(table.extraIdSpaces ?? []).map((extra) => ({ space: extra.space, table: table.table, column: extra.column, isInt: false })),
  ]);
  for (const { space, table, column, isInt } of spaces) {
    const edge = async (direction: "ASC" | "DESC") =>
      (
        await queryRows<{ id: string }>(
          db,
          sql`SELECT ${sql.raw(quote(column))}::text AS id FROM ${sql.raw(quote(table))} WHERE organization_id = ${organizationId} ORDER BY ${sql.raw(quote(column))} ${sql.raw(direction)} LIMIT 1`,
        )
      )[0]?.id;
    const [min, max] = [await edge("ASC"), await edge("DESC")];
    if (min !== undefined && max !== undefined) ranges[space] = isInt ? { min: Number(min), max: Number(max) } : { min, max };
  }
  return ranges;
}

const castOf = (spec: ArchiveTable, column: string) => (column === "language" ? "text" : column === "id" && spec.idSpace?.kind === "int" ? "integer" : "uuid");

type Page = { key: string[]; row: string };

/** One page of a table's rows after `after` (the primary key's order), each as JSON text. */
async function readPage(db: Executor, spec: ArchiveTable, columns: string[], organizationId: string, after: string[] | undefined): Promise<Page[]> {
  const keyList = sql.raw(spec.key.map(quote).join(", "));
  const conditions: SQL[] = [sql`organization_id = ${organizationId}`];
  if (spec.where) conditions.push(sql.raw(spec.where));
  if (after) conditions.push(sql`(${keyList}) > (${sql.join(after.map((value, index) => sql`${value}::${sql.raw(castOf(spec, spec.key[index]!))}`), sql`, `)})`);
  const selected = sql.raw(columns.map(quote).join(", "));
  const keyText = sql.raw(spec.key.map((column) => `${quote(column)}::text`).join(", "));
  const rows = await queryRows<{ key: string[]; row: string }>(
    db,
    sql`SELECT ARRAY[${keyText}] AS key, row_to_json(t)::text AS row FROM (
          SELECT ${selected} FROM ${sql.raw(quote(spec.table))} WHERE ${sql.join(conditions, sql` AND `)} ORDER BY ${keyList} LIMIT ${ROWS_PER_ENTRY}
        ) AS t`,
  );
  return rows;
}

/**
 * Writes the organization's archive (docs/archive-format.md) to `output`: records page by page, then
 * every file under each upload's and media asset's storage prefix, then the manifest. On PostgreSQL
 * the records are read in one repeatable-read transaction (one consistent picture); the embedded
 * database reads page by page.
 */
export async function exportOrganization(
  db: Db,
  options: { storage: ObjectStorage; organizationId: string; output: Writable; isPostgres: boolean; signal?: AbortSignal },
): Promise<ExportSummary> {
  const pack = tar.pack();
  const written = pipeline(pack, createGzip(), options.output);
  // A failed writer ends the pack's reader; the entries below then fail too.
  written.catch(() => undefined);
  const entries: Manifest["entries"] = [];
  const counts: Record<string, number> = {};
  let files = 0;
  let bytes = 0;

  const add = async (name: string, size: number, source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>) => {
    options.signal?.throwIfAborted();
    const hash = new EntryHash();
    await writeEntry(pack, name, size, source, (chunk) => hash.update(chunk));
    entries.push({ name, size: hash.size, sha256: hash.digest() });
  };

  const writeRecords = async (tx: Executor) => {
    const [organization] = await tx.select().from(tables.organizations).where(eq(tables.organizations.id, options.organizationId)).limit(1);
    if (!organization) throw new Error(`no organization ${options.organizationId}`);
    const head: ArchiveHead = {
      format: ARCHIVE_FORMAT,
      version: ARCHIVE_VERSION,
      exported_at: new Date().toISOString(),
      organization: { id: organization.id, code: organization.code, name: organization.name, languages: organization.languages, default_language: organization.defaultLanguage },
      id_ranges: await idRanges(tx, organization.id),
    };
    const headBytes = Buffer.from(JSON.stringify(head, null, 2));
    await add(HEAD_ENTRY, headBytes.length, [headBytes]);

    for (const spec of ARCHIVE_TABLES) {
      const all = await storedColumns(tx, spec.table);
      const columns = (spec.columns ? all.filter((column) => spec.key.includes(column) || spec.columns!.includes(column)) : all).filter((column) => !spec.omit?.includes(column));
      let after: string[] | undefined;
      let part = 0;
      counts[spec.name] = 0;
      for (;;) {
        const page = await readPage(tx, spec, columns, options.organizationId, after);
        if (page.length === 0) break;
        part += 1;
        const body = Buffer.from(page.map((entry) => `${entry.row}\n`).join(""));
        await add(`${RECORDS_PREFIX}${spec.name}/${String(part).padStart(6, "0")}.ndjson`, body.length, [body]);
        counts[spec.name]! += page.length;
        if (page.length < ROWS_PER_ENTRY) break;
        after = page.at(-1)!.key;
      }
    }
  };

  const writeFiles = async (tx: Executor) => {
    for (const [table, prefixOf] of [
      [tables.uploads, (id: string) => `${options.organizationId}/${id}/`],
      [tables.mediaAssets, (id: string) => `${options.organizationId}/media/${id}/`],
    ] as const) {
      let after: string | undefined;
      for (;;) {
        const ids = await queryRows<{ id: string }>(
          tx,
          sql`SELECT id::text AS id FROM ${table} WHERE organization_id = ${options.organizationId} ${after ? sql`AND id > ${after}::uuid` : sql``} ORDER BY id LIMIT ${ROWS_PER_ENTRY}`,
        );
        for (const { id } of ids) {
          for await (const object of options.storage.list(prefixOf(id))) {
            const name = `${FILES_PREFIX}${object.key.slice(options.organizationId.length + 1)}`;
            await add(name, object.size, await options.storage.read(object.key));
            files += 1;
            bytes += object.size;
          }
        }
        if (ids.length < ROWS_PER_ENTRY) break;
        after = ids.at(-1)!.id;
      }
    }
  };

  try {
    if (options.isPostgres) {
      await db.transaction(async (tx) => exportOrganizationTx(tx, writeRecords, writeFiles), { isolationLevel: "repeatable read", accessMode: "read only" });
    } else {
      await exportOrganizationTx(db, writeRecords, writeFiles);
    }
    const manifest: Manifest = { format: ARCHIVE_FORMAT, version: ARCHIVE_VERSION, counts, entries };
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2));
    await writeEntry(pack, MANIFEST_ENTRY, manifestBytes.length, [manifestBytes]);
    pack.finalize();
    await written;
  } catch (error) {
    pack.destroy(error as Error);
    await written.catch(() => undefined);
    throw error;
  }
  return { counts, files, bytes };
}

async function exportOrganizationTx(tx: Executor, writeRecords: (tx: Executor) => Promise<void>, writeFiles: (tx: Executor) => Promise<void>) {
  await writeRecords(tx);
  await writeFiles(tx);
}
