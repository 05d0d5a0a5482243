import type { TextCompleteness } from "@/lib/db/schema";
import { ApiError, type ErrorDetail } from "@/lib/core/errors";
import { mergeTextInput, type LocalizedText, type TextInput, type TextInputContext, type TranslationStatusEntry } from "@/lib/i18n";
import type { ContentContext } from "./context";

export type WriteMode = "create" | "replace" | "patch";

/** Where the request's texts go: its language, the organization's languages, and the field at `path` (a JSON Pointer). */
export function textInputContext(ctx: ContentContext, path: string): TextInputContext {
  return { contentLanguage: ctx.writeLanguage, defaultLanguage: ctx.organization.defaultLanguage, enabled: ctx.organization.languages, path };
}

/**
 * Writes one text field. A plain string sets the request's language and keeps the others; an object
 * sets the languages it names — merged into the current value on PATCH, replacing it otherwise.
 */
export function writeText(
  current: LocalizedText | undefined,
  input: TextInput | undefined | null,
  mode: WriteMode,
  ctx: ContentContext,
  path: string,
): LocalizedText {
  const textCtx = textInputContext(ctx, path);
  if (input === undefined || input === null) return mode === "patch" ? { ...current } : {};
  if (typeof input === "string") return mergeTextInput(current, input, textCtx);
  return mergeTextInput(mode === "patch" ? current : undefined, input, textCtx);
}

/** A required text must have a value in the organization's default language (MultiLangString `default`). */
export function requireDefaultText(texts: { path: string; text: LocalizedText }[], ctx: ContentContext): void {
  const language = ctx.organization.defaultLanguage;
  const details: ErrorDetail[] = texts
    .filter(({ text }) => !text[language])
    .map(({ path }) => ({ path, message: `a value in the default language (${language}) is required` }));
  if (details.length > 0) {
    throw new ApiError("unprocessable", `${details[0]!.path}: ${details[0]!.message}${details.length > 1 ? ` (and ${details.length - 1} more)` : ""}`, details);
  }
}

/** Per language, how many of the record's text fields have a value: `[filled, total]`. */
export function computeCompleteness(texts: LocalizedText[]): TextCompleteness {
  const relevant = texts.filter((text) => Object.keys(text).length > 0);
  const counts: TextCompleteness = {};
  for (const text of relevant) {
    for (const [language, value] of Object.entries(text)) {
      if (!value) continue;
      const entry = (counts[language] ??= [0, relevant.length]);
      entry[0] += 1;
    }
  }
  return counts;
}

/** `translation_status` for the organization's enabled languages (docs/api.md "Languages"). */
export function translationStatusOf(completeness: TextCompleteness, languages: readonly string[]): TranslationStatusEntry[] {
  return languages.map((locale) => {
    const entry = completeness[locale];
    if (!entry || entry[0] === 0) {
      // A record without any text is trivially complete.
      const hasAnyText = Object.values(completeness).some(([, total]) => total > 0);
      return { locale, status: hasAnyText ? "none" : "full" };
    }
    return { locale, status: entry[0] >= entry[1] ? "full" : "partial" };
  });
}

/** Every translation of the searchable texts, lower-cased, one per line (trigram-indexed). */
export function buildSearchText(texts: (LocalizedText | string | null | undefined)[]): string {
  const values = new Set<string>();
  for (const text of texts) {
    if (!text) continue;
    for (const value of typeof text === "string" ? [text] : Object.values(text)) {
      const normalized = value.trim().toLowerCase();
      if (normalized) values.add(normalized);
    }
  }
  return [...values].join("\n");
}
