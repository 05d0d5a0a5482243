"use client";

import { useEffect } from "react";

/**
 * Ctrl+S (⌘S on macOS) saves the form in focus, as its save button would (validation and all); with
 * focus outside any form, the page's only editing form, if it has exactly one. The browser's "save
 * page" never opens inside the admin (ADR 9).
 */
export function KeyboardSave() {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.key.toLowerCase() !== "s") return;
      event.preventDefault();
      if (event.repeat) return;
      const focused = document.activeElement instanceof HTMLElement ? document.activeElement.closest("form") : null;
      const editing = [...document.querySelectorAll("main form")].filter((form) => form.getAttribute("role") !== "search");
      const form = focused && focused.getAttribute("role") !== "search" ? focused : editing.length === 1 ? editing[0] : null;
      if (form instanceof HTMLFormElement) form.requestSubmit();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
  return null;
}
