import { z } from "zod";
import { LANGUAGE_CODE_PATTERN } from "@/lib/core/patterns";

/**
 * Language codes as this service handles them: the tags an organization enables ("en", "de", "pt-BR")
 * and the ranges clients send in `Accept-Language`, `lang` and `Content-Language`.
 */

// RFC 4647 basic language range (the grammar RFC 9110 uses for Accept-Language), without "*".
const LANGUAGE_TAG_PATTERN = /^[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*$/;

// Codes end up in error messages; a client could send kilobytes, which we must not echo back.
const MAX_QUOTED_LENGTH = 24;

/**
 * The `lang` parameter as the OpenAPI document describes it: comma-separated language tags, spaces
 * around them and empty items tolerated (./lang-param.ts reads it so).
 */
const TAG = LANGUAGE_TAG_PATTERN.source.slice(1, -1);
export const LANGUAGE_LIST_PATTERN = `^[\\s,]*(?:${TAG}(?:\\s*,[\\s,]*${TAG})*)?[\\s,]*$`;

/** A language code an organization enables (its languages, a user's, the environment's defaults). */
export const languageCodeSchema = z.string().regex(LANGUAGE_CODE_PATTERN, "must be a language code such as en or pt-BR");

export function isLanguageTag(value: string): boolean {
  return LANGUAGE_TAG_PATTERN.test(value);
}

/** The enabled code equal to `code` ignoring case (RFC 4647: tags compare case-insensitively), spelled as enabled. */
export function findEnabledLanguage(code: string, enabled: readonly string[]): string | undefined {
  const wanted = code.toLowerCase();
  return enabled.find((language) => language.toLowerCase() === wanted);
}

export function quoteLanguageCode(code: string): string {
  const shown = code.length > MAX_QUOTED_LENGTH ? `${code.slice(0, MAX_QUOTED_LENGTH)}…` : code;
  return `'${shown}'`;
}

export function describeNotEnabled(code: string, enabled: readonly string[]): string {
  return `language ${quoteLanguageCode(code)} is not enabled for this organization; enabled: ${enabled.join(", ")}`;
}

export function describeMalformed(code: string): string {
  return `${quoteLanguageCode(code)} is not a language code`;
}
