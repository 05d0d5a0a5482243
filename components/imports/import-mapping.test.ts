import { describe, expect, it } from "vitest";
import { columnsParameter, formatOfFile, initialMapping, mappingProblems, PREVIEW_BYTES, previewOf } from "./import-mapping";

describe("previewOf", () => {
  it("reads a CSV header and the first records, quoted line breaks and a byte order mark included", () => {
    const text = '\uFEFFname,Colour\n"Squat, deep\nand slow",red\nLunge,blue\n';
    expect(previewOf(text, "csv")).toEqual({ format: "csv", header: ["name", "Colour"], rows: [["Squat, deep\nand slow", "red"], ["Lunge", "blue"]] });
  });

  it("stops at five records and ignores a record cut off at the end of the bytes read", () => {
    const rows = Array.from({ length: 20_000 }, (_, index) => `Exercise ${index},"a long, quoted cell"`);
    const text = `name,notes\n${rows.join("\n")}\n`.slice(0, PREVIEW_BYTES);
    const preview = previewOf(text, "csv");
    expect(preview).toMatchObject({ header: ["name", "notes"], rows: rows.slice(0, 5).map((_, index) => [`Exercise ${index}`, "a long, quoted cell"]) });
  });

  it("says when the start is not CSV", () => {
    expect(previewOf('name\n"open quote\n', "csv")).toEqual({ format: "csv", error: expect.stringMatching(/^The first lines are not CSV this screen can read: /) });
  });

  it("shows the first JSON lines", () => {
    expect(previewOf('{"a":1}\n\n{"a":2}\r\n', "jsonl")).toEqual({ format: "jsonl", lines: ['{"a":1}', '{"a":2}'] });
  });
});

describe("mapping", () => {
  const allowed = ["slug", "name", "name:de", "level"];

  it("keeps the collection's own columns, letter case aside, and leaves the others out", () => {
    expect(initialMapping(["Name", "Colour", "level", "NAME"], allowed)).toEqual(["name", "", "level", ""]);
  });

  it("sends columns only when the mapping differs from the header", () => {
    expect(columnsParameter(["name", "level"], ["name", "level"])).toBeUndefined();
    expect(columnsParameter(["Name", "Colour"], ["name", ""])).toBe("name,");
  });

  it("names what blocks the import", () => {
    expect(mappingProblems(["", "level"])).toEqual(["Choose the column that holds the name."]);
    expect(mappingProblems(["name", "level", "level"])).toEqual(["“level” is chosen for more than one column."]);
    expect(mappingProblems(["name", ""])).toEqual([]);
  });

  it("tells the format from the file", () => {
    expect(formatOfFile({ name: "a.CSV", type: "" })).toBe("csv");
    expect(formatOfFile({ name: "a.jsonl", type: "" })).toBe("jsonl");
  });
});
