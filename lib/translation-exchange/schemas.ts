import { z } from "zod";
import { EXCHANGE_COLLECTION_KEYS } from "./collections";

/** Which records an export holds, by their translation into the target language (docs/api.md "Translation exchange (XLIFF)"). */
export const EXPORT_STATES = ["untranslated", "partial", "all"] as const;
export type ExportState = (typeof EXPORT_STATES)[number];

export const XLIFF_MEDIA_TYPE = "application/xliff+xml";

export const translationExportQuerySchema = z.object({
  language: z.string().min(1).max(35).meta({ description: "The target language: one of the organization's languages other than its default", example: "de" }),
  collection: z.enum(EXCHANGE_COLLECTION_KEYS).meta({ description: "The collection whose texts to export (its path under /content)", example: "workouts" }),
  state: z
    .enum(EXPORT_STATES)
    .default("all")
    .meta({ description: "`untranslated`: records with no text in the language; `partial`: records with some; `all` (default): every record", example: "untranslated" }),
});
export type TranslationExportQuery = z.infer<typeof translationExportQuerySchema>;

export const translationImportQuerySchema = z.object({
  force: z
    .enum(["true", "false"])
    .default("false")
    .transform((value) => value === "true")
    .meta({ description: "`true` writes units whose source text changed since the export too (they are still listed as conflicts)", example: "false" }),
});

const EXAMPLE_XLIFF =
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" xmlns:mda="urn:oasis:names:tc:xliff:metadata:2.0" version="2.1" srcLang="en" trgLang="de">\n' +
  ' <file id="goals" original="goals">\n' +
  '  <group id="r.1" name="1">\n' +
  '   <unit id="1.name" name="/name">\n' +
  '    <mda:metadata><mda:metaGroup category="source"><mda:meta type="sha256">7a4e…</mda:meta></mda:metaGroup></mda:metadata>\n' +
  '    <notes><note category="field">name</note></notes>\n' +
  '    <segment state="translated"><source xml:space="preserve">Strength</source><target xml:space="preserve">Kraft</target></segment>\n' +
  "   </unit>\n  </group>\n </file>\n</xliff>\n";

export const xliffFileSchema = z.string().meta({ description: "An XLIFF 2.1 document (UTF-8)", example: EXAMPLE_XLIFF });

export const translationConflictSchema = z
  .object({
    unit: z.string().meta({ description: "The unit's id" }),
    record_id: z.string(),
    path: z.string().meta({ description: "The text's JSON Pointer in the record" }),
    resolution: z.enum(["skipped", "written"]).meta({ description: "`written` under `force=true`" }),
  })
  .meta({ id: "TranslationImportConflict" });

export const translationImportResultSchema = z
  .object({
    language: z.string().meta({ description: "The file's target language: the only language written" }),
    collection: z.string(),
    records_updated: z.number().int().meta({ description: "Records whose texts changed" }),
    texts_written: z.number().int().meta({ description: "Target texts written (new or changed)" }),
    texts_unchanged: z.number().int().meta({ description: "Target texts equal to the stored text" }),
    texts_empty: z.number().int().meta({ description: "Units without a target text (left as stored)" }),
    conflicts: z.array(translationConflictSchema).meta({ description: "Units whose source text changed since the export" }),
  })
  .meta({
    id: "TranslationImportResult",
    example: { language: "de", collection: "goals", records_updated: 1, texts_written: 1, texts_unchanged: 0, texts_empty: 0, conflicts: [] },
  });
export type TranslationImportResult = z.infer<typeof translationImportResultSchema>;
export type TranslationConflict = z.infer<typeof translationConflictSchema>;
