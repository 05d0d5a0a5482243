"use client";

import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { createContext, useContext, useId, useMemo, useState, type ReactNode, type Ref } from "react";
import { Controller, FormProvider, useFormContext, useWatch, type FieldErrors, type Resolver } from "react-hook-form";
import { useRecord } from "@/components/collections/api";
import type { UploadRef } from "@/components/collections/form-schemas";
import { LookupPickerField } from "@/components/collections/form-fields";
import { LanguageTabs, StructureFields, StructureScope } from "@/components/collections/language-tabs";
import { MediaPicker } from "@/components/media/media-picker";
import { RecordFormActions, useRecordForm } from "@/components/collections/record-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { Select } from "@/components/ui/select";
import { useAdmin } from "@/lib/admin/admin-context";
import { describeError } from "@/lib/admin/api-client";
import type { AdminCollection } from "@/lib/admin/collections";
import type { WorkoutAllTexts, WorkoutInput } from "@/lib/workouts/schemas";
import { phaseExerciseIds } from "@/lib/workouts/phase-walkers";
import { phaseKindAt, type PhaseKind } from "@/lib/workouts/phases";
import { thumbnailUrl, useEquipmentOptions, useExerciseDetails, useUpload, useWorkoutTemplates, type ExercisePreview } from "./api";
import { ExercisePicker } from "./exercise-picker";
import { NumberField, TextInputs, useFieldError, WorkoutEditorProvider, type WorkoutEditorContextValue } from "./fields";
import {
  copyFormValues,
  formPathOfPointer,
  issuesToErrors,
  PHASE_LABELS,
  toFormValues,
  validateWorkoutForm,
  type Languages,
  type WorkoutFormValues,
} from "./form-values";
import { PhaseList } from "./phase-list";
import { formatDuration, summarizeWorkout, type EquipmentFacts, type ExerciseFacts } from "./summary";
import { EDITOR_LOOKUPS } from "@/components/collections/lookup-fields";
import { registerCheckbox, registerWithValues } from "@/components/collections/register-with-values";

const LOOKUPS = EDITOR_LOOKUPS["workouts"];

type Source = { mode: "duplicate" | "from-template"; id: string };

/**
 * Create or edit a workout (ADR 10): metadata, then phases with items of all eight types. New
 * workouts may start as a duplicate (`?duplicate=<id>`) or from a template (`?template=<id>`).
 */
export function WorkoutEditor({ collection, id }: { collection: AdminCollection; id?: string }) {
  const searchParams = useSearchParams();
  const source: Source | undefined = useMemo(() => {
    if (id !== undefined) return undefined;
    const duplicate = searchParams.get("duplicate");
    const template = searchParams.get("template");
    if (duplicate) return { mode: "duplicate", id: duplicate };
    if (template) return { mode: "from-template", id: template };
    return undefined;
  }, [id, searchParams]);
  const record = useRecord<WorkoutAllTexts>(collection, id ?? source?.id);
  const [, setSaves] = useState(0);
  if (id !== undefined || source) {
    if (record.isPending) return <p>Loading…</p>;
    if (record.isError) return <Notice tone="error">{describeError(record.error)}</Notice>;
  }
  const formKey = `${id ?? "new"}:${source ? `${source.mode}:${source.id}` : ""}:${record.data?.etag ?? ""}`;
  return (
    <WorkoutForm
      key={formKey}
      collection={collection}
      id={id}
      source={source}
      record={record.data?.record}
      etag={id !== undefined ? (record.data?.etag ?? undefined) : undefined}
      // A re-render after the save dropped the record from the cache loads the saved version.
      onSaved={() => setSaves((count) => count + 1)}
      onReload={() => void record.refetch()}
    />
  );
}

type WorkoutFormProps = {
  collection: AdminCollection;
  id?: string;
  source?: Source;
  record?: WorkoutAllTexts;
  etag?: string;
  onSaved: () => void;
  onReload: () => void;
};

function WorkoutForm({ collection, id, source, record, etag, onSaved, onReload }: WorkoutFormProps) {
  const { languages, defaultLanguage } = useAdmin();
  const langs: Languages = useMemo(() => ({ languages, defaultLanguage }), [languages, defaultLanguage]);
  const initialValues = useMemo(() => {
    const values = toFormValues(record, langs);
    return source ? copyFormValues(values, source.mode) : values;
  }, [record, langs, source]);
  const resolver: Resolver<WorkoutFormValues, unknown, WorkoutInput> = useMemo(
    () => async (values) => {
      const result = validateWorkoutForm(values, langs);
      return result.body ? { values: result.body, errors: {} } : { values: {}, errors: issuesToErrors(result.issues, values) as FieldErrors<WorkoutFormValues> };
    },
    [langs],
  );
  // The editor stays on the workout after a save; a copy (duplicate or template) keeps a draft of its own.
  const { form, onSubmit, notices, conflictDialog, isNew, listHref } = useRecordForm<WorkoutFormValues, WorkoutInput>({
    collection,
    id,
    loaded: { record, etag, reload: onReload },
    resolver,
    defaultValues: initialValues,
    mode: "onChange",
    draftKey: source ? `new:${source.mode}:${source.id}` : undefined,
    fieldOf: (pointer, message) => formPathOfPointer(pointer, langs, message),
    onSaved,
  });
  const { formState } = form;

  return (
    <FormProvider {...form}>
      <EditorContext langs={langs}>
        <form onSubmit={onSubmit} noValidate aria-label={isNew ? "New workout" : "Edit workout"} className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <div className="min-w-0 space-y-6">
            {notices}
            {isNew && !source ? <TemplateChooser isDirty={formState.isDirty} /> : null}
            {source ? <Notice>{source.mode === "duplicate" ? "A copy of the workout: it is saved as a new workout with its own slug." : "Started from a template: it is saved as a new workout."}</Notice> : null}
            <LanguageTabs control={form.control} setFocus={form.setFocus} record={isNew ? undefined : record}>
              <MetadataSection />
              <section aria-labelledby="phases-heading" className="space-y-3">
                <h2 id="phases-heading" className="text-xl font-semibold">
                  Phases
                </h2>
                <StructureScope>
                  <PhaseList />
                </StructureScope>
              </section>
            </LanguageTabs>
            <RecordFormActions isNew={isNew} isSubmitting={formState.isSubmitting} singular={collection.singular} listHref={listHref}>
              {id !== undefined ? (
                <Link href={`${listHref}/new?duplicate=${encodeURIComponent(id)}`} className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-100">
                  Duplicate workout
                </Link>
              ) : null}
            </RecordFormActions>
          </div>
          <SummaryPanel />
        </form>
        {conflictDialog}
      </EditorContext>
    </FormProvider>
  );
}

/** Provides the exercise picker, exercise names and thumbnails, and the phase titles to everything below. */
function EditorContext({ langs, children }: { langs: Languages; children: ReactNode }) {
  const phases = useWatch<WorkoutFormValues, "phases">({ name: "phases" });
  const idsKey = phaseExerciseIds(phases ?? [])
    .map((use) => use.id)
    .filter((id) => id !== "")
    .join(",");
  const exerciseIds = useMemo(() => (idsKey === "" ? [] : idsKey.split(",")), [idsKey]);
  const details = useExerciseDetails(exerciseIds);
  const equipment = useEquipmentOptions();
  const [picked, setPicked] = useState(() => new Map<string, ExercisePreview>());
  const [picker, setPicker] = useState<{ purpose: string; onPick: (exercise: ExercisePreview) => void }>();
  const equipmentById = useMemo(() => new Map((equipment.data ?? []).map((record) => [Number(record.id), record])), [equipment.data]);
  // Keyed on the phase kinds, not the phases: every field below reads this context, and typing in one
  // must not re-render them all.
  const kindsKey = (phases ?? []).map((phase) => phase.kind).join(",");
  const value: WorkoutEditorContextValue = useMemo(
    () => ({
      ...langs,
      phaseTitles: kindsKey === "" ? [] : kindsKey.split(",").map((kind) => PHASE_LABELS[kind as PhaseKind]),
      describeExercise: (exerciseId) => {
        const key = exerciseId.toLowerCase();
        const known = details.byId.get(key) ?? picked.get(key);
        const image = details.byId.get(key)?.image;
        return {
          name: known?.name ?? (details.missing.has(key) ? "Unknown exercise" : "Loading…"),
          thumbnail: image ? thumbnailUrl(image.url) : undefined,
          isMissing: details.missing.has(key),
        };
      },
      pickExercise: (purpose, onPick) => setPicker({ purpose, onPick }),
    }),
    [langs, kindsKey, details, picked],
  );
  const summaryData = useMemo(() => ({ details: details.byId, picked, equipment: equipmentById }), [details, picked, equipmentById]);
  return (
    <WorkoutEditorProvider value={value}>
      <SummaryData.Provider value={summaryData}>{children}</SummaryData.Provider>
      <ExercisePicker
        purpose={picker?.purpose}
        equipment={equipmentById}
        onClose={() => setPicker(undefined)}
        onPick={(exercise) => {
          setPicked((current) => new Map(current).set(exercise.id.toLowerCase(), exercise));
          picker?.onPick(exercise);
          setPicker(undefined);
        }}
      />
    </WorkoutEditorProvider>
  );
}

type SummaryDataValue = { details: ReadonlyMap<string, ExercisePreview>; picked: ReadonlyMap<string, ExercisePreview>; equipment: ReadonlyMap<number, { name: string; no_equipment?: boolean }> };
/** What the summary needs besides the form: the facts loaded about exercises and equipment. */
const SummaryData = createContext<SummaryDataValue>({ details: new Map(), picked: new Map(), equipment: new Map() });

function SummaryPanel() {
  const phases = useWatch<WorkoutFormValues, "phases">({ name: "phases" });
  const { details, picked, equipment } = useContext(SummaryData);
  const summary = useMemo(() => {
    const exercises = new Map<string, ExerciseFacts>();
    for (const [id, exercise] of [...picked, ...details]) exercises.set(id, { equipment: exercise.equipment });
    const equipmentFacts = new Map<number, EquipmentFacts>([...equipment].map(([id, record]) => [id, { name: record.name, isNoEquipment: record.no_equipment === true }]));
    return summarizeWorkout(phases ?? [], exercises, equipmentFacts);
  }, [phases, details, picked, equipment]);
  return (
    <aside aria-labelledby="summary-heading" className="h-fit space-y-3 rounded-lg border border-slate-300 bg-white p-4 lg:sticky lg:top-4">
      <h2 id="summary-heading" className="text-lg font-semibold">
        Summary
      </h2>
      <dl className="space-y-2 text-sm">
        <div>
          <dt className="font-medium text-slate-700">Estimated time</dt>
          <dd>{formatDuration(summary.seconds)}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-700">Exercises</dt>
          <dd>{summary.exerciseCount}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-700">Equipment needed</dt>
          <dd>{summary.equipment.length > 0 ? summary.equipment.join(", ") : summary.pendingExercises > 0 ? "Loading…" : "None"}</dd>
        </div>
      </dl>
      {summary.phaseSeconds.length > 0 ? (
        <div className="text-sm">
          <p id="summary-phases" className="font-medium text-slate-700">
            Time by phase
          </p>
          <ul aria-labelledby="summary-phases" className="mt-1 space-y-0.5">
            {summary.phaseSeconds.map((seconds, index) => {
              const kind = phaseKindAt((phases ?? [])[index]?.kind, index);
              return (
                <li key={index}>
                  {kind ? PHASE_LABELS[kind] : `Phase ${index + 1}`}: {formatDuration(seconds)}
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </aside>
  );
}

const GENDERS = [
  ["female", "Female"],
  ["male", "Male"],
  ["non-binary", "Non-binary"],
] as const;
const LEVELS = [
  ["beginner", "Beginner"],
  ["intermediate", "Intermediate"],
  ["advanced", "Advanced"],
] as const;
const DURATIONS = ["0-15", "16-30", "31-45", "46-60", "61+"] as const;
const LOCATIONS = [
  ["home", "Home"],
  ["club", "Club"],
  ["outdoor", "Outdoor"],
] as const;

function MetadataSection() {
  const form = useFormContext<WorkoutFormValues>();
  const register = registerWithValues(form);
  const errorOf = useFieldError;
  const locationsLegend = useId();
  return (
    <section aria-labelledby="details-heading" className="space-y-4">
      <h2 id="details-heading" className="text-xl font-semibold">
        Details
      </h2>
      <TextInputs path="title" label="Title" />
      <StructureFields>
        <Field label="Slug" hint="Lowercase letters and digits separated by dashes; left empty, it is made from the title." error={errorOf("slug")} {...register("slug")} />
      </StructureFields>
      <TextInputs path="description" label="Description" multiline />
      <StructureFields className="space-y-4">
        <Controller
          control={form.control}
          name="image"
          render={({ field, fieldState }) => <CoverImagePicker ref={field.ref} uploadId={field.value} onChange={field.onChange} error={fieldState.error?.message} />}
        />
        <div className="grid gap-3 sm:grid-cols-3">
          <Select label="Gender" error={errorOf("gender")} {...register("gender")}>
            <option value="">Choose…</option>
            {GENDERS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
          <Select label="Level" error={errorOf("level")} {...register("level")}>
            <option value="">Choose…</option>
            {LEVELS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
          <Select label="Duration (minutes)" error={errorOf("duration")} {...register("duration")}>
            <option value="">Choose…</option>
            {DURATIONS.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-wrap items-end gap-6">
          <NumberField path="estimated_duration" label="Estimated duration" unit="minutes" className="w-48" />
          <fieldset aria-labelledby={locationsLegend} className="flex gap-3">
            <legend id={locationsLegend} className="mb-1 text-sm font-medium text-slate-800">
              Locations
            </legend>
            {LOCATIONS.map(([value, label]) => (
              <label key={value} className="inline-flex items-center gap-1 text-sm">
                <input type="checkbox" {...registerCheckbox(form, "locations", value)} />
                {label}
              </label>
            ))}
          </fieldset>
          <label className="inline-flex items-center gap-2 text-sm">
            <input type="checkbox" {...registerCheckbox(form, "template")} />
            Template (offered when a new workout is started)
          </label>
        </div>
        <div className="grid gap-3 md:grid-cols-2">
          <LookupPickerField form={form} name="types" label="Types" hint="Content categories" {...LOOKUPS.types} />
          <LookupPickerField form={form} name="goals" label="Goals" {...LOOKUPS.goals} />
          <LookupPickerField form={form} name="body_parts" label="Body parts" {...LOOKUPS.body_parts} />
          <LookupPickerField form={form} name="content_packages" label="Content packages" {...LOOKUPS.content_packages} />
        </div>
      </StructureFields>
    </section>
  );
}

/** The cover image: the form holds the upload's id; the picker shows the upload, just picked or read by its id. */
function CoverImagePicker({ ref, uploadId, onChange, error }: { ref: Ref<HTMLInputElement>; uploadId: string; onChange: (id: string) => void; error?: string }) {
  const [picked, setPicked] = useState<UploadRef | null>(null);
  const isPicked = picked !== null && picked.id === uploadId;
  const stored = useUpload(isPicked ? "" : uploadId);
  const value = uploadId === "" ? null : isPicked ? picked : (stored.data ?? null);
  return (
    <MediaPicker
      ref={ref}
      label="Image"
      kind="image"
      value={value}
      onChange={(upload) => {
        setPicked(upload);
        onChange(upload?.id ?? "");
      }}
      error={error}
    />
  );
}

/** New workouts can start from a workout marked as a template. */
function TemplateChooser({ isDirty }: { isDirty: boolean }) {
  const templates = useWorkoutTemplates(true);
  const router = useRouter();
  const [chosen, setChosen] = useState("");
  if (!templates.data || templates.data.total === 0) return null;
  return (
    <div className="flex flex-wrap items-end gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <Select label="Start from a template" className="w-72" value={chosen} onChange={(event) => setChosen(event.target.value)}>
        <option value="">Choose a template…</option>
        {templates.data.data.map((template) => (
          <option key={template.id} value={template.id}>
            {template.title}
          </option>
        ))}
      </Select>
      <Button
        variant="secondary"
        disabled={chosen === ""}
        onClick={() => {
          if (isDirty && !window.confirm("Replace what you have entered with the template?")) return;
          router.replace(`?template=${encodeURIComponent(chosen)}`);
        }}
      >
        Use template
      </Button>
    </div>
  );
}
