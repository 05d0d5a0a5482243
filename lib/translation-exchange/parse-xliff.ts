import { SaxesParser, type SaxesTagNS } from "saxes";
import { ApiError } from "@/lib/core/errors";

export const XLIFF_NAMESPACE = "urn:oasis:names:tc:xliff:document:2.0";
export const METADATA_NAMESPACE = "urn:oasis:names:tc:xliff:metadata:2.0";
const XML_NAMESPACE = "http://www.w3.org/XML/1998/namespace";

/** One unit as a CAT tool returned it: its segments joined, source and target. */
export type ParsedUnit = {
  id: string;
  /** The source's sha256 the export wrote into the unit's metadata (absent if a tool dropped it). */
  sourceHash: string | undefined;
  source: string;
  /** Null when some segment has no target: the unit is not translated. */
  target: string | null;
};

export type ParsedXliff = { srcLang: string; trgLang: string; collection: string; units: ParsedUnit[] };

type Part = { source: string; target: string | null; isIgnorable: boolean };
type OpenUnit = { id: string; sourceHash: string | undefined; parts: Part[] };

/** A refused file: 422 naming the unit (or the line and column outside any unit). */
export function xliffError(where: string, message: string): ApiError {
  return new ApiError("unprocessable", `${where}: ${message}`, [{ path: where, message }]);
}

/**
 * Reads an XLIFF 2.0/2.1 document as it arrives (docs/api.md "Translation exchange (XLIFF)"). The
 * parser (saxes) expands only XML's five predefined entities; a document type declaration is refused
 * outright, so no entity can be defined, expanded or fetched (no XXE, no entity bombs).
 */
export function createXliffReader() {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const stack: SaxesTagNS[] = [];
  const units: ParsedUnit[] = [];
  const seen = new Set<string>();
  let root: { srcLang: string; trgLang: string } | undefined;
  let collection: string | undefined;
  let unit: OpenUnit | undefined;
  let part: Part | undefined;
  let capture: "source" | "target" | "hash" | undefined;
  let failure: ApiError | undefined;

  const where = () => unit?.id ?? `line ${parser.line}, column ${parser.column}`;
  const refuse = (message: string): never => {
    throw xliffError(where(), message);
  };
  const attribute = (tag: SaxesTagNS, name: string, uri = "") => {
    const found = Object.values(tag.attributes).find((item) => item.local === name && item.uri === uri);
    return found?.value;
  };
  const isXliff = (tag: SaxesTagNS, local: string) => tag.uri === XLIFF_NAMESPACE && tag.local === local;

  parser.on("doctype", () => refuse("a document type declaration is not allowed"));
  parser.on("error", (error) => {
    failure ??= xliffError(where(), `malformed XML: ${error.message.replace(/^[^:]*:?\d+:\d+: /, "")}`);
  });
  parser.on("opentag", (tag) => {
    const parent = stack[stack.length - 1];
    stack.push(tag);
    if (stack.length === 1) {
      if (!isXliff(tag, "xliff")) refuse(`the root element must be <xliff> in ${XLIFF_NAMESPACE}`);
      const version = attribute(tag, "version");
      if (version !== "2.0" && version !== "2.1") refuse(`XLIFF version '${version ?? ""}' is not supported; use 2.1 (or 2.0)`);
      const srcLang = attribute(tag, "srcLang");
      const trgLang = attribute(tag, "trgLang");
      if (!srcLang) refuse("the <xliff> element has no srcLang");
      if (!trgLang) refuse("the <xliff> element has no trgLang");
      root = { srcLang: srcLang!, trgLang: trgLang! };
      return;
    }
    if (capture === "source" || capture === "target") {
      if (!isXliff(tag, "cp")) refuse(`<${tag.name}> inside <${capture}> is not supported; only text and <cp/> are`);
      const hex = attribute(tag, "hex") ?? "";
      if (!/^[0-9A-Fa-f]{1,6}$/.test(hex)) refuse(`<cp hex="${hex}"> is not a code point`);
      const text = String.fromCodePoint(Math.min(Number.parseInt(hex, 16), 0x10ffff));
      if (capture === "source") part!.source += text;
      else part!.target = (part!.target ?? "") + text;
      return;
    }
    if (isXliff(tag, "file")) {
      if (collection !== undefined) refuse("the document has more than one <file>; export and import one collection at a time");
      collection = attribute(tag, "id") ?? "";
    } else if (isXliff(tag, "unit")) {
      const id = attribute(tag, "id") ?? "";
      if (!id) refuse("a <unit> has no id");
      if (seen.has(id)) throw xliffError(id, "the unit appears twice");
      seen.add(id);
      unit = { id, sourceHash: undefined, parts: [] };
    } else if (unit && (isXliff(tag, "segment") || isXliff(tag, "ignorable")) && parent && isXliff(parent, "unit")) {
      part = { source: "", target: null, isIgnorable: tag.local === "ignorable" };
      unit.parts.push(part);
    } else if (part && isXliff(tag, "source")) {
      capture = "source";
    } else if (part && isXliff(tag, "target")) {
      const language = attribute(tag, "lang", XML_NAMESPACE);
      if (language !== undefined && language !== root!.trgLang) refuse(`the target is in '${language}', the document's trgLang is '${root!.trgLang}'`);
      capture = "target";
      part.target = "";
    } else if (unit && tag.uri === METADATA_NAMESPACE && tag.local === "meta" && attribute(tag, "type") === "sha256") {
      capture = "hash";
      unit.sourceHash = "";
    }
  });
  parser.on("text", (text) => {
    if (capture === "source") part!.source += text;
    else if (capture === "target") part!.target += text;
    else if (capture === "hash") unit!.sourceHash += text.trim();
  });
  parser.on("closetag", (tag) => {
    stack.pop();
    if (capture && (isXliff(tag, "source") || isXliff(tag, "target") || (tag.uri === METADATA_NAMESPACE && tag.local === "meta"))) capture = undefined;
    else if (isXliff(tag, "segment") || isXliff(tag, "ignorable")) part = undefined;
    else if (isXliff(tag, "unit") && unit) {
      if (!unit.parts.some((item) => !item.isIgnorable)) refuse("the unit has no <segment>");
      const segments = unit.parts.filter((item) => !item.isIgnorable);
      const isTranslated = segments.every((item) => item.target !== null);
      units.push({
        id: unit.id,
        sourceHash: unit.sourceHash || undefined,
        source: unit.parts.map((item) => item.source).join(""),
        target: isTranslated ? unit.parts.map((item) => item.target ?? item.source).join("") : null,
      });
      unit = undefined;
    }
  });

  const check = () => {
    if (failure) throw failure;
  };
  return {
    write(text: string) {
      parser.write(text);
      check();
    },
    close(): ParsedXliff {
      parser.close();
      check();
      if (!root) refuse("the document is empty");
      if (collection === undefined) refuse("the document has no <file>");
      return { ...root!, collection: collection!, units };
    },
  };
}

/** Parses a whole document given as text (tests, tools). */
export function parseXliff(text: string): ParsedXliff {
  const reader = createXliffReader();
  reader.write(text);
  return reader.close();
}
