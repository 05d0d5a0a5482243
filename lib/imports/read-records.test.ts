import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import type { Collection } from "@/lib/content/collection";
import { IMPORT_COLLECTIONS } from "./collections";
import { readRecords, UnknownReferenceError, type ImportFormat, type SourceRecord } from "./read-records";

const exercises = IMPORT_COLLECTIONS.get("exercises") as Collection;
const resolve = async (collection: string, value: string) => {
  if (value === "legs") return 7;
  if (/^\d+$/.test(value)) return Number(value);
  throw new UnknownReferenceError(`no ${collection} '${value}'`);
};

async function read(text: string, format: ImportFormat): Promise<SourceRecord[]> {
  const records: SourceRecord[] = [];
  // Chunks of three bytes: records and characters cross chunk boundaries.
  const bytes = Buffer.from(text, "utf8");
  const chunks = Array.from({ length: Math.ceil(bytes.length / 3) }, (_, index) => bytes.subarray(index * 3, index * 3 + 3));
  for await (const record of readRecords(Readable.from(chunks), format, { collection: exercises, languages: ["en", "de"], defaultLanguage: "en", resolve })) records.push(record);
  return records;
}

describe("reading import files", () => {
  it("reads JSON Lines with a BOM, skipping blank lines, naming each line", async () => {
    expect(await read('\uFEFF{"name":"A"}\n\n[1]\n{oops\r\n{"name":"Ü"}', "jsonl")).toEqual([
      { line: 1, body: { name: "A" } },
      { line: 3, error: { path: "", message: "must be a JSON object" } },
      { line: 4, error: { path: "", message: "is not valid JSON" } },
      { line: 5, body: { name: "Ü" } },
    ]);
  });

  it("reads CSV with a BOM, quoted line breaks, languages, steps and references by slug or id", async () => {
    const csv = '\uFEFFslug,name,name:de,muscle_groups,steps\r\nsquat,"Squat, deep\r\nand slow",Kniebeuge,legs;3,Stand|Sit\r\nlunge,Lunge,,nope,\r\nplank,"Plank\nheld",,,\r\n';
    expect(await read(csv, "csv")).toEqual([
      {
        line: 2,
        body: { muscle_groups: [7, 3], equipment: [], types: [], steps: [{ en: "Stand" }, { en: "Sit" }], slug: "squat", name: { en: "Squat, deep\r\nand slow", de: "Kniebeuge" } },
      },
      { line: 4, error: { path: "/muscle_groups", message: "no muscle-groups 'nope'" } },
      { line: 5, body: { muscle_groups: [], equipment: [], types: [], steps: [], slug: "plank", name: { en: "Plank\nheld" } } },
    ]);
  });

  it.each([
    ["a wrong delimiter", "slug;name\nx;y\n", "line 1: unknown column 'slug;name' (is the delimiter a comma?); the columns of exercises are "],
    ["an unknown column", "name,colour\nx,red\n", "line 1: unknown column 'colour'; the columns of exercises are "],
    ["a short row", "slug,name\nx,y\nz\n", "line 3: "],
    ["an unterminated quote", 'slug,name\nx,"y\n', "line "],
  ])("refuses %s with the line number", async (_case, csv, start) => {
    const outcome = await read(csv, "csv").then(
      () => "read",
      (error: Error) => error.message,
    );
    expect(outcome.startsWith(start)).toBe(true);
  });
});
