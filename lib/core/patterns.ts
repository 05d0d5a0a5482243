/** Patterns that several layers check (the environment, organization and content inputs). */

/** Lowercase letters and digits in words joined by single dashes: organization codes, slugs. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A language code as an organization enables it: `en`, `pt-BR`. */
export const LANGUAGE_CODE_PATTERN = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})?$/;
