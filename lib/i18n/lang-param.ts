import { ApiError, type ErrorDetail } from "@/lib/core/errors";
import { describeMalformed, describeNotEnabled, findEnabledLanguage, isLanguageTag } from "./language-code";

const PARAMETER = "lang";

/**
 * The languages asked for with `lang=de,fr` (docs/api.md "Languages"), spelled as the organization enables them, in the
 * order given and without repeats; `undefined` when the parameter is absent or empty (single-language
 * response). A code that is malformed or not enabled is a 400: silently dropping it would answer a
 * different question than the one asked.
 */
export function parseLangParam(value: string | null, enabled: readonly string[]): string[] | undefined {
  if (value === null) return undefined;
  const languages: string[] = [];
  const details: ErrorDetail[] = [];
  const rejected = new Set<string>();
  for (const item of value.split(",")) {
    const code = item.trim();
    // Tolerate "de,,fr" and a trailing comma: they leave no doubt about what was meant.
    if (code === "") continue;
    const language = isLanguageTag(code) ? findEnabledLanguage(code, enabled) : undefined;
    if (language !== undefined) {
      if (!languages.includes(language)) languages.push(language);
    } else if (!rejected.has(code)) {
      rejected.add(code);
      const message = isLanguageTag(code) ? describeNotEnabled(code, enabled) : describeMalformed(code);
      details.push({ path: PARAMETER, message });
    }
  }
  if (details.length > 0) throw new ApiError("bad_request", describeProblems(details), details);
  return languages.length > 0 ? languages : undefined;
}

function describeProblems(details: readonly ErrorDetail[]): string {
  const [first] = details;
  if (details.length === 1 && first) return `${PARAMETER}: ${first.message}`;
  return `${PARAMETER}: ${details.length} language codes cannot be served; see details`;
}
