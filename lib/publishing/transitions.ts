/**
 * The per-language status machine (docs/api.md "Publishing"), without database code, so
 * the API's checks and the admin's buttons read the same table.
 */
export const CONTENT_STATUSES = ["draft", "published", "unpublished"] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

/** The allowed transitions; anything else (including "no change") is a 422. */
export const STATUS_TRANSITIONS: Readonly<Record<ContentStatus, readonly ContentStatus[]>> = {
  draft: ["published"],
  published: ["unpublished"],
  unpublished: ["published", "draft"],
};

/** A key's status for transitions: a language without an entry is a draft (docs/api.md "Publishing"). */
export function statusForTransitions(status: Readonly<Record<string, string>>, key: string): ContentStatus {
  const value = status[key];
  return (CONTENT_STATUSES as readonly string[]).includes(value ?? "") ? (value as ContentStatus) : "draft";
}

/** Whether a role may set the status of `language`: translators only their own (docs/api.md "Publishing"). */
export function maySetStatusOf(role: string, translatorLanguages: readonly string[], language: string): boolean {
  if (role === "admin" || role === "editor") return true;
  return role === "translator" && translatorLanguages.includes(language);
}
