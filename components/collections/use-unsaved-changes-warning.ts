"use client";

import { useEffect } from "react";

const MESSAGE = "You have unsaved changes. Leave this page and lose them?";

type NavigateEventLike = Event & { navigationType: string };
type NavigationLike = EventTarget;

/** The Navigation API, where the browser offers it (Chromium does): it can stop a traversal before it happens. */
function navigationApi(): NavigationLike | undefined {
  return (window as { navigation?: NavigationLike }).navigation;
}

/**
 * Warns before unsaved work is lost: on reload or closing the tab (beforeunload), on links inside the
 * admin (their clicks are checked before Next sees them) and on the browser's back and forward buttons.
 *
 * The App Router offers no way to block a history traversal, and by the time popstate fires it has
 * already moved on. The Navigation API's `navigate` event fires before a traversal and can cancel it, so
 * back and forward are guarded where the browser has that API (Chromium does; elsewhere only links and
 * reloads are guarded).
 */
export function useUnsavedChangesWarning(isDirty: boolean) {
  useEffect(() => {
    if (!isDirty) return;
    const navigation = navigationApi();
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    const onClick = (event: MouseEvent) => {
      const anchor = (event.target as Element | null)?.closest?.("a[href]");
      if (!anchor || anchor.getAttribute("target") === "_blank" || event.defaultPrevented) return;
      if (!window.confirm(MESSAGE)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    const onNavigate = (event: Event) => {
      const navigate = event as NavigateEventLike;
      if (navigate.navigationType === "traverse" && navigate.cancelable && !window.confirm(MESSAGE)) navigate.preventDefault();
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    document.addEventListener("click", onClick, true);
    navigation?.addEventListener("navigate", onNavigate);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      document.removeEventListener("click", onClick, true);
      navigation?.removeEventListener("navigate", onNavigate);
    };
  }, [isDirty]);
}
