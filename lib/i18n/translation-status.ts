import { z } from "zod";
import { hasTranslation, type LocalizedText } from "./multi-lang";

export const TRANSLATION_STATUSES = ["full", "partial", "none"] as const;
export type TranslationStatus = (typeof TRANSLATION_STATUSES)[number];

export const translationStatusEntrySchema = z
  .object({
    locale: z.string().meta({ description: "An enabled language code" }),
    status: z.enum(TRANSLATION_STATUSES),
  })
  .meta({
    description:
      "How far a record is translated into one language: `full` when every text field has a value in it, " +
      "`partial` when some do, `none` when none do.",
  });

export type TranslationStatusEntry = z.infer<typeof translationStatusEntrySchema>;

/**
 * One entry per language, in the given order (docs/api.md "Languages"). A field with no value in any language
 * (absent, null or `{}`) is left out: there is nothing in it to translate, and counting it would keep an
 * optional empty field from ever letting a language be `full`. With no field left, every language is `full`.
 */
export function computeTranslationStatus(
  texts: readonly (LocalizedText | null | undefined)[],
  languages: readonly string[],
): TranslationStatusEntry[] {
  const filled = texts.filter(
    (text): text is LocalizedText => !!text && Object.keys(text).some((key) => hasTranslation(text, key)),
  );
  return languages.map((locale) => {
    const translated = filled.filter((text) => hasTranslation(text, locale)).length;
    const status: TranslationStatus = translated === filled.length ? "full" : translated === 0 ? "none" : "partial";
    return { locale, status };
  });
}

/** Names of the fields with no value in `language`, in the given order; publishing needs none missing. */
export function missingTextFields(
  fields: Readonly<Record<string, LocalizedText | null | undefined>>,
  language: string,
): string[] {
  return Object.entries(fields)
    .filter(([, text]) => !hasTranslation(text, language))
    .map(([name]) => name);
}
