// Isomorphic: the browser writes the preference, the admin's server pages read it (the cookie) to
// render lists in the language the browser will ask for (docs/decisions/0009, "Data on first paint").

/** The cookie that mirrors the content language chosen in the browser (localStorage keeps the choice). */
export const CONTENT_LANGUAGE_COOKIE = "admin-content-language";

/** The language lists are shown in: the stored choice when the organization has it, else `fallback`. */
export function resolveContentLanguage(stored: string | null | undefined, enabled: readonly string[], fallback: string): string {
  return stored && enabled.includes(stored) ? stored : fallback;
}
