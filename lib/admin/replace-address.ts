/**
 * Replaces the address in place, for a view whose state lives there (a list's filters, sort and page,
 * the translation workspace's language), without asking the server: Next keeps `usePathname` and
 * `useSearchParams` in step with the History API, and the screen's queries read the new view in the
 * browser. `router.replace` renders the page again on the server, first-paint reads included (ADR 9,
 * "Data on first paint"), for every change, and a second change made while the first was on its way
 * was lost.
 */
export function replaceAddress(href: string): void {
  window.history.replaceState(null, "", href);
}
