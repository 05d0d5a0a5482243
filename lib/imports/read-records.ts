import { createInterface } from "node:readline";
import { Transform, type Readable } from "node:stream";
import { parse } from "csv-parse";
import type { Collection } from "@/lib/content/collection";
import type { ObjectStorage } from "@/lib/storage";
import { CSV_LIST_TEXT_COLUMNS, CSV_PLAIN_COLUMNS, CSV_REFERENCES, csvColumnsOf } from "./csv-columns";

export type ImportFormat = "jsonl" | "csv";
/** One record of the file: the request body it stands for, or why it is not one. */
export type SourceRecord = { line: number; body: Record<string, unknown> } | { line: number; error: { path: string; message: string } };
/** Turns a CSV cell naming records (by slug or id) into ids; unknown names throw with the cell's path. */
export type ResolveReference = (collection: string, value: string, path: string) => Promise<number | string>;

/** A CSV cell names a record that does not exist (the line is invalid, not the file). */
export class UnknownReferenceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UnknownReferenceError";
  }
}

/** The whole file is refused (a wrong delimiter, an unknown column): the line says where. */
export class ImportFileError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(line > 0 ? `line ${line}: ${message}` : message);
    this.name = "ImportFileError";
  }
}

/** JSON Lines: one request body per line, blank lines skipped; bytes read are reported as they pass. */
async function* readJsonLines(source: Readable): AsyncGenerator<SourceRecord> {
  const lines = createInterface({ input: source, crlfDelay: Infinity });
  let line = 0;
  for await (const text of lines) {
    line++;
    const trimmed = line === 1 ? text.replace(/^\uFEFF/, "").trim() : text.trim();
    if (trimmed === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch {
      yield { line, error: { path: "", message: "is not valid JSON" } };
      continue;
    }
    if (!value || typeof value !== "object" || Array.isArray(value)) yield { line, error: { path: "", message: "must be a JSON object" } };
    else yield { line, body: value as Record<string, unknown> };
  }
}


/**
 * CSV with a header row (docs/api.md "Bulk import"): a byte order mark is dropped, quoted cells may
 * hold the delimiter and line breaks, every record must have the header's number of cells. Empty cells
 * are left out of the body.
 */
async function* readCsv(source: Readable, options: ReadOptions): AsyncGenerator<SourceRecord> {
  const { collection, languages, defaultLanguage, resolve } = options;
  const lookupTexts = [...collection.textFields];
  const allowed = new Set(csvColumnsOf(collection.key, lookupTexts, languages));
  const parser = source.pipe(parse({ bom: true, info: true, skip_empty_lines: true, relax_column_count: false, trim: false }));
  let header: string[] | undefined;
  let lastLine = 0;
  let crlfInCells = 0;
  const key = collection.key;
  const references = CSV_REFERENCES[key] ?? {};
  const listTexts = new Set(CSV_LIST_TEXT_COLUMNS[key] ?? []);
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      const line = lastLine + 1;
      // csv-parse counts a CRLF inside a quoted cell as two lines (and keeps counting on from there).
      crlfInCells += record.reduce((sum, cell) => sum + (cell.match(/\r\n/g)?.length ?? 0), 0);
      lastLine = info.lines - crlfInCells;
      if (!header) {
        header = mappedHeader(record, options.columns, line);
        const twice = header.find((name, index) => name !== "" && header!.indexOf(name) !== index);
        if (twice) throw new ImportFileError(line, `the column '${twice}' is named twice`);
        const unknown = header.filter((name) => name !== "" && !allowed.has(name));
        if (unknown.length > 0) {
          const hint = header.length === 1 && /[;\t|]/.test(header[0]!) ? " (is the delimiter a comma?)" : "";
          throw new ImportFileError(line, `unknown column${unknown.length > 1 ? "s" : ""} ${unknown.map((name) => `'${name}'`).join(", ")}${hint}; the columns of ${key} are ${[...allowed].join(", ")}`);
        }
        if (!header.includes("name")) throw new ImportFileError(line, "the header has no 'name' column");
        continue;
      }
      const body: Record<string, unknown> = {};
      let error: { path: string; message: string } | undefined;
      for (const [index, column] of header.entries()) {
        const cell = record[index] ?? "";
        if (cell === "" || column === "") continue;
        const [field, language = defaultLanguage] = column.split(":") as [string, string?];
        const reference = references[column];
        try {
          if (reference) {
            const names = reference.isList ? cell.split(";").map((name) => name.trim()).filter(Boolean) : [cell.trim()];
            const ids: (number | string)[] = [];
            for (const name of names) ids.push(await resolve(reference.collection, name, `/${reference.field}`));
            body[reference.field] = reference.isList ? ids : ids[0];
          } else if (listTexts.has(field)) {
            const steps = cell.split("|");
            const current = (body[field] as Record<string, string>[] | undefined) ?? [];
            body[field] = steps.map((step, position) => ({ ...current[position], [language]: step.trim() }));
          } else if (column === "slug" || (CSV_PLAIN_COLUMNS[key] ?? []).includes(column)) {
            body[column] = cell;
          } else {
            body[field] = { ...(body[field] as Record<string, string> | undefined), [language]: cell };
          }
        } catch (cause) {
          error = cause instanceof UnknownReferenceError ? { path: `/${reference!.field}`, message: cause.message } : { path: `/${column}`, message: String(cause) };
          break;
        }
      }
      if (error) yield { line, error };
      else yield { line, body: withCsvDefaults(key, body) };
    }
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    const csvError = error as { code?: string; lines?: number; message?: string };
    if (csvError.code?.startsWith("CSV_")) throw new ImportFileError(csvError.lines ?? lastLine + 1, (csvError.message ?? "malformed CSV").replace(/^Invalid Record Length: /, "").replace(/ on line \d+$/, ""));
    throw error;
  }
}

/** The members a create shape requires that a CSV file may leave empty. */
function withCsvDefaults(key: string, body: Record<string, unknown>): Record<string, unknown> {
  if (key === "exercises") return { muscle_groups: [], equipment: [], types: [], steps: [], slug: null, ...body };
  if (key === "equipment") return { categories: [], slug: null, brand_id: null, ...body };
  return { slug: null, ...body };
}

export type ReadOptions = {
  collection: Collection;
  languages: readonly string[];
  defaultLanguage: string;
  resolve: ResolveReference;
  /** The import's column mapping: names that replace the file's header, `""` for a column to leave out. */
  columns?: readonly string[] | null;
};

/**
 * The header the file's records are read with: the file's own (trimmed), or the import's mapping,
 * which must name every column of the file (docs/api.md "Bulk import").
 */
function mappedHeader(fileHeader: readonly string[], columns: readonly string[] | null | undefined, line: number): string[] {
  if (!columns) return fileHeader.map((name) => name.trim());
  if (columns.length !== fileHeader.length) {
    throw new ImportFileError(line, `the file has ${fileHeader.length} column${fileHeader.length === 1 ? "" : "s"} and the mapping names ${columns.length}`);
  }
  return [...columns];
}

export function readRecords(source: Readable, format: ImportFormat, options: ReadOptions): AsyncGenerator<SourceRecord> {
  return format === "jsonl" ? readJsonLines(source) : readCsv(source, options);
}

/**
 * The records of an import file kept in storage, read as the import job reads them: streamed from the
 * store chunk by chunk, never whole (ADR 28), `onBytes` told of each chunk as it passes (the import's
 * progress). A store that fails mid-read fails the reading.
 */
export async function* readStoredRecords(storage: ObjectStorage, key: string, format: ImportFormat, options: ReadOptions, onBytes: (bytes: number) => void): AsyncGenerator<SourceRecord> {
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      onBytes(chunk.length);
      done(null, chunk);
    },
  });
  const stored = await storage.read(key);
  stored.on("error", (error) => counter.destroy(error));
  try {
    yield* readRecords(stored.pipe(counter), format, options);
  } finally {
    stored.destroy();
  }
}
