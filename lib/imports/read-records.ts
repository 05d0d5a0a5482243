import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { parse } from "csv-parse";
import type { Collection } from "@/lib/content/collection";
import { CSV_LIST_TEXT_COLUMNS, CSV_PLAIN_COLUMNS, CSV_REFERENCES, CSV_TEXT_COLUMNS } from "./collections";

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

function allowedColumns(collection: Collection, languages: readonly string[]): Set<string> {
  const key = collection.key;
  const texts = CSV_TEXT_COLUMNS[key] ?? [...collection.textFields];
  const listTexts = CSV_LIST_TEXT_COLUMNS[key] ?? [];
  const columns = [...(CSV_PLAIN_COLUMNS[key] ?? ["slug"]), ...Object.keys(CSV_REFERENCES[key] ?? {})];
  for (const text of [...texts, ...listTexts]) columns.push(text, ...languages.map((language) => `${text}:${language}`));
  return new Set(columns);
}

/**
 * CSV with a header row (docs/api.md "Bulk import"): a byte order mark is dropped, quoted cells may
 * hold the delimiter and line breaks, every record must have the header's number of cells. Empty cells
 * are left out of the body.
 */
async function* readCsv(source: Readable, collection: Collection, languages: readonly string[], defaultLanguage: string, resolve: ResolveReference): AsyncGenerator<SourceRecord> {
  const allowed = allowedColumns(collection, languages);
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
        header = record.map((name) => name.trim());
        const unknown = header.filter((name) => !allowed.has(name));
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
        if (cell === "") continue;
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

export function readRecords(
  source: Readable,
  format: ImportFormat,
  options: { collection: Collection; languages: readonly string[]; defaultLanguage: string; resolve: ResolveReference },
): AsyncGenerator<SourceRecord> {
  return format === "jsonl" ? readJsonLines(source) : readCsv(source, options.collection, options.languages, options.defaultLanguage, options.resolve);
}
