import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterAll, describe, expect, it } from "vitest";
import type { Collection } from "@/lib/content/collection";
import { LocalStorage } from "@/lib/storage/local-storage";
import { IMPORT_COLLECTIONS } from "./collections";
import { readStoredRecords, UnknownReferenceError, type ImportFormat } from "./read-records";

/**
 * A 100,000-line import file does not sit in memory (ADR 28): the file goes to storage as a request
 * body would, and is read back the way the import job reads it, while the heap and the buffers held
 * outside it are measured after full garbage collections. The file is about 100 MB; the job may hold
 * one record and the streams' buffers. A reader that kept the file (or its lines) would grow by about
 * the file's size, so the bound below (a tenth of the file) fails it, whatever the machine's load.
 */
setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

const LINES = 100_000;
/** Each line carries about 1 KB of text, so the file is about 100 MB. */
const FILLER = "Keep the spine neutral, brace the core and breathe out on the way up; ".repeat(15);
const exercises = IMPORT_COLLECTIONS.get("exercises") as Collection;
const options = {
  collection: exercises,
  languages: ["en", "de"],
  defaultLanguage: "en",
  resolve: async (collection: string, value: string) => {
    if (value === "legs") return 7;
    throw new UnknownReferenceError(`no ${collection} '${value}'`);
  },
};

const root = mkdtempSync(path.join(tmpdir(), "fcs-import-memory-"));
const storage = new LocalStorage(root);
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The line of record `n` (from 1); every tenth CSV record has a quoted line break in its summary. */
function lineOf(format: ImportFormat, n: number): string {
  const slug = `exercise-${String(n).padStart(6, "0")}`;
  if (format === "jsonl") return `${JSON.stringify({ slug, name: { en: `Exercise ${n}`, de: `Übung ${n}` }, summary: `${n}: ${FILLER}`, muscle_groups: [7], equipment: [], types: [], steps: [] })}\n`;
  const summary = `"${n}:${n % 10 === 0 ? "\n" : " "}${FILLER}"`;
  return `${slug},Exercise ${n},Übung ${n},${summary},legs\n`;
}

/** The file as a request body arrives: chunks of about 64 KB, made as they are asked for. */
async function* fileOf(format: ImportFormat, lines: number): AsyncGenerator<Buffer> {
  let chunk = format === "csv" ? "\uFEFFslug,name,name:de,summary,muscle_groups\n" : "\uFEFF";
  for (let n = 1; n <= lines; n++) {
    chunk += lineOf(format, n);
    if (chunk.length >= 64 * 1024) {
      yield Buffer.from(chunk);
      chunk = "";
    }
  }
  if (chunk) yield Buffer.from(chunk);
}

/** Bytes held by the heap and by buffers outside it, after a full collection. */
function memoryInUse(): number {
  collectGarbage();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

describe("reading a stored import file of 100,000 lines", () => {
  it.each(["jsonl", "csv"] as const)("%s: every record read in order, memory bounded far below the file's size", { timeout: 120_000 }, async (format) => {
    // A small file first, so that the code the reading runs is compiled before the baseline.
    await storage.write(`warm-${format}`, fileOf(format, 1_000));
    for await (const record of readStoredRecords(storage, `warm-${format}`, format, options, () => undefined)) expect("body" in record).toBe(true);

    const size = await storage.write(format, fileOf(format, LINES));
    expect(size).toBeGreaterThan(100 * 1024 * 1024);

    const baseline = memoryInUse();
    let growth = 0;
    let bytesRead = 0;
    let records = 0;
    let line = format === "csv" ? 1 : 0;
    for await (const record of readStoredRecords(storage, format, format, options, (bytes) => (bytesRead += bytes))) {
      records += 1;
      line += 1;
      if (!("body" in record) || record.line !== line || record.body.slug !== `exercise-${String(records).padStart(6, "0")}`) {
        expect({ records, record: { ...record, body: "body" in record ? { slug: record.body.slug } : undefined } }).toEqual({ records, record: { line, body: { slug: `exercise-${String(records).padStart(6, "0")}` } } });
      }
      // A quoted line break: the record spans two lines of the file.
      if (format === "csv" && records % 10 === 0) line += 1;
      if (records % 10_000 === 0) growth = Math.max(growth, memoryInUse() - baseline);
    }
    expect({ records, bytesRead }).toEqual({ records: LINES, bytesRead: size });
    expect(growth).toBeLessThan(size / 10);
    process.stdout.write(`${format}: ${LINES} lines, ${(size / 1024 / 1024).toFixed(1)} MB stored; the most memory in use during the read grew by ${(growth / 1024 / 1024).toFixed(1)} MB\n`);
  });
});
