"use client";

import { useSearchParams } from "next/navigation";
import { useCallback, useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from "react";
import { useFormState, type Control, type FieldValues, type Path, type UseFormSetFocus } from "react-hook-form";
import { Badge } from "@/components/ui/badge";
import { ReadOnlyScope } from "@/components/ui/read-only-scope";
import { useAdmin } from "@/lib/admin/admin-context";
import { focusedLanguageOf, languageStateOf, textErrorPathsByLanguage, type LanguageFacts, type LanguageState } from "./language-focus";

const LANGUAGE_NAMES = new Intl.DisplayNames(["en"], { type: "language", fallback: "code" });

/** A language's name in English ("German"), or its code where the browser knows no name. */
export function languageName(language: string): string {
  try {
    return LANGUAGE_NAMES.of(language) ?? language;
  } catch {
    return language;
  }
}

/**
 * The language an editor shows (the address's `?lang=`, see focusedLanguageOf), a way to change it
 * that keeps the form (the address is replaced in place, so nothing remounts), and what the signed-in
 * person may change: translators only the texts of their languages, never the structure (the API
 * refuses the rest with 403).
 */
export function useLanguageFocus() {
  const { languages, defaultLanguage, role, translatorLanguages } = useAdmin();
  const searchParams = useSearchParams();
  const language = focusedLanguageOf(searchParams.get("lang"), { languages, defaultLanguage, role, translatorLanguages });
  const setLanguage = useCallback((next: string) => {
    const url = new URL(window.location.href);
    url.searchParams.set("lang", next);
    // Next keeps useSearchParams in step with the History API, without a request or a remount.
    window.history.replaceState(null, "", `${url.pathname}${url.search}${url.hash}`);
  }, []);
  const isTranslator = role === "translator";
  return {
    language,
    languages,
    defaultLanguage,
    setLanguage,
    isStructureLocked: isTranslator,
    isTextLocked: (text: string) => isTranslator && !translatorLanguages.includes(text),
    lockedHint: `Read only: you translate ${translatorLanguages.join(", ")}.`,
  };
}

const STATE_TONES: Record<LanguageState, "success" | "warning" | "neutral" | "danger" | "info"> = {
  published: "success",
  unpublished: "warning",
  draft: "neutral",
  missing: "danger",
  partial: "warning",
  translated: "info",
};

type LanguageTabsProps<Values extends FieldValues, Output> = {
  control: Control<Values, unknown, Output>;
  setFocus: UseFormSetFocus<Values>;
  /** The stored record (absent when creating): each tab shows its language's status from it. */
  record?: LanguageFacts;
  /** The editor's fields: the panel the tabs control. */
  children: ReactNode;
};

/**
 * The editor's header row of language tabs (the ARIA tabs pattern: arrow keys, Home and End move and
 * select) over the panel holding the form, which shows the focused language's texts. Each tab shows its
 * language's status and the number of errors on its texts; a refused save that left the focused
 * language without errors opens the first language that has some and focuses its first field.
 */
export function LanguageTabs<Values extends FieldValues, Output>({ control, setFocus, record, children }: LanguageTabsProps<Values, Output>) {
  const { language, languages, defaultLanguage, setLanguage } = useLanguageFocus();
  const { errors, submitCount } = useFormState({ control });
  const errorPaths = textErrorPathsByLanguage(errors, languages);
  const prefix = useId();
  const tabId = (tab: string) => `${prefix}-tab-${tab}`;
  const panelId = `${prefix}-panel`;
  const tabs = useRef(new Map<string, HTMLButtonElement>());
  const pendingFocus = useRef<{ language: string; path: string }>(undefined);
  const seenSubmits = useRef(submitCount);

  const select = (next: string, moveFocus: boolean) => {
    setLanguage(next);
    if (moveFocus) tabs.current.get(next)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = languages.indexOf(language);
    const target =
      event.key === "ArrowRight" ? (index + 1) % languages.length
      : event.key === "ArrowLeft" ? (index - 1 + languages.length) % languages.length
      : event.key === "Home" ? 0
      : event.key === "End" ? languages.length - 1
      : undefined;
    if (target === undefined) return;
    event.preventDefault();
    select(languages[target] as string, true);
  };

  // After a refused save: unless a field with an error already holds the focus, show the language
  // whose text needs fixing (the focused one first) and focus that field.
  useEffect(() => {
    if (submitCount === seenSubmits.current) return;
    seenSubmits.current = submitCount;
    const active = document.activeElement;
    if (active instanceof HTMLElement && active.getAttribute("aria-invalid") === "true") return;
    const first = [language, ...languages].find((candidate) => (errorPaths.get(candidate) ?? []).length > 0);
    const path = first ? errorPaths.get(first)?.[0] : undefined;
    if (!first || !path) return;
    pendingFocus.current = { language: first, path };
    if (first === language) setFocus(path as Path<Values>);
    else setLanguage(first);
  });
  useEffect(() => {
    const pending = pendingFocus.current;
    if (!pending || pending.language !== language) return;
    pendingFocus.current = undefined;
    setFocus(pending.path as Path<Values>);
  }, [language, setFocus]);

  return (
    <div className="space-y-4">
      <div role="tablist" aria-label="Languages" className="flex flex-wrap gap-1 border-b border-slate-300">
        {languages.map((tab) => {
          const isSelected = tab === language;
          const state = languageStateOf(record, tab, defaultLanguage);
          const errorCount = errorPaths.get(tab)?.length ?? 0;
          return (
            <button
              key={tab}
              ref={(element) => {
                if (element) tabs.current.set(tab, element);
                else tabs.current.delete(tab);
              }}
              type="button"
              role="tab"
              id={tabId(tab)}
              aria-selected={isSelected}
              aria-controls={panelId}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => select(tab, false)}
              onKeyDown={onKeyDown}
              className={`-mb-px flex items-center gap-2 rounded-t-md border px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 ${
                isSelected ? "border-slate-300 border-b-white bg-white font-semibold text-slate-900" : "border-transparent text-slate-700 hover:bg-slate-100"
              }`}
            >
              <span>
                {languageName(tab)} <span className="font-normal text-slate-600">({tab}{tab === defaultLanguage ? ", default" : ""})</span>
              </span>
              {state ? <Badge tone={STATE_TONES[state]}>{state}</Badge> : null}
              {errorCount > 0 ? <Badge tone="danger">{errorCount === 1 ? "1 error" : `${errorCount} errors`}</Badge> : null}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(language)} className="space-y-5">
        {children}
      </div>
    </div>
  );
}

/**
 * Fields that are the same in every language (slug, choices, lookups, media, numbers): shown once,
 * and read only for translators. A disabled fieldset covers native controls too (checkboxes, pickers).
 */
export function StructureFields({ children, className }: { children: ReactNode; className?: string }) {
  const { isStructureLocked } = useLanguageFocus();
  return (
    <ReadOnlyScope readOnly={isStructureLocked}>
      <fieldset disabled={isStructureLocked} className={`min-w-0 ${className ?? "space-y-5"}`}>
        {children}
      </fieldset>
    </ReadOnlyScope>
  );
}

/** Structure that holds texts (steps, phases): its buttons, selects and inputs are read only for translators, its text inputs say for themselves. */
export function StructureScope({ children }: { children: ReactNode }) {
  const { isStructureLocked } = useLanguageFocus();
  return <ReadOnlyScope readOnly={isStructureLocked}>{children}</ReadOnlyScope>;
}
