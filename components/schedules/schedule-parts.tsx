"use client";

import { useSyncExternalStore } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { useAdmin } from "@/lib/admin/admin-context";
import { describeError } from "@/lib/admin/api-client";
import { maySetStatusOf, type ContentStatus } from "@/lib/publishing/transitions";
import { useCancelSchedule, type Schedule } from "./api";

const STATUS_TONES = { published: "success", unpublished: "warning", draft: "neutral" } as const;
const LOCAL_TIME = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" });
const UTC_TIME = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const subscribeToNothing = () => () => {};

/**
 * Formats a moment in the reader's time zone. The server, which renders the first paint (ADR 9), does
 * not know that zone: until the page has hydrated the time is given in UTC, said so, and React then
 * renders it again in the reader's zone (a mismatch would make React discard the server's HTML).
 */
export function useLocalTime(): (at: string) => string {
  const isBrowser = useSyncExternalStore(subscribeToNothing, () => true, () => false);
  return (at) => (isBrowser ? LOCAL_TIME.format(new Date(at)) : `${UTC_TIME.format(new Date(at))} UTC`);
}

/** A status key as people read it: `default` is the default language's code. */
export function useLanguageName(): (key: string) => string {
  const { defaultLanguage } = useAdmin();
  return (key) => (key === "default" ? `${defaultLanguage} (default)` : key);
}

/** A schedule's changes: each language with the status it moves to. */
export function ScheduledChanges({ changes }: { changes: Schedule["changes"] }) {
  const languageName = useLanguageName();
  return (
    <ul className="space-y-1">
      {changes.map((change) => (
        <li key={change.language} className="whitespace-nowrap">
          {languageName(change.language)} → <Badge tone={STATUS_TONES[change.status as ContentStatus]}>{change.status}</Badge>
        </li>
      ))}
    </ul>
  );
}

/**
 * Cancels a pending schedule (from the status panel or the calendar), disabled unless the person may
 * set the status of every language it changes (the API's rule for cancelling); the outcome is a toast.
 */
export function CancelScheduleButton({ schedule, what, when }: { schedule: Schedule; /** The record, for the button's name; absent in the record's own panel. */ what?: string; when: string }) {
  const { role, translatorLanguages, defaultLanguage } = useAdmin();
  const cancel = useCancelSchedule();
  const toast = useToast();
  const languageName = useLanguageName();
  if (schedule.state !== "pending") return null;
  const mayCancel = schedule.changes.every((change) => maySetStatusOf(role, translatorLanguages, change.language === "default" ? defaultLanguage : change.language));
  const changes = schedule.changes.map((change) => `${languageName(change.language)} → ${change.status}`).join(", ");
  const of = what ? ` of ${what}` : "";
  return (
    <Button
      variant="secondary"
      disabled={!mayCancel || cancel.isPending}
      aria-label={`Cancel ${changes}${of} at ${when}`}
      onClick={() =>
        cancel.mutate(schedule, {
          onSuccess: () => toast.show(`Cancelled the change${of} at ${when}.`),
          onError: (error) => toast.show(describeError(error), "error"),
        })
      }
    >
      Cancel
    </Button>
  );
}
