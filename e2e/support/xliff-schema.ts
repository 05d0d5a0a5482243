import { SaxesParser, type SaxesTagNS } from "saxes";

/**
 * Structural checks of the XLIFF 2.1 core schema (xliff_core_2.0.xsd, which 2.1 keeps) and of the
 * Metadata module's schema, for the elements an export writes. The OASIS schema files cannot be
 * fetched on the machines that run the tests and no npm package ships them, so this checker restates
 * the rules the schemas impose on those elements: element names and their order, required and allowed
 * attributes with their value spaces (NMTOKEN ids, segment states, note fields), id uniqueness within a
 * file, and the core's constraints on trgLang and xml:lang. Elements of other namespaces are allowed
 * where the core schema allows `##other`. It returns every problem found (empty: the document conforms).
 */
const XLIFF = "urn:oasis:names:tc:xliff:document:2.0";
const MDA = "urn:oasis:names:tc:xliff:metadata:2.0";
const XML = "http://www.w3.org/XML/1998/namespace";
const NMTOKEN = /^[\p{L}\p{N}._:\-\u00B7\u0300-\u036F\u203F-\u2040]+$/u;
const YES_NO = /^(yes|no)$/;
const DIR = /^(ltr|rtl|auto)$/;

type Rule = {
  /** Allowed unqualified attributes, each with the pattern its value must match. */
  attributes: Record<string, RegExp>;
  required?: string[];
  /** Allowed children in order, as a regular expression over their names ("x" for another namespace). */
  content: RegExp;
  /** Character data other than whitespace allowed. */
  isMixed?: boolean;
  /** Attributes of other namespaces allowed. */
  anyAttribute?: boolean;
};

const ANY = /^[\s\S]*$/;
const CORE: Record<string, Rule> = {
  xliff: { attributes: { version: /^2\.[01]$/, srcLang: ANY, trgLang: ANY }, required: ["version", "srcLang"], content: /^(file )+$/, anyAttribute: true },
  file: {
    attributes: { id: NMTOKEN, canResegment: YES_NO, original: ANY, translate: YES_NO, srcDir: DIR, trgDir: DIR },
    required: ["id"],
    content: /^(skeleton )?(x )*(notes )?((unit|group) )+$/,
    anyAttribute: true,
  },
  group: {
    attributes: { id: NMTOKEN, name: ANY, canResegment: YES_NO, translate: YES_NO, srcDir: DIR, trgDir: DIR, type: /^[^:]+:.+$/ },
    required: ["id"],
    content: /^(x )*(notes )?((unit|group) )*$/,
    anyAttribute: true,
  },
  unit: {
    attributes: { id: NMTOKEN, name: ANY, canResegment: YES_NO, translate: YES_NO, srcDir: DIR, trgDir: DIR, type: /^[^:]+:.+$/ },
    required: ["id"],
    content: /^(x )*(notes )?(originalData )?((segment|ignorable) )+$/,
    anyAttribute: true,
  },
  notes: { attributes: {}, content: /^(note )+$/, anyAttribute: true },
  note: { attributes: { id: NMTOKEN, appliesTo: /^(source|target)$/, priority: /^([1-9]|10)$/, category: ANY }, content: /^$/, isMixed: true, anyAttribute: true },
  segment: { attributes: { id: NMTOKEN, canResegment: YES_NO, state: /^(initial|translated|reviewed|final)$/, subState: /^[^:]+:.+$/ }, content: /^source (target )?$/ },
  ignorable: { attributes: { id: NMTOKEN }, content: /^source (target )?$/ },
  source: { attributes: {}, content: /^((cp|ph|pc|sc|ec|mrk|sm|em) )*$/, isMixed: true },
  target: { attributes: { order: /^[1-9]\d*$/ }, content: /^((cp|ph|pc|sc|ec|mrk|sm|em) )*$/, isMixed: true },
  cp: { attributes: { hex: /^[0-9A-F]+$/ }, required: ["hex"], content: /^$/ },
};
const METADATA: Record<string, Rule> = {
  metadata: { attributes: { id: NMTOKEN }, content: /^(metaGroup )+$/ },
  metaGroup: { attributes: { id: NMTOKEN, category: ANY, appliesTo: /^(source|target|ignorable)$/ }, content: /^((meta|metaGroup) )+$/ },
  meta: { attributes: { type: ANY }, required: ["type"], content: /^$/, isMixed: true },
};
/** Where xml:lang and xml:space may appear. */
const XML_ATTRIBUTES: Record<string, string[]> = { xliff: ["space"], file: ["space"], group: ["space"], unit: ["space"], source: ["lang", "space"], target: ["lang", "space"] };

type Open = { tag: SaxesTagNS; rule: Rule | undefined; children: string[]; path: string };

export function checkXliff21(document: string): string[] {
  const problems: string[] = [];
  const parser = new SaxesParser({ xmlns: true });
  const stack: Open[] = [];
  let trgLang: string | undefined;
  let hasTarget = false;
  let ids = new Set<string>();
  const fileIds = new Set<string>();
  parser.on("error", (error) => problems.push(`not well-formed: ${error.message}`));
  parser.on("doctype", () => problems.push("a document type declaration"));
  parser.on("opentag", (tag) => {
    const parent = stack[stack.length - 1];
    const isCore = tag.uri === XLIFF;
    const rule = isCore ? CORE[tag.local] : tag.uri === MDA ? METADATA[tag.local] : undefined;
    const path = `${parent?.path ?? ""}/${tag.name}${tag.attributes.id ? `[@id=${tag.attributes.id.value}]` : ""}`;
    if (!parent && !(isCore && tag.local === "xliff")) problems.push(`${path}: the root is not <xliff> in ${XLIFF}`);
    if ((isCore || tag.uri === MDA) && !rule) problems.push(`${path}: <${tag.local}> is not an element of the schema`);
    if (parent) parent.children.push(isCore || (tag.uri === MDA && parent.tag.uri === MDA) ? tag.local : "x");
    if (rule) {
      for (const attribute of Object.values(tag.attributes)) {
        if (attribute.prefix === "xmlns" || attribute.name === "xmlns") continue;
        if (attribute.uri === XML) {
          if (!(XML_ATTRIBUTES[tag.local] ?? []).includes(attribute.local) || (attribute.local === "space" && !/^(default|preserve)$/.test(attribute.value))) {
            problems.push(`${path}: xml:${attribute.local}="${attribute.value}" is not allowed`);
          }
          continue;
        }
        if (attribute.uri) {
          if (!rule.anyAttribute) problems.push(`${path}: attribute ${attribute.name} of another namespace is not allowed`);
          continue;
        }
        const pattern = rule.attributes[attribute.local];
        if (!pattern) problems.push(`${path}: attribute ${attribute.local} is not allowed`);
        else if (!pattern.test(attribute.value)) problems.push(`${path}: ${attribute.local}="${attribute.value}" is not a valid value`);
      }
      for (const name of rule.required ?? []) if (!tag.attributes[name]) problems.push(`${path}: required attribute ${name} is missing`);
    }
    if (isCore && tag.local === "xliff") trgLang = tag.attributes.trgLang?.value;
    if (isCore && tag.local === "file") {
      ids = new Set();
      const id = tag.attributes.id?.value ?? "";
      if (fileIds.has(id)) problems.push(`${path}: file id ${id} is not unique`);
      fileIds.add(id);
    }
    if (isCore && (tag.local === "unit" || tag.local === "group")) {
      const id = tag.attributes.id?.value ?? "";
      if (ids.has(id)) problems.push(`${path}: id ${id} is not unique among the file's units and groups`);
      ids.add(id);
    }
    if (isCore && tag.local === "target") {
      hasTarget = true;
      const lang = tag.attributes["xml:lang"]?.value;
      if (lang !== undefined && lang !== trgLang) problems.push(`${path}: xml:lang ${lang} differs from trgLang`);
    }
    stack.push({ tag, rule, children: [], path });
  });
  parser.on("text", (text) => {
    const open = stack[stack.length - 1];
    if (open?.rule && !open.rule.isMixed && text.trim() !== "") problems.push(`${open.path}: text is not allowed here`);
  });
  parser.on("closetag", () => {
    const open = stack.pop()!;
    const sequence = open.children.map((child) => `${child} `).join("");
    if (open.rule && !open.rule.content.test(sequence)) problems.push(`${open.path}: children (${open.children.join(", ") || "none"}) do not match the schema's content model`);
  });
  parser.write(document).close();
  if (hasTarget && !trgLang) problems.push("/xliff: trgLang is required when a target is present");
  return problems;
}
