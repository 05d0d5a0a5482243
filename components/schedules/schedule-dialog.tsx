"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { Select } from "@/components/ui/select";
import { useToast } from "@/components/ui/toast";
import { ApiRequestError, describeError } from "@/lib/admin/api-client";
import type { AdminCollection } from "@/lib/admin/collections";
import { CONTENT_STATUSES, type ContentStatus } from "@/lib/publishing/transitions";
import { useCreateSchedule } from "./api";
import { localInputToIso, nextWholeHour, toLocalInputValue } from "./local-time";

const STATUS_WORDS: Record<ContentStatus, string> = { published: "Published", unpublished: "Unpublished", draft: "Draft" };

/** The zone the browser's times are in, for the label of the time input. */
function timeZoneName(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * Schedules one language's status change of a record (docs/api.md "Scheduled status changes"): a time
 * in the editor's own time zone, sent as an ISO time, and the status to move to. The API's refusals
 * land on the field they name (`/at`, `/status`), anything else above the form.
 */
export function ScheduleDialog({
  collection,
  id,
  statusKey,
  language,
  suggested,
  onClose,
}: {
  collection: AdminCollection;
  id: string;
  /** The status key: `default` or a language code. */
  statusKey: string;
  /** The language as people read it. */
  language: string;
  /** The status to offer first (the next step from the current one). */
  suggested: ContentStatus;
  onClose: () => void;
}) {
  const create = useCreateSchedule(collection, id);
  const toast = useToast();
  const [when, setWhen] = useState(() => toLocalInputValue(nextWholeHour(new Date())));
  const [status, setStatus] = useState<ContentStatus>(suggested);
  const [errors, setErrors] = useState<{ at?: string; status?: string; form?: string }>({});

  const submit = () => {
    const at = localInputToIso(when);
    if (!at) {
      setErrors({ at: "Enter a date and a time." });
      return;
    }
    setErrors({});
    create.mutate(
      { language: statusKey, status, at },
      {
        onSuccess: () => {
          toast.show(`Scheduled ${language}: ${STATUS_WORDS[status].toLowerCase()} at ${new Date(at).toLocaleString()}.`);
          onClose();
        },
        onError: (error) => {
          if (!(error instanceof ApiRequestError)) return setErrors({ form: describeError(error) });
          const next: { at?: string; status?: string; form?: string } = {};
          const unplaced: string[] = [];
          for (const detail of error.details) {
            if (detail.path === "/at") next.at = detail.message;
            else if (detail.path === "/status") next.status = detail.message;
            else unplaced.push(detail.message);
          }
          if (error.details.length === 0 || unplaced.length > 0) next.form = [describeError(error), ...unplaced].join(" ");
          setErrors(next);
        },
      },
    );
  };

  return (
    <Dialog open title={`Schedule a change of ${language}`} onClose={onClose}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {errors.form ? <Notice tone="error">{errors.form}</Notice> : null}
        <Field
          label={`When (your time, ${timeZoneName()})`}
          type="datetime-local"
          value={when}
          onChange={(event) => setWhen(event.target.value)}
          error={errors.at}
          hint="To the minute. The change runs then, under the publishing rules of that moment."
          required
        />
        <Select label="Change to" value={status} onChange={(event) => setStatus(event.target.value as ContentStatus)} error={errors.status}>
          {CONTENT_STATUSES.map((candidate) => (
            <option key={candidate} value={candidate}>
              {STATUS_WORDS[candidate]}
            </option>
          ))}
        </Select>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? "Scheduling…" : "Schedule"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
