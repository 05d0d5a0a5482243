"use client";

import { useId, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { SecretReveal } from "@/components/ui/secret-reveal";
import { Cell, HeaderCell, Row, Table } from "@/components/ui/table";
import { useToast } from "@/components/ui/toast";
import { useAdmin } from "@/lib/admin/admin-context";
import { ApiRequestError, describeError } from "@/lib/admin/api-client";
import type { AdminCollection } from "@/lib/admin/collections";
import { maySetStatusOf, STATUS_TRANSITIONS, statusForTransitions, type ContentStatus } from "@/lib/publishing/transitions";
import { RecordSchedules } from "@/components/schedules/record-schedules";
import { ScheduleDialog } from "@/components/schedules/schedule-dialog";
import { useChangeStatus, useCreatePreviewLink, type CreatedPreviewLink } from "./api";

const ACTION_LABELS: Record<ContentStatus, string> = { published: "Publish", unpublished: "Unpublish", draft: "Back to draft" };
const DONE: Record<ContentStatus, (language: string) => string> = {
  published: (language) => `Published ${language}.`,
  unpublished: (language) => `Unpublished ${language}.`,
  draft: (language) => `${language} is a draft again.`,
};
const TONES = { published: "success", unpublished: "warning", draft: "neutral" } as const;

/** Where a field the API names (by JSON Pointer) can be fixed: its label and the id of its input. */
export type FieldLocator = (pointer: string) => { label: string; anchorId: string } | undefined;

type Refusal = { language: string; fields: { pointer: string; label: string; anchorId?: string }[]; message: string };

export function StatusBadge({ status }: { status: ContentStatus }) {
  return <Badge tone={TONES[status]}>{status}</Badge>;
}

/**
 * Every language's status with the transitions allowed from it. A button the person's role or
 * languages do not permit is shown disabled with the reason, so translators see what exists but
 * cannot use it; the API enforces the same rules (403). Each language's change can also be scheduled
 * for later (ADR 29), and the record's schedules are listed with a cancel button.
 */
export function StatusPanel({
  collection,
  id,
  status,
  locateField,
  blockedReason,
}: {
  collection: AdminCollection;
  id: string;
  status: Readonly<Record<string, string>>;
  locateField: FieldLocator;
  /** Why no status may change now (e.g. unsaved translations), if anything stops it. */
  blockedReason?: string;
}) {
  const { languages, defaultLanguage, role, translatorLanguages } = useAdmin();
  const change = useChangeStatus(collection, id);
  const toast = useToast();
  const [refusal, setRefusal] = useState<Refusal>();
  // The language whose "Schedule…" dialog is open.
  const [scheduling, setScheduling] = useState<{ key: string; language: string; suggested: ContentStatus }>();
  const createPreview = useCreatePreviewLink(collection, id);
  const [preview, setPreview] = useState<CreatedPreviewLink & { shownLanguage: string }>();
  const [previewError, setPreviewError] = useState<string>();
  const noteId = useId();
  const permittedNote =
    role === "translator" ? `You can change the status of ${translatorLanguages.join(", ") || "no language"} only.` : undefined;

  const run = (key: string, language: string, to: ContentStatus) => {
    setRefusal(undefined);
    change.mutate(
      { key, to },
      {
        onSuccess: () => toast.show(DONE[to](language)),
        onError: (error) => {
          const fields =
            error instanceof ApiRequestError && error.status === 422
              ? error.details.filter((detail) => detail.message.startsWith("has no ")).map((detail) => ({ pointer: detail.path, label: detail.path, ...locateField(detail.path) }))
              : [];
          setRefusal({ language, fields, message: describeError(error) });
        },
      },
    );
  };

  const share = (key: string, language: string) => {
    setPreviewError(undefined);
    createPreview.mutate(key, {
      onSuccess: (link) => setPreview({ ...link, shownLanguage: language }),
      onError: (error) => setPreviewError(describeError(error)),
    });
  };

  return (
    <section aria-labelledby={`${noteId}-heading`} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id={`${noteId}-heading`} className="text-lg font-semibold">
        Status by language
      </h2>
      {permittedNote ? (
        <p id={noteId} className="text-sm text-slate-700">
          {permittedNote}
        </p>
      ) : null}
      {blockedReason ? <p className="text-sm text-amber-900">{blockedReason}</p> : null}
      {refusal ? (
        <Notice tone="error">
          {refusal.fields.length > 0 ? (
            <>
              <p className="font-medium">
                {refusal.language} was not published: these fields have no {refusal.language} text yet.
              </p>
              <ul className="mt-1 list-disc pl-5">
                {refusal.fields.map((field) => (
                  <li key={field.pointer}>
                    {field.anchorId ? (
                      <a
                        href={`#${field.anchorId}`}
                        className="underline underline-offset-2"
                        onClick={(event) => {
                          const target = document.getElementById(field.anchorId!);
                          if (!target) return;
                          event.preventDefault();
                          target.focus();
                          target.scrollIntoView({ block: "center" });
                        }}
                      >
                        {field.label}
                      </a>
                    ) : (
                      field.label
                    )}
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p>{refusal.message}</p>
          )}
        </Notice>
      ) : null}
      {previewError ? <Notice tone="error">{previewError}</Notice> : null}
      {preview ? (
        <SecretReveal
          label={`Preview link (${preview.shownLanguage})`}
          title={`Anyone with this address reads the ${preview.shownLanguage} version as it is now, drafts included, until ${new Date(preview.expires_at).toLocaleString()}. It is shown only this once.`}
          value={preview.url}
          onDismiss={() => setPreview(undefined)}
        />
      ) : null}
      <Table
        caption="Each language's status and what can change it"
        head={
          <>
            <HeaderCell>Language</HeaderCell>
            <HeaderCell>Status</HeaderCell>
            <HeaderCell hidden>Actions</HeaderCell>
          </>
        }
      >
        {languages.map((language) => {
          const isDefault = language === defaultLanguage;
          const key = isDefault ? "default" : language;
          const current = statusForTransitions(status, key);
          const mayChange = maySetStatusOf(role, translatorLanguages, language);
          return (
            <Row key={language}>
              <Cell className="font-medium">
                {language}
                {isDefault ? " (default)" : ""}
              </Cell>
              <Cell>
                <StatusBadge status={current} />
                {!isDefault && status[key] === undefined ? <span className="ml-2 text-xs text-slate-600">no own status yet</span> : null}
              </Cell>
              <Cell className="text-right whitespace-nowrap">
                {STATUS_TRANSITIONS[current].map((to) => (
                  <Button
                    key={to}
                    variant={to === "published" ? "primary" : "secondary"}
                    className="ml-2"
                    aria-label={`${ACTION_LABELS[to]} ${language}`}
                    aria-describedby={!mayChange && permittedNote ? noteId : undefined}
                    disabled={!mayChange || blockedReason !== undefined || change.isPending}
                    onClick={() => run(key, language, to)}
                  >
                    {ACTION_LABELS[to]}
                  </Button>
                ))}
                <Button
                  variant="ghost"
                  className="ml-2"
                  aria-label={`Schedule a change of ${language}`}
                  aria-describedby={!mayChange && permittedNote ? noteId : undefined}
                  disabled={!mayChange}
                  onClick={() => setScheduling({ key, language, suggested: STATUS_TRANSITIONS[current][0] ?? "published" })}
                >
                  Schedule…
                </Button>
                <Button
                  variant="secondary"
                  className="ml-2"
                  aria-label={`Preview link ${language}`}
                  aria-describedby={!mayChange && permittedNote ? noteId : undefined}
                  disabled={!mayChange || createPreview.isPending}
                  onClick={() => share(key, language)}
                >
                  Preview link
                </Button>
              </Cell>
            </Row>
          );
        })}
      </Table>
      <RecordSchedules collection={collection} id={id} />
      {scheduling ? (
        <ScheduleDialog
          collection={collection}
          id={id}
          statusKey={scheduling.key}
          language={scheduling.language}
          suggested={scheduling.suggested}
          onClose={() => setScheduling(undefined)}
        />
      ) : null}
    </section>
  );
}
