import { createHash } from "node:crypto";
import type { Collection } from "@/lib/content/collection";
import { splitNestedTexts } from "@/lib/content/translator";
import type { LocalizedText } from "@/lib/i18n";

/** One translatable text of a record: its JSON Pointer (as in the API's 422 details) and its languages. */
export type RecordText = { pointer: string; text: LocalizedText };

/**
 * Every text of a stored record: the collection's top-level text fields and the texts inside its
 * structures (phases, steps, weeks), found as the translator rule finds them (ADR 11).
 */
export function collectRecordTexts(collection: Collection, row: Record<string, unknown>): RecordText[] {
  const texts: RecordText[] = [];
  for (const field of collection.textFields) {
    const text = row[field];
    if (text && typeof text === "object") texts.push({ pointer: `/${field}`, text: text as LocalizedText });
  }
  for (const [column, spec] of Object.entries(collection.nestedTexts ?? {})) {
    for (const [pointer, text] of splitNestedTexts(row[column], spec, `/${column}`).texts) texts.push({ pointer, text });
  }
  return texts;
}

/** The fingerprint of a source text kept in each unit: a changed source is a conflict on import. */
export function hashSourceText(source: string): string {
  return createHash("sha256").update(source, "utf8").digest("hex");
}

/**
 * Unit ids are XML NMTOKENs unique in the file: the record id, then the pointer's segments joined by
 * dots ("3f2c….phases.0.items.1.notes"). Keys of texts never hold a dot.
 */
export function unitIdOf(recordId: string | number, pointer: string): string {
  return `${recordId}${pointer.replaceAll("/", ".")}`;
}

export function parseUnitId(unitId: string): { recordId: string; pointer: string } | undefined {
  const dot = unitId.indexOf(".");
  if (dot <= 0 || dot === unitId.length - 1) return undefined;
  return { recordId: unitId.slice(0, dot), pointer: unitId.slice(dot).replaceAll(".", "/") };
}

/** A collection's file id (an NMTOKEN: "equipment/brands" → "equipment.brands") and back. */
export const fileIdOf = (collectionKey: string): string => collectionKey.replaceAll("/", ".");
export const collectionKeyOf = (fileId: string): string => fileId.replaceAll(".", "/");

/** Sets one language of the text at `pointer` inside a copy of a stored structure. */
export function withNestedText(structure: unknown, pointer: string, language: string, value: string): unknown {
  const copy = structuredClone(structure);
  const segments = pointer.split("/").slice(1);
  let node: unknown = copy;
  for (const segment of segments) node = (node as Record<string, unknown>)[segment];
  (node as LocalizedText)[language] = value;
  return copy;
}
