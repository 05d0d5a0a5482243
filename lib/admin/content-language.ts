import { useSyncExternalStore } from "react";

// The content language is a preference, not a credential: localStorage is the right place for it.
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
  for (const listener of listeners) listener();
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

/** The chosen content language, else `fallback` (the organization's default language). */
export function useContentLanguage(enabled: readonly string[], fallback: string): string {
  const stored = useSyncExternalStore(subscribe, readContentLanguage, () => null);
  return stored && enabled.includes(stored) ? stored : fallback;
}
