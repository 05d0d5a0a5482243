import { ApiError } from "@/lib/core/errors";
import { describeMalformed, describeNotEnabled, findEnabledLanguage, isLanguageTag } from "./language-code";
import type { TextView } from "./multi-lang";

const HEADER = "Content-Language";

/**
 * The `Content-Language` of a response (docs/api.md "Languages"): the language served, or in multi mode every
 * language in the body, the requested ones and, for the `default` key, the default language.
 */
export function formatContentLanguage(view: TextView): string {
  if (view.mode === "single") return view.language;
  const languages = view.languages.includes(view.defaultLanguage) ? view.languages : [...view.languages, view.defaultLanguage];
  return languages.join(", ");
}

/**
 * The enabled language a write's plain-string text fields go to, from its `Content-Language` header;
 * `undefined` when absent, so they go to the default language. Exactly one enabled code is accepted:
 * writing "de-CH" into "de" or guessing among several languages would store text where nobody asked.
 */
export function parseContentLanguage(header: string | null, enabled: readonly string[]): string | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (value.includes(",")) {
    throw headerError("names several languages; text written as a plain string needs exactly one");
  }
  if (!isLanguageTag(value)) throw headerError(describeMalformed(value));
  const language = findEnabledLanguage(value, enabled);
  if (language === undefined) throw headerError(describeNotEnabled(value, enabled));
  return language;
}

function headerError(message: string): ApiError {
  return new ApiError("bad_request", `${HEADER}: ${message}`, [{ path: HEADER, message }]);
}
