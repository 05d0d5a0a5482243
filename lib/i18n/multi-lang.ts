import { z } from "zod";
import { ApiError, toJsonPointer, type ErrorDetail } from "@/lib/core/errors";
import { negotiateLanguage } from "./accept-language";
import { parseLangParam } from "./lang-param";
import { describeNotEnabled, findEnabledLanguage } from "./language-code";

/**
 * A text field as stored: keyed by real language codes only, never `default`, and without empty
 * strings, so "has a translation" is simply "has the key".
 */
export type LocalizedText = Record<string, string>;

/** A text field in a multi-language response (docs/api.md "Languages"): `default` plus each requested code, "" when untranslated. */
export type MultiLangString = { default: string } & Record<string, string>;

/** A text field in a response: a plain string, or a MultiLangString (several languages, or `texts=all`). */
export type RenderedText = string | MultiLangString;

/** What a text field may be written as: a plain string or an object of translations (docs/api.md "Content (lookups, exercises, equipment, instructors, workouts, training plans, on-demand)"). */
export type TextInput = string | Record<string, string>;

/**
 * How a response shows its text fields (docs/api.md "Languages"): one language as plain strings, or
 * several languages (`lang=a,b`), where the fields typed "string or MultiLangString" are MultiLangStrings
 * and every other text stays a plain string. `allTexts` (the `texts=all` opt-in) makes every text a
 * MultiLangString.
 */
export type TextView =
  | { mode: "single"; language: string; defaultLanguage: string }
  | { mode: "multi"; languages: readonly string[]; defaultLanguage: string; allTexts?: boolean };

export type SingleTextView = Extract<TextView, { mode: "single" }>;
export type MultiTextView = Extract<TextView, { mode: "multi" }>;

/** Where written text goes: the request's `Content-Language` and the organization's languages. */
export type TextInputContext = {
  /** An enabled code taken from the `Content-Language` header, if the request sent one. */
  contentLanguage?: string;
  defaultLanguage: string;
  enabled: readonly string[];
  /** JSON Pointer of the field in the request body, for error details ("/phases/0/title"). */
  path: string;
};

const DEFAULT_KEY = "default";

export const textInputSchema = z
  .union([z.string(), z.record(z.string(), z.string())], {
    error: "must be a string, or an object of strings keyed by language code",
  })
  .meta({
    description:
      "A plain string sets the language named by Content-Language, else the organization's default language. " +
      "An object sets several languages at once, keyed by language code; the key `default` means the default language. " +
      "An empty string removes that language's translation.",
    examples: ["Push-up", { default: "Push-up", de: "Liegestütz" }],
  });

export const multiLangStringSchema = z
  .object({ default: z.string() })
  .catchall(z.string())
  .meta({
    description:
      "The text in several languages: `default` holds the organization's default language, and each requested language code " +
      "its translation, an empty string when there is none.",
    examples: [{ default: "Push-up", en: "Push-up", de: "Liegestütz", fr: "" }],
  });

/** A field typed "string or MultiLangString" in responses (docs/api.md "Languages"). */
export const renderedTextSchema = z.union([z.string(), multiLangStringSchema]).meta({
  description:
    "A plain string in the response language, or a MultiLangString when the `lang` query parameter asks for several languages " +
    "(or `texts=all` asks for every language of every text).",
});

/** A field the specification types `string`: a plain string, also when `lang` names several languages. */
export const plainTextSchema = z.string().meta({
  description:
    "A plain string in the response language; with `lang=a,b`, in the first of them that has a text, else the default language.",
});

/** The `texts` query parameter: `all` asks for every text as a MultiLangString. */
export const TEXTS_ALL = "all";
export const textsParamSchema = z.enum([TEXTS_ALL], "must be 'all'").meta({
  description:
    "`all`: every text field, nested ones included, comes back as a MultiLangString keyed by `default` and each language of `lang` " +
    "(without `lang`: every language of the organization). For editors and sync clients that need every translation; the " +
    "specification's shape is without it.",
});

/** The translation in `language`, else the default language's (docs/api.md "Languages"), else "". */
export function pickText(value: LocalizedText | null | undefined, language: string, defaultLanguage: string): string {
  return readTranslation(value, language) || readTranslation(value, defaultLanguage);
}

export function toMultiLangString(
  value: LocalizedText | null | undefined,
  languages: readonly string[],
  defaultLanguage: string,
): MultiLangString {
  const multi: MultiLangString = { default: readTranslation(value, defaultLanguage) };
  for (const language of languages) {
    // `default` is reserved for the default language; a code spelled so must not overwrite it.
    if (language !== DEFAULT_KEY) multi[language] = readTranslation(value, language);
  }
  return multi;
}

/** A field typed "string or MultiLangString": a string for one language, a MultiLangString for several. */
export function renderText(value: LocalizedText | null | undefined, view: SingleTextView): string;
export function renderText(value: LocalizedText | null | undefined, view: MultiTextView): MultiLangString;
export function renderText(value: LocalizedText | null | undefined, view: TextView): string | MultiLangString;
export function renderText(value: LocalizedText | null | undefined, view: TextView): string | MultiLangString {
  return view.mode === "single"
    ? pickText(value, view.language, view.defaultLanguage)
    : toMultiLangString(value, view.languages, view.defaultLanguage);
}

/**
 * A field typed `string`: a plain string in every view but `allTexts`. For several languages it is the
 * text of the first requested language that has one, else the default language's.
 */
export function renderPlainText(value: LocalizedText | null | undefined, view: TextView): string | MultiLangString {
  if (view.mode === "single") return pickText(value, view.language, view.defaultLanguage);
  if (view.allTexts) return toMultiLangString(value, view.languages, view.defaultLanguage);
  for (const language of view.languages) {
    const text = readTranslation(value, language);
    if (text) return text;
  }
  return readTranslation(value, view.defaultLanguage);
}

/**
 * The view for a response from the request: several languages when `lang` names some (a 400 when it
 * names a code that is malformed or not enabled), else the language negotiated from `Accept-Language`.
 * `texts: "all"` makes every text a MultiLangString, in the languages of `lang` or else every enabled
 * one. List endpoints answer plain strings whatever `lang` says (docs/api.md "Languages"), so their handlers leave both out.
 */
export function textViewFrom(input: {
  acceptLanguage: string | null;
  lang?: string | null;
  texts?: typeof TEXTS_ALL;
  organization: { defaultLanguage: string; languages: readonly string[] };
}): TextView {
  const { defaultLanguage, languages: enabled } = input.organization;
  const languages = parseLangParam(input.lang ?? null, enabled);
  if (input.texts === TEXTS_ALL) return { mode: "multi", languages: languages ?? enabled, defaultLanguage, allTexts: true };
  return languages
    ? { mode: "multi", languages, defaultLanguage }
    : { mode: "single", language: negotiateLanguage(input.acceptLanguage, enabled, defaultLanguage), defaultLanguage };
}

/**
 * The stored text after writing `input` over `current` (docs/api.md "Content (lookups, exercises, equipment, instructors, workouts, training plans, on-demand)"). Languages the input does not
 * mention keep their translations; "" removes one. Unknown or disabled language keys and non-string
 * values are a 422 naming each offending key.
 */
export function mergeTextInput(
  current: LocalizedText | undefined,
  input: string | Readonly<Record<string, unknown>>,
  ctx: TextInputContext,
): LocalizedText {
  const merged: LocalizedText = { ...current };
  for (const [language, text] of resolveTextInput(input, ctx)) {
    if (text === "") delete merged[language];
    else merged[language] = text;
  }
  return merged;
}

/** The language codes `input` writes or removes, so that a translator's permissions can be checked. */
export function languagesTouched(input: string | Readonly<Record<string, unknown>>, ctx: TextInputContext): string[] {
  return [...resolveTextInput(input, ctx).keys()];
}

/** Whether `value` holds a non-empty translation in `language`. */
export function hasTranslation(value: LocalizedText | null | undefined, language: string): boolean {
  return readTranslation(value, language) !== "";
}

function readTranslation(value: LocalizedText | null | undefined, language: string): string {
  if (!value || !Object.hasOwn(value, language)) return "";
  const text = value[language];
  return typeof text === "string" ? text : "";
}

/** The input as language code → text, validated against the organization's languages. */
function resolveTextInput(input: string | Readonly<Record<string, unknown>>, ctx: TextInputContext): Map<string, string> {
  if (typeof input === "string") return new Map([[resolvePlainStringLanguage(ctx), input]]);
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    throw invalidText([{ path: ctx.path, message: "must be a string or an object of translations keyed by language code" }]);
  }
  const resolved = new Map<string, string>();
  // Which key set a language, to name both when `default` and the default language's code disagree.
  const sourceKey = new Map<string, string>();
  const details: ErrorDetail[] = [];
  for (const [key, text] of Object.entries(input)) {
    const path = `${ctx.path}${toJsonPointer([key])}`;
    const language = key === DEFAULT_KEY ? ctx.defaultLanguage : findEnabledLanguage(key, ctx.enabled);
    if (language === undefined) {
      details.push({ path, message: describeNotEnabled(key, ctx.enabled) });
      continue;
    }
    if (typeof text !== "string") {
      details.push({ path, message: "must be a string" });
      continue;
    }
    const earlier = resolved.get(language);
    if (earlier !== undefined && earlier !== text) {
      details.push({ path, message: `conflicts with '${sourceKey.get(language)}': both set the '${language}' translation` });
      continue;
    }
    resolved.set(language, text);
    sourceKey.set(language, key);
  }
  if (details.length > 0) throw invalidText(details);
  return resolved;
}

function resolvePlainStringLanguage(ctx: TextInputContext): string {
  if (ctx.contentLanguage === undefined) return ctx.defaultLanguage;
  const language = findEnabledLanguage(ctx.contentLanguage, ctx.enabled);
  // The handler validates Content-Language (parseContentLanguage); this guards callers that did not.
  if (language === undefined) {
    throw invalidText([{ path: ctx.path, message: describeNotEnabled(ctx.contentLanguage, ctx.enabled) }]);
  }
  return language;
}

function invalidText(details: ErrorDetail[]): ApiError {
  const [first] = details;
  const message =
    details.length === 1 && first ? `${first.path}: ${first.message}` : `${details.length} problems in text fields; see details`;
  return new ApiError("unprocessable", message, details);
}
