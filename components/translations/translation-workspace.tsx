"use client";

import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { useMemo, useState } from "react";
import { useRecord, type FullRecord } from "@/components/collections/api";
import { ConflictDialog } from "@/components/collections/conflict-dialog";
import { useUnsavedChangesWarning } from "@/components/collections/use-unsaved-changes-warning";
import { StatusHistory } from "@/components/publishing/status-history";
import { StatusPanel, type FieldLocator } from "@/components/publishing/status-panel";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { Select } from "@/components/ui/select";
import { useToast } from "@/components/ui/toast";
import { useAdmin } from "@/lib/admin/admin-context";
import { ApiRequestError, describeError } from "@/lib/admin/api-client";
import type { AdminCollection } from "@/lib/admin/collections";
import { useSaveTranslations } from "./api";
import { buildTranslationPatch, collectTextFields, fieldAnchorId, fieldState, type FieldState, type TextField } from "./text-fields";
import { replaceAddress } from "@/lib/admin/replace-address";

const STATE_BADGES: Record<FieldState, { tone: "success" | "warning" | "neutral"; label: string }> = {
  translated: { tone: "success", label: "Translated" },
  missing: { tone: "warning", label: "Missing" },
  empty: { tone: "neutral", label: "Empty in every language" },
};

/** The language to translate into: the address's, else the translator's first, else the first non-default one. */
function useTargetLanguage(): [string | undefined, (language: string) => void] {
  const { languages, defaultLanguage, translatorLanguages } = useAdmin();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const targets = languages.filter((language) => language !== defaultLanguage);
  const requested = searchParams.get("language");
  const language =
    requested && targets.includes(requested) ? requested : (translatorLanguages.find((candidate) => targets.includes(candidate)) ?? targets[0]);
  const choose = (next: string) => {
    const params = new URLSearchParams(searchParams.toString());
    params.set("language", next);
    replaceAddress(`${pathname}?${params.toString()}`);
  };
  return [language, choose];
}

/**
 * The default language and one target language side by side, field by field, with each field's and the
 * record's completeness, and — for publishable collections — the per-language status and its history.
 */
export function TranslationWorkspace({ collection, id }: { collection: AdminCollection; id: string }) {
  const { languages, defaultLanguage } = useAdmin();
  const [language, chooseLanguage] = useTargetLanguage();
  const query = useRecord(collection, id);
  const [isDirty, setIsDirty] = useState(false);

  if (!language) return <Notice>This organization has only one language ({defaultLanguage}); there is nothing to translate.</Notice>;
  if (query.isError) return <Notice tone="error">{describeError(query.error)}</Notice>;
  if (!query.data) return <p className="text-sm text-slate-700">Loading…</p>;

  const { record, etag } = query.data;
  const title = textOf(record[collection.titleField], defaultLanguage) || `#${record.id}`;
  const fields = collectTextFields(record, languages);
  const locateField: FieldLocator = (pointer) => {
    const field = fields.find((candidate) => candidate.pointer === pointer);
    return field ? { label: field.label, anchorId: fieldAnchorId(field.pointer) } : undefined;
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm text-slate-700">
            <Link href={`/admin/content/${collection.slug}`} className="text-blue-800 underline-offset-2 hover:underline">
              {collection.label}
            </Link>
          </p>
          <p className="text-xl font-medium" lang={defaultLanguage}>
            {title}
          </p>
        </div>
        <Select
          label="Translate into"
          value={language}
          className="w-48"
          onChange={(event) => {
            if (isDirty && !window.confirm("You have unsaved changes. Switch language and lose them?")) return;
            chooseLanguage(event.target.value);
          }}
        >
          {languages
            .filter((candidate) => candidate !== defaultLanguage)
            .map((candidate) => (
              <option key={candidate} value={candidate}>
                {candidate}
              </option>
            ))}
        </Select>
      </div>

      {collection.kind === "publishable" ? (
        <StatusPanel
          collection={collection}
          id={id}
          status={(record.status ?? {}) as Record<string, string>}
          locateField={locateField}
          blockedReason={isDirty ? "Save or discard your translations before changing a status: publishing checks the saved texts." : undefined}
        />
      ) : null}
      <TranslationForm
        key={`${language}:${etag}`}
        collection={collection}
        record={record}
        etag={etag ?? "*"}
        fields={fields}
        language={language}
        onDirtyChange={setIsDirty}
        onReload={() => void query.refetch()}
      />
      {collection.kind === "publishable" ? <StatusHistory collection={collection} id={id} /> : null}
    </div>
  );
}

function textOf(value: unknown, language: string): string {
  if (typeof value === "string") return value;
  if (value && typeof value === "object") return String((value as Record<string, unknown>)[language] ?? "");
  return "";
}

type TranslationFormProps = {
  collection: AdminCollection;
  record: FullRecord;
  etag: string;
  fields: TextField[];
  language: string;
  onDirtyChange: (isDirty: boolean) => void;
  onReload: () => void;
};

function TranslationForm({ collection, record, etag, fields, language, onDirtyChange, onReload }: TranslationFormProps) {
  const { languages, defaultLanguage, role, translatorLanguages } = useAdmin();
  const save = useSaveTranslations(collection, String(record.id));
  const toast = useToast();
  const [values, setValues] = useState<ReadonlyMap<string, string>>(new Map());
  const [fieldErrors, setFieldErrors] = useState<ReadonlyMap<string, string>>(new Map());
  const [formError, setFormError] = useState<string>();
  const [isConflict, setIsConflict] = useState(false);
  const mayEdit = role !== "translator" || translatorLanguages.includes(language);
  const isDirty = values.size > 0;
  useUnsavedChangesWarning(isDirty);

  const valueOf = (field: TextField) => values.get(field.pointer) ?? field.text[language] ?? "";
  const states = useMemo(() => fields.map((field) => fieldState(field.text, language, values.get(field.pointer))), [fields, language, values]);
  const counted = states.filter((state) => state !== "empty").length;
  const translated = states.filter((state) => state === "translated").length;
  const recordState = translated === counted ? "complete" : translated === 0 ? "not started" : "partial";

  const update = (field: TextField, value: string) => {
    const next = new Map(values);
    if (value === (field.text[language] ?? "")) next.delete(field.pointer);
    else next.set(field.pointer, value);
    setValues(next);
    onDirtyChange(next.size > 0);
  };

  const submit = (ifMatch: string) => {
    setFormError(undefined);
    setFieldErrors(new Map());
    save.mutate(
      { patch: buildTranslationPatch(record, values, language, languages), ifMatch },
      {
        onSuccess: () => {
          onDirtyChange(false);
          toast.show(`Saved the ${language} translation.`);
        },
        onError: (error) => {
          if (error instanceof ApiRequestError && error.isConflict) {
            setIsConflict(true);
            return;
          }
          const known = new Set(fields.map((field) => field.pointer));
          const placed = error instanceof ApiRequestError ? error.details.filter((detail) => known.has(detail.path)) : [];
          setFieldErrors(new Map(placed.map((detail) => [detail.path, detail.message])));
          if (placed.length === 0 || (error instanceof ApiRequestError && placed.length < error.details.length)) setFormError(describeError(error));
        },
      },
    );
  };

  return (
    <form
      aria-labelledby="translation-heading"
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit(etag);
      }}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="translation-heading" className="text-lg font-semibold">
          Texts: {defaultLanguage} → {language}
        </h2>
        <p className="text-sm text-slate-800" role="status">
          {translated} of {counted} texts translated into {language} ({recordState})
        </p>
      </div>
      {!mayEdit ? <Notice>You can read the {language} translation but not change it: you translate {translatorLanguages.join(", ") || "no language"}.</Notice> : null}
      {formError ? <Notice tone="error">{formError}</Notice> : null}
      {fields.length === 0 ? <p className="text-sm text-slate-700">This record has no texts.</p> : null}
      <ol className="space-y-3">
        {fields.map((field, index) => {
          const anchorId = fieldAnchorId(field.pointer);
          const error = fieldErrors.get(field.pointer);
          const badge = STATE_BADGES[states[index]!];
          const source = field.text.default;
          return (
            <li key={field.pointer} className="grid gap-3 rounded-lg border border-slate-200 bg-white p-3 md:grid-cols-2">
              <div>
                <div className="flex items-center justify-between gap-2">
                  <p className="text-sm font-medium text-slate-800">{field.label}</p>
                  <Badge tone={badge.tone}>{badge.label}</Badge>
                </div>
                <p className="mt-1 text-sm whitespace-pre-wrap text-slate-900" lang={defaultLanguage}>
                  {source || <span className="text-slate-600 italic">(no {defaultLanguage} text)</span>}
                </p>
              </div>
              <div>
                <label htmlFor={anchorId} className="block text-sm font-medium text-slate-800">
                  {field.label} ({language})
                </label>
                <textarea
                  id={anchorId}
                  lang={language}
                  rows={source.length > 80 ? 3 : 1}
                  value={valueOf(field)}
                  readOnly={!mayEdit}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${anchorId}-message` : undefined}
                  onChange={(event) => update(field, event.target.value)}
                  className={`mt-1 block w-full rounded-md border px-3 py-2 text-sm shadow-sm focus:outline-2 focus:outline-blue-600 read-only:bg-slate-50 ${error ? "border-rose-600" : "border-slate-300"}`}
                />
                {error ? (
                  <p id={`${anchorId}-message`} className="mt-1 text-sm text-rose-700">
                    {error}
                  </p>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
      {mayEdit && fields.length > 0 ? (
        <div className="flex gap-2">
          <Button type="submit" disabled={!isDirty || save.isPending}>
            Save translations
          </Button>
          <Button
            variant="secondary"
            disabled={!isDirty || save.isPending}
            onClick={() => {
              setValues(new Map());
              setFieldErrors(new Map());
              onDirtyChange(false);
            }}
          >
            Discard changes
          </Button>
        </div>
      ) : null}
      <ConflictDialog
        open={isConflict}
        singular={collection.singular}
        onKeepEditing={() => setIsConflict(false)}
        onReload={() => {
          setIsConflict(false);
          onDirtyChange(false);
          onReload();
        }}
        onOverwrite={() => {
          setIsConflict(false);
          submit("*");
        }}
      />
    </form>
  );
}
