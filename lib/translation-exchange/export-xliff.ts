import { and, asc, eq, gt, sql, type SQL } from "drizzle-orm";
import type { Collection } from "@/lib/content/collection";
import type { ContentContext } from "@/lib/content/context";
import { ApiError } from "@/lib/core/errors";
import { EXCHANGE_COLLECTIONS } from "./collections";
import type { ExportState, TranslationExportQuery } from "./schemas";
import { collectRecordTexts, fileIdOf, hashSourceText, unitIdOf } from "./units";
import { escapeXmlAttribute, escapeXmlText } from "./xml";

import { METADATA_NAMESPACE, XLIFF_NAMESPACE } from "./parse-xliff";
/** Records read per query while the file streams: memory stays bounded by one page. */
const PAGE_SIZE = 100;

/** The target language: enabled in the organization and not its default (the source). */
export function assertTargetLanguage(ctx: ContentContext, language: string, path: string): void {
  const { languages, defaultLanguage } = ctx.organization;
  if (language === defaultLanguage || !languages.includes(language)) {
    const others = languages.filter((code) => code !== defaultLanguage);
    const message =
      language === defaultLanguage
        ? `'${language}' is the organization's default language, the source of every translation`
        : `'${language}' is not a language of this organization; use one of ${others.join(", ") || "(none)"}`;
    throw new ApiError("unprocessable", `${path}: ${message}`, [{ path, message }]);
  }
}

function stateCondition(collection: Collection, language: string, state: ExportState): SQL | undefined {
  const completeness = collection.table.textCompleteness;
  const filled = sql`coalesce((${completeness}->${language}::text->>0)::int, 0)`;
  const total = sql`coalesce((${completeness}->${language}::text->>1)::int, 0)`;
  if (state === "untranslated") return sql`(${filled} = 0 AND ${completeness} <> '{}'::jsonb)`;
  if (state === "partial") return sql`(${filled} > 0 AND ${filled} < ${total})`;
  return undefined;
}

/** "/phases/0/items/1/notes" → "Phases 1 › Items 2 › Notes". */
function fieldLabel(pointer: string): string {
  const words: string[] = [];
  for (const segment of pointer.split("/").slice(1)) {
    if (/^\d+$/.test(segment) && words.length > 0) words[words.length - 1] += ` ${Number(segment) + 1}`;
    else words.push((segment.charAt(0).toUpperCase() + segment.slice(1)).replace(/_/g, " "));
  }
  return words.join(" › ");
}

function recordTitle(row: Record<string, unknown>, defaultLanguage: string): string {
  const text = (row.title ?? row.name) as Record<string, string> | undefined;
  return text?.[defaultLanguage] ?? "";
}

function renderRecord(collection: Collection, row: Record<string, unknown>, ctx: ContentContext, language: string): string {
  const defaultLanguage = ctx.organization.defaultLanguage;
  const id = String(row.id);
  const units = collectRecordTexts(collection, row)
    .filter(({ text }) => (text[defaultLanguage] ?? "") !== "")
    .map(({ pointer, text }) => {
      const source = text[defaultLanguage]!;
      const target = text[language] ?? "";
      return (
        `   <unit id="${escapeXmlAttribute(unitIdOf(id, pointer))}" name="${escapeXmlAttribute(pointer)}">\n` +
        `    <mda:metadata><mda:metaGroup category="source"><mda:meta type="sha256">${hashSourceText(source)}</mda:meta></mda:metaGroup></mda:metadata>\n` +
        `    <notes><note category="field">${escapeXmlText(`${fieldLabel(pointer)} (${pointer})`)}</note></notes>\n` +
        `    <segment state="${target ? "translated" : "initial"}"><source xml:space="preserve">${escapeXmlText(source)}</source>` +
        (target ? `<target xml:space="preserve">${escapeXmlText(target)}</target>` : "") +
        `</segment>\n   </unit>\n`
      );
    });
  if (units.length === 0) return "";
  return `  <group id="r.${escapeXmlAttribute(id)}" name="${escapeXmlAttribute(recordTitle(row, defaultLanguage))}">\n${units.join("")}  </group>\n`;
}

/**
 * The texts of one collection as an XLIFF 2.1 document (docs/api.md "Translation exchange (XLIFF)"),
 * streamed: records are read a page at a time in id order (keyset), each page written before the next
 * is read, so a catalogue of any size is never held whole.
 */
export function exportXliff(ctx: ContentContext, query: TranslationExportQuery): ReadableStream<Uint8Array> {
  assertTargetLanguage(ctx, query.language, "/language");
  const collection = EXCHANGE_COLLECTIONS.get(query.collection);
  if (!collection) throw new ApiError("unprocessable", `/collection: unknown collection '${query.collection}'`, [{ path: "/collection", message: "is not a collection with texts" }]);
  const table = collection.table;
  const encoder = new TextEncoder();
  const state = stateCondition(collection, query.language, query.state);
  let after: string | number | undefined;
  let written = 0;
  let isDone = false;
  const head =
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<xliff xmlns="${XLIFF_NAMESPACE}" xmlns:mda="${METADATA_NAMESPACE}" version="2.1" srcLang="${escapeXmlAttribute(ctx.organization.defaultLanguage)}" trgLang="${escapeXmlAttribute(query.language)}">\n` +
    ` <file id="${escapeXmlAttribute(fileIdOf(collection.key))}" original="${escapeXmlAttribute(collection.key)}">\n` +
    `  <notes><note category="export">${escapeXmlText(`${collection.key}, ${query.state}, ${ctx.organization.defaultLanguage} → ${query.language}`)}</note></notes>\n`;

  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(head));
    },
    async pull(controller) {
      if (isDone) return;
      const rows = (await ctx.db
        .select()
        .from(table)
        .where(and(eq(table.organizationId, ctx.organization.id), after === undefined ? undefined : gt(table.id, after), state))
        .orderBy(asc(table.id))
        .limit(PAGE_SIZE)) as Record<string, unknown>[];
      const xml = rows.map((row) => renderRecord(collection, row, ctx, query.language)).join("");
      written += xml ? 1 : 0;
      if (rows.length > 0) after = rows[rows.length - 1]!.id as string | number;
      if (rows.length < PAGE_SIZE) {
        isDone = true;
        // A file holds at least one unit or group (XLIFF 2.1 core schema): an empty export has an empty group.
        const tail = (written === 0 ? `  <group id="empty"/>\n` : "") + ` </file>\n</xliff>\n`;
        controller.enqueue(encoder.encode(xml + tail));
        controller.close();
        return;
      }
      if (xml) controller.enqueue(encoder.encode(xml));
    },
  });
}
