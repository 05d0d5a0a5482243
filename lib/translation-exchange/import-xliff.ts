import { and, eq, inArray } from "drizzle-orm";
import type { Collection } from "@/lib/content/collection";
import type { ContentContext } from "@/lib/content/context";
import { INT32_MAX } from "@/lib/content/references";
import type { Db } from "@/lib/db";
import { readBytesChunks } from "./read-body";
import { ApiError } from "@/lib/core/errors";
import { EXCHANGE_COLLECTIONS } from "./collections";
import { assertTargetLanguage } from "./export-xliff";
import { createXliffReader, xliffError, type ParsedUnit } from "./parse-xliff";
import type { TranslationConflict, TranslationImportResult } from "./schemas";
import { collectionKeyOf, collectRecordTexts, hashSourceText, parseUnitId, withNestedText } from "./units";

/** The largest XLIFF file accepted (413 above): what it parses into is held until it is written. */
export const MAX_XLIFF_BYTES = 16 * 1024 * 1024;
const ACCEPTED_TYPES = ["application/xliff+xml", "application/xml", "text/xml"];
/** Records locked and read per query. */
const BATCH_SIZE = 100;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** As many details as an error body keeps (lib/http/errors). */
const MAX_DETAILS = 20;

type Change = { pointer: string; value: string };

function isRecordId(collection: Collection, id: string): boolean {
  return collection.idKind === "uuid" ? UUID.test(id) : /^[1-9]\d{0,9}$/.test(id) && Number(id) <= INT32_MAX;
}

/** The record's merge patch writing `changes` in one language, everything else as stored (ADR 11). */
function patchOf(collection: Collection, row: Record<string, unknown>, language: string, changes: Change[]): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  const nested: Record<string, unknown> = {};
  for (const { pointer, value } of changes) {
    const field = pointer.split("/")[1]!;
    if (collection.textFields.includes(field) && pointer === `/${field}`) {
      patch[field] = { [language]: value };
    } else {
      nested[field] = withNestedText({ [field]: nested[field] ?? row[field] }, pointer, language, value);
      nested[field] = (nested[field] as Record<string, unknown>)[field];
    }
  }
  return { ...patch, ...nested };
}

/**
 * Writes the target texts of an XLIFF file (docs/api.md "Translation exchange (XLIFF)"): only the
 * file's target language, as the caller (a translator's own languages only, through the same merge
 * patch and translator rule as the translation workspace), in one transaction. A unit whose source
 * changed since the export is a conflict, skipped unless `force`. A refused file writes nothing.
 */
export async function importXliff(ctx: ContentContext, req: Request, options: { force: boolean }): Promise<TranslationImportResult> {
  const contentType = (req.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!ACCEPTED_TYPES.includes(contentType)) throw new ApiError("unsupported_media_type", "the body must be an XLIFF 2.1 file sent as application/xliff+xml");
  const reader = createXliffReader();
  const decoder = new TextDecoder("utf-8", { fatal: true });
  try {
    for await (const chunk of readBytesChunks(req, MAX_XLIFF_BYTES, `an XLIFF file is at most ${MAX_XLIFF_BYTES / 1024 / 1024} MB`)) {
      reader.write(decoder.decode(chunk, { stream: true }));
    }
    reader.write(decoder.decode());
  } catch (error) {
    if (error instanceof TypeError) throw xliffError("line 1, column 1", "the file is not UTF-8");
    throw error;
  }
  const file = reader.close();

  const { defaultLanguage } = ctx.organization;
  if (file.srcLang !== defaultLanguage) {
    throw xliffError("/xliff/@srcLang", `the source language is '${file.srcLang}'; this organization's texts are translated from '${defaultLanguage}'`);
  }
  assertTargetLanguage(ctx, file.trgLang, "/xliff/@trgLang");
  const language = file.trgLang;
  if (ctx.caller.kind === "user" && ctx.caller.role === "translator" && !ctx.caller.languages.includes(language)) {
    throw new ApiError("forbidden", `translators can only change their own languages (${ctx.caller.languages.join(", ") || "none"}); this file is in ${language}`);
  }
  const collection = EXCHANGE_COLLECTIONS.get(collectionKeyOf(file.collection));
  if (!collection) throw xliffError("/xliff/file/@id", `'${file.collection}' is not a collection with texts`);

  // Units by record, in the file's order; an id that cannot name a record is an unknown unit.
  const errors: { path: string; message: string }[] = [];
  const byRecord = new Map<string, { unit: ParsedUnit; pointer: string }[]>();
  for (const unit of file.units) {
    const parsed = parseUnitId(unit.id);
    if (!parsed || !isRecordId(collection, parsed.recordId)) {
      errors.push({ path: unit.id, message: `unknown unit: its id names no ${collection.label}` });
      continue;
    }
    const list = byRecord.get(parsed.recordId) ?? [];
    list.push({ unit, pointer: parsed.pointer });
    byRecord.set(parsed.recordId, list);
  }

  const result: TranslationImportResult = { language, collection: collection.key, records_updated: 0, texts_written: 0, texts_unchanged: 0, texts_empty: 0, conflicts: [] };
  const table = collection.table;
  await ctx.db.transaction(async (tx) => {
    const txCtx: ContentContext = { ...ctx, db: tx as unknown as Db };
    const recordIds = [...byRecord.keys()];
    for (let start = 0; start < recordIds.length; start += BATCH_SIZE) {
      const ids = recordIds.slice(start, start + BATCH_SIZE);
      const keys = collection.idKind === "int" ? ids.map(Number) : ids;
      const rows = (await tx
        .select()
        .from(table)
        .where(and(eq(table.organizationId, ctx.organization.id), inArray(table.id, keys)))
        .for("update")) as Record<string, unknown>[];
      const rowsById = new Map(rows.map((row) => [String(row.id), row]));
      for (const id of ids) {
        const row = rowsById.get(id);
        const units = byRecord.get(id)!;
        if (!row) {
          for (const { unit } of units) errors.push({ path: unit.id, message: `unknown unit: no ${collection.label} with id ${id}` });
          continue;
        }
        const texts = new Map(collectRecordTexts(collection, row).map((text) => [text.pointer, text.text]));
        const changes: Change[] = [];
        for (const { unit, pointer } of units) {
          const text = texts.get(pointer);
          const source = text?.[defaultLanguage] ?? "";
          if (!text || source === "") {
            errors.push({ path: unit.id, message: `unknown unit: the ${collection.label} has no text at ${pointer}` });
            continue;
          }
          const isChanged = unit.sourceHash ? unit.sourceHash !== hashSourceText(source) : unit.source !== source;
          if (isChanged) {
            const conflict: TranslationConflict = { unit: unit.id, record_id: id, path: pointer, resolution: options.force ? "written" : "skipped" };
            result.conflicts.push(conflict);
            if (!options.force) continue;
          }
          if (unit.target === null || unit.target === "") result.texts_empty++;
          else if (unit.target === (text[language] ?? "")) result.texts_unchanged++;
          else changes.push({ pointer, value: unit.target });
        }
        // Once the file is refused nothing more is written; the rest is still checked, to name every bad unit.
        if (changes.length === 0 || errors.length > 0) continue;
        try {
          await collection.patch(txCtx, row.id as string | number, patchOf(collection, row, language, changes), null);
        } catch (error) {
          // A text the record's rules refuse (too long, …) names its unit.
          if (error instanceof ApiError && error.code === "unprocessable") {
            for (const detail of error.details ?? [{ path: "", message: error.message }]) {
              errors.push({ path: units.find(({ pointer }) => pointer === detail.path)?.unit.id ?? `${id}${detail.path.replaceAll("/", ".")}`, message: detail.message });
            }
            continue;
          }
          throw error;
        }
        result.records_updated++;
        result.texts_written += changes.length;
      }
    }
    if (errors.length > 0) {
      const first = errors[0]!;
      const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : "";
      throw new ApiError("unprocessable", `${first.path}: ${first.message}${more}`, errors.slice(0, MAX_DETAILS));
    }
  });
  return result;
}
