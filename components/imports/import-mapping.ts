import { parse } from "csv-parse/browser/esm/sync";

/** What the import screen shows of a file before it is sent: its first records, read in the browser. */
export type FilePreview =
  | { format: "csv"; header: string[]; rows: string[][] }
  | { format: "jsonl"; lines: string[] }
  | { format: "csv" | "jsonl"; error: string };

/** The bytes read for the preview: enough for a header and a few records, never the whole file. */
export const PREVIEW_BYTES = 64 * 1024;
export const PREVIEW_ROWS = 5;

export function formatOfFile(file: { name: string; type: string }): "csv" | "jsonl" {
  return file.type === "text/csv" || /\.csv$/i.test(file.name) ? "csv" : "jsonl";
}

/**
 * The header and first records of the start of a file (`text`, at most PREVIEW_BYTES). The start may
 * end inside a record, so only the records before the last line break are read.
 */
export function previewOf(text: string, format: "csv" | "jsonl"): FilePreview {
  const complete = text.length >= PREVIEW_BYTES ? text.slice(0, text.lastIndexOf("\n") + 1) : text;
  if (format === "jsonl") {
    const lines = complete.replace(/^\uFEFF/, "").split(/\r?\n/).filter((line) => line.trim() !== "").slice(0, PREVIEW_ROWS);
    return { format, lines };
  }
  try {
    const records = parse(complete, { bom: true, skip_empty_lines: true, relax_column_count: true, to: PREVIEW_ROWS + 1 }) as string[][];
    const [header, ...rows] = records;
    if (!header) return { format, error: "The file is empty." };
    return { format, header: header.map((name) => name.trim()), rows };
  } catch (error) {
    return { format, error: `The first lines are not CSV this screen can read: ${(error as Error).message}` };
  }
}

/**
 * The column each of the file's columns is imported as, at first: its own name when the collection
 * has that column (letter case aside), else left out (`""`).
 */
export function initialMapping(header: readonly string[], allowed: readonly string[]): string[] {
  const byLowerCase = new Map(allowed.map((name) => [name.toLowerCase(), name]));
  const taken = new Set<string>();
  return header.map((name) => {
    const match = byLowerCase.get(name.toLowerCase());
    if (!match || taken.has(match)) return "";
    taken.add(match);
    return match;
  });
}

/** The `columns` parameter for a mapping, or nothing when it reads the file's header as it is. */
export function columnsParameter(header: readonly string[], mapping: readonly string[]): string | undefined {
  return mapping.every((name, index) => name === header[index]) ? undefined : mapping.join(",");
}

/** What the person must fix before the import can start: no name column, a column chosen twice. */
export function mappingProblems(mapping: readonly string[]): string[] {
  const problems: string[] = [];
  if (!mapping.includes("name")) problems.push("Choose the column that holds the name.");
  const twice = [...new Set(mapping.filter((name, index) => name !== "" && mapping.indexOf(name) !== index))];
  for (const name of twice) problems.push(`“${name}” is chosen for more than one column.`);
  return problems;
}
