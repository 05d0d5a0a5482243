import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Comments point at what a reader of the repository has: docs/api.md headings (`docs/api.md "Heading"`)
 * and ADRs (`docs/decisions/NNNN`, `ADR N`), never sections (§) of documents outside it and never
 * tracker numbers. Sections of RFCs (`RFC 9110 §13.1.2`) are public standards and stay allowed.
 */

const root = path.resolve(__dirname, "..");
const SOURCE_FOLDERS = ["lib", "app", "components", "scripts", "e2e"];
const SOURCE_EXTENSIONS = [".ts", ".tsx", ".mjs"];

function filesUnder(folder: string, extensions: string[]): string[] {
  const found: string[] = [];
  const walk = (directory: string) => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (extensions.some((extension) => entry.name.endsWith(extension))) found.push(full);
    }
  };
  if (existsSync(folder)) walk(folder);
  return found;
}

type Piece = { file: string; line: number; kind: "comment" | "string"; text: string };

/** The comments and string literals of a source file, each with the line it starts on. */
function piecesOf(file: string): Piece[] {
  const text = readFileSync(file, "utf8");
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : file.endsWith(".mjs") ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const relative = path.relative(root, file);
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line + 1;
  const seen = new Set<number>();
  const pieces: Piece[] = [];
  const addComments = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) {
      if (seen.has(range.pos)) continue;
      seen.add(range.pos);
      pieces.push({ file: relative, line: lineOf(range.pos), kind: "comment", text: text.slice(range.pos, range.end) });
    }
  };
  const visit = (node: ts.Node) => {
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode) return;
    addComments(ts.getLeadingCommentRanges(text, node.pos));
    addComments(ts.getTrailingCommentRanges(text, node.end));
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) {
      pieces.push({ file: relative, line: lineOf(node.getStart(source)), kind: "string", text: node.text });
    }
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return pieces;
}

/** A comment's words with its markers (`//`, `/*`, leading `*`) and line breaks made single spaces. */
function prose(text: string): string {
  return text
    .split("\n")
    .map((line) => line.replace(/^\s*(\/\/+|\/\*+|\*+\/?)?/, "").replace(/\*+\/\s*$/, ""))
    .join(" ")
    .replace(/\s+/g, " ");
}

function headingsOf(markdown: string): Set<string> {
  const headings = new Set<string>();
  for (const line of markdown.split("\n")) {
    const match = /^#{2,6}\s+(.+?)\s*$/.exec(line);
    if (match) headings.add(match[1] ?? "");
  }
  return headings;
}

const apiHeadings = headingsOf(readFileSync(path.join(root, "docs/api.md"), "utf8"));
const adrFiles = readdirSync(path.join(root, "docs/decisions"));
const adrExists = (number: number) => adrFiles.some((name) => name.startsWith(`${String(number).padStart(4, "0")}-`));

/** Every source file but this one, whose examples cite on purpose. */
const sourcePieces = SOURCE_FOLDERS.flatMap((folder) => filesUnder(path.join(root, folder), SOURCE_EXTENSIONS))
  .filter((file) => file !== __filename)
  .flatMap(piecesOf);
const isTestFile = (file: string) => /\.(test|spec)\.tsx?$/.test(file) || file.startsWith("e2e/");
/** Comments everywhere, and the strings of tests (their names and messages are read as documentation). */
const proseToCheck = sourcePieces.filter((piece) => piece.kind === "comment" || isTestFile(piece.file));

const where = (piece: Piece) => `${piece.file}:${piece.line}`;

/** The headings a text cites as `docs/api.md "Heading"` (also `docs/api.md, "Heading"` and `("Heading")`). */
export function citedApiHeadings(text: string): string[] {
  return [...prose(text).matchAll(/docs\/api\.md[\s,(]*"([^"]+)"/g)].map((match) => (match[1] ?? "").trim());
}

/** Sections (§) cited, other than those of RFCs. */
export function citedSections(text: string): string[] {
  return [...prose(text).replace(/\bRFC \d+,? §\s?[\d.]+/g, "").matchAll(/§\s?[\d.]*\d?/g)].map((match) => match[0]);
}

/** Tracker numbers cited ("issue 12", "issue 4 item 6"). */
export function citedIssues(text: string): string[] {
  return [...prose(text).matchAll(/\bissues? \d+/gi)].map((match) => match[0]);
}

describe("the citation finders", () => {
  it("find a heading in each form comments use, across comment lines", () => {
    expect(citedApiHeadings('// see docs/api.md "Publishing"')).toEqual(["Publishing"]);
    expect(citedApiHeadings('/* (docs/api.md, "General") */')).toEqual(["General"]);
    expect(citedApiHeadings('/**\n * as docs/api.md ("Media\n * processing") says\n */')).toEqual(["Media processing"]);
  });

  it("find sections of other documents and tracker numbers, and leave RFC sections alone", () => {
    expect(citedSections("// the specification §2.4 and api-decisions §4")).toEqual(["§2.4", "§4"]);
    expect(citedSections("// weak comparison (RFC 9110 §13.1.2)")).toEqual([]);
    expect(citedIssues("/** The workout editor (issue 10). */")).toEqual(["issue 10"]);
  });
});

describe("comments cite what the repository holds", () => {
  it("cite no section (§) of a document outside the repository", () => {
    const offenders = proseToCheck.flatMap((piece) => citedSections(piece.text).map((section) => `${where(piece)} ${section}`));
    expect(offenders).toEqual([]);
  });

  it("cite no tracker issue number", () => {
    const offenders = proseToCheck.flatMap((piece) => citedIssues(piece.text).map((issue) => `${where(piece)} ${issue}`));
    expect(offenders).toEqual([]);
  });

  it("cite only headings docs/api.md has", () => {
    const offenders = sourcePieces.flatMap((piece) =>
      citedApiHeadings(piece.text)
        .filter((heading) => !apiHeadings.has(heading))
        .map((heading) => `${where(piece)} docs/api.md "${heading}"`),
    );
    expect(offenders).toEqual([]);
  });

  it("cite only ADRs docs/decisions has", () => {
    const offenders = sourcePieces.flatMap((piece) => {
      const text = prose(piece.text);
      const numbers = [
        ...[...text.matchAll(/docs\/decisions\/(\d{4})/g)].map((match) => Number(match[1])),
        ...[...text.matchAll(/\bADRs? (\d+)/g)].map((match) => Number(match[1])),
      ];
      return numbers.filter((number) => !adrExists(number)).map((number) => `${where(piece)} ADR ${number}`);
    });
    expect(offenders).toEqual([]);
  });
});
