import { useSyncExternalStore } from "react";
import { useAdmin } from "./admin-context";
import { CONTENT_LANGUAGE_COOKIE, resolveContentLanguage } from "./content-language-preference";

// The content language is a preference, not a credential: localStorage is the right place for it. A
// cookie mirrors it so the server renders a list's first paint in the same language (ADR 9).
const STORAGE_KEY = "admin.content-language";
const listeners = new Set<() => void>();

export function readContentLanguage(): string | null {
  if (typeof window === "undefined") return null;
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function writeContentLanguage(language: string): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private mode without storage: the choice lasts until the page is left.
  }
  writeCookie(language);
  for (const listener of listeners) listener();
}

function writeCookie(language: string): void {
  document.cookie = `${CONTENT_LANGUAGE_COOKIE}=${encodeURIComponent(language)}; Path=/admin; Max-Age=31536000; SameSite=Lax`;
}

/** Mirrors a choice stored before the cookie existed, so the next page the server renders uses it too. */
export function syncContentLanguageCookie(serverPreference: string | null): void {
  const stored = readContentLanguage();
  if (stored && stored !== serverPreference) writeCookie(stored);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/**
 * The chosen content language, else `fallback` (the organization's default language). While the page
 * hydrates it is the choice the server read from the cookie, so the first paint's queries match.
 */
export function useContentLanguage(enabled: readonly string[], fallback: string): string {
  const { contentLanguagePreference } = useAdmin();
  const stored = useSyncExternalStore(subscribe, readContentLanguage, () => contentLanguagePreference);
  return resolveContentLanguage(stored, enabled, fallback);
}
