"use client";

import { useEffect, useRef } from "react";

const MESSAGE = "You have unsaved changes. Leave this page and lose them?";

/** The guard of the form with unsaved changes on this page, for navigations made in code (the palette). */
let activeGuard: (() => boolean) | undefined;

/**
 * Asks before a navigation made in code (`router.push`) when a form holds unsaved changes; true when
 * there are none or the person chose to leave.
 */
export function confirmLeavingUnsavedChanges(): boolean {
  return activeGuard ? activeGuard() : true;
}

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
 *
 * `onLeave` runs when the person chose to leave inside the admin and lose the changes (the editor drops
 * its kept draft then); a reload or a closed tab keeps the draft, since it may not have been a choice.
 */
export function useUnsavedChangesWarning(isDirty: boolean, onLeave?: () => void) {
  const onLeaveRef = useRef(onLeave);
  useEffect(() => {
    onLeaveRef.current = onLeave;
  });
  useEffect(() => {
    if (!isDirty) return;
    const navigation = navigationApi();
    const confirmLeaving = () => {
      if (!window.confirm(MESSAGE)) return false;
      onLeaveRef.current?.();
      return true;
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    const onClick = (event: MouseEvent) => {
      const anchor = (event.target as Element | null)?.closest?.("a[href]");
      if (!anchor || anchor.getAttribute("target") === "_blank" || event.defaultPrevented) return;
      if (!confirmLeaving()) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    const onNavigate = (event: Event) => {
      const navigate = event as NavigateEventLike;
      if (navigate.navigationType === "traverse" && navigate.cancelable && !confirmLeaving()) navigate.preventDefault();
    };
    activeGuard = confirmLeaving;
    window.addEventListener("beforeunload", onBeforeUnload);
    document.addEventListener("click", onClick, true);
    navigation?.addEventListener("navigate", onNavigate);
    return () => {
      if (activeGuard === confirmLeaving) activeGuard = undefined;
      window.removeEventListener("beforeunload", onBeforeUnload);
      document.removeEventListener("click", onClick, true);
      navigation?.removeEventListener("navigate", onNavigate);
    };
  }, [isDirty]);
}
