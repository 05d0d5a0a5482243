"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId } from "react";
import { useAdmin } from "@/lib/admin/admin-context";
import { syncContentLanguageCookie, useContentLanguage, writeContentLanguage } from "@/lib/admin/content-language";

/** Chooses the language lists and previews are shown in (Accept-Language of every API call). */
export function LanguageSwitcher() {
  const { languages, defaultLanguage, contentLanguagePreference } = useAdmin();
  const language = useContentLanguage(languages, defaultLanguage);
  useEffect(() => syncContentLanguageCookie(contentLanguagePreference), [contentLanguagePreference]);
  const queryClient = useQueryClient();
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm text-slate-700">
        Content language
      </label>
      <select
        id={id}
        value={language}
        onChange={(event) => {
          writeContentLanguage(event.target.value);
          void queryClient.invalidateQueries();
        }}
        className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm focus:outline-2 focus:outline-blue-600"
      >
        {languages.map((code) => (
          <option key={code} value={code}>
            {code}
            {code === defaultLanguage ? " (default)" : ""}
          </option>
        ))}
      </select>
    </div>
  );
}
