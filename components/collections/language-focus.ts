import type { z } from "zod";
import type { contentStatusSchema } from "@/lib/content/schemas";
import type { TranslationStatus, TranslationStatusEntry } from "@/lib/i18n";

/**
 * Pure pieces of the editors' language tabs (ADR 9, "One language in focus"): which language an editor
 * opens in, what each tab says about its language, and where a form's errors sit by language.
 */

/** Who is looking, as the admin context knows them. */
export type FocusViewer = { languages: readonly string[]; defaultLanguage: string; role: string; translatorLanguages: readonly string[] };

/**
 * The language an editor shows: the address's `?lang=` when the organization has it; otherwise a
 * translator's first language of the organization's, and everyone else's default language.
 */
export function focusedLanguageOf(requested: string | null | undefined, viewer: FocusViewer): string {
  if (requested && viewer.languages.includes(requested)) return requested;
  if (viewer.role === "translator") {
    const own = viewer.translatorLanguages.find((language) => viewer.languages.includes(language));
    if (own) return own;
  }
  return viewer.defaultLanguage;
}

/** What a tab says of its language: the publishing status where the collection has one, or whether its texts exist. */
export type LanguageState = "published" | "unpublished" | "draft" | "missing" | "partial" | "translated";

/**
 * What the tabs read of a stored record of any collection (its response type, `texts=all`): its
 * top-level texts, and where the collection has them its translation and publishing status.
 */
export type LanguageFacts = { translation_status?: readonly TranslationStatusEntry[]; status?: z.output<typeof contentStatusSchema>; readonly [field: string]: unknown };

/** A MultiLangString among a record's fields (every value a string, `default` among them). */
function isTexts(value: unknown): value is Record<string, string> {
  return !!value && typeof value === "object" && !Array.isArray(value) && "default" in value && Object.values(value).every((item) => typeof item === "string");
}

/** For records without `translation_status` (lookups, equipment): their top-level texts, each present in the language or not. */
function translationFromTexts(record: LanguageFacts, language: string, defaultLanguage: string): TranslationStatus {
  const texts = Object.values(record).filter(isTexts);
  const filled = texts.filter((text) => Object.values(text).some((value) => value !== ""));
  if (filled.length === 0) return "none";
  const has = (text: Record<string, string>) => !!text[language] || (language === defaultLanguage && text.default !== "");
  const translated = filled.filter(has).length;
  return translated === filled.length ? "full" : translated === 0 ? "none" : "partial";
}

function translationOf(record: LanguageFacts, language: string, defaultLanguage: string): TranslationStatus {
  return record.translation_status?.find((entry) => entry.locale === language)?.status ?? translationFromTexts(record, language, defaultLanguage);
}

/**
 * A language's state as the stored record has it (undefined for a record not created yet): `missing`
 * when it has none of its texts; else its publishing status (a language without an entry is a draft,
 * docs/api.md "Publishing"; the default language's entry may be keyed `default`); for collections
 * without a status, `partial` or `translated`.
 */
export function languageStateOf(record: LanguageFacts | undefined, language: string, defaultLanguage: string): LanguageState | undefined {
  if (!record) return undefined;
  const translation = translationOf(record, language, defaultLanguage);
  if (translation === "none") return "missing";
  const { status } = record;
  if (status) {
    const entry = status[language] ?? (language === defaultLanguage ? status.default : undefined);
    return entry === "published" || entry === "unpublished" ? entry : "draft";
  }
  return translation === "partial" ? "partial" : "translated";
}

/**
 * The form paths of the errors on each language's texts (a text's input path ends in its language:
 * `name.de`, `phases.0.title.fr`), in the order the errors object holds them.
 */
export function textErrorPathsByLanguage(errors: unknown, languages: readonly string[]): Map<string, string[]> {
  const byLanguage = new Map<string, string[]>(languages.map((language) => [language, []]));
  const walk = (node: unknown, path: string[]) => {
    if (!node || typeof node !== "object") return;
    const entry = node as Record<string, unknown>;
    const last = path[path.length - 1];
    if (last !== undefined && typeof entry.message === "string" && byLanguage.has(last)) byLanguage.get(last)?.push(path.join("."));
    for (const [key, child] of Object.entries(entry)) {
      // `ref` is the input element react-hook-form keeps with an error.
      if (key === "ref" || key === "message" || key === "type" || key === "types") continue;
      walk(child, [...path, key]);
    }
  };
  walk(errors, []);
  return byLanguage;
}
