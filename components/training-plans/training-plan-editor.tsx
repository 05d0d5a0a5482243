"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo, useState } from "react";
import { Controller, get, useWatch } from "react-hook-form";
import { LookupPickerField } from "@/components/collections/form-fields";
import { MediaPickerField } from "@/components/media/media-picker";
import { textsOf, uploadOf, type Languages } from "@/components/collections/form-schemas";
import { LanguageTabs, StructureFields, StructureScope, useLanguageFocus } from "@/components/collections/language-tabs";
import { LocalizedTextInputs } from "@/components/collections/localized-text-inputs";
import { RecordFormActions, RecordLoader, useRecordForm, type LoadedRecord } from "@/components/collections/record-form";
import type { RecordEditorProps } from "@/components/collections/record-editor-props";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { Select } from "@/components/ui/select";
import { useToast } from "@/components/ui/toast";
import { useAdmin } from "@/lib/admin/admin-context";
import type { TrainingPlanAllTexts } from "@/lib/training-plans/schemas";
import { FitnessActivityDialog, MoveActivityDialog, ReferenceDetailsDialog } from "./activity-dialogs";
import { ActivityPanel } from "./activity-panel";
import { useActivityPreviews, type ActivityPreview } from "./api";
import { LEVELS, LOCATIONS, planFormSchema, type PlanFormOutput, type PlanFormValues } from "./plan-form-schema";
import {
  activityTitle,
  addActivity,
  addWeek,
  dayLabel,
  duplicateWeek,
  gridFromApi,
  gridTotals,
  moveActivity,
  moveWeek,
  newKey,
  pasteDay,
  pasteWeek,
  removeActivity,
  removeWeek,
  replaceActivity,
  type DayRef,
  type Grid,
  type GridActivity,
  type GridDay,
  type GridWeek,
  type Place,
} from "./plan-grid";
import { WeekGrid } from "./week-grid";
import { EDITOR_LOOKUPS } from "@/components/collections/lookup-fields";
import { registerWithValues } from "@/components/collections/register-with-values";

const LOOKUPS = EDITOR_LOOKUPS["training-plans"];

function valuesOf(record: TrainingPlanAllTexts | undefined, languages: Languages): PlanFormValues {
  return {
    title: textsOf(record?.title, languages),
    description: textsOf(record?.description, languages),
    slug: record?.slug ?? "",
    image: uploadOf(record?.image),
    goals: record?.goals ?? [],
    types: record?.types ?? [],
    // A new plan starts on the select's empty option, which the form refuses until a level is chosen.
    level: record?.level ?? ("" as PlanFormValues["level"]),
    locations: record?.locations ?? [],
    content_packages: record?.content_packages ?? [],
    weeks: gridFromApi(record?.weeks ?? [], languages.languages, languages.defaultLanguage),
  };
}

/** Create (no id) or edit a training plan: metadata beside a grid of weeks and days. */
export function TrainingPlanEditor({ collection, id }: RecordEditorProps) {
  return (
    <RecordLoader<TrainingPlanAllTexts> collection={collection} id={id}>
      {(loaded) => <PlanForm collection={collection} id={id} loaded={loaded} />}
    </RecordLoader>
  );
}

type Opened = { place: Place; mode: "move" | "details" };

/** The first message anywhere under an error entry (an activity's errors may sit on a nested field). */
function firstMessage(entry: unknown): string | undefined {
  if (!entry || typeof entry !== "object") return undefined;
  const message = (entry as { message?: unknown }).message;
  if (typeof message === "string" && message) return message;
  for (const value of Object.values(entry)) {
    const nested = firstMessage(value);
    if (nested) return nested;
  }
  return undefined;
}

function PlanForm({ collection, id, loaded }: RecordEditorProps & { loaded: LoadedRecord<TrainingPlanAllTexts> }) {
  const { languages, defaultLanguage } = useAdmin();
  // The grid's texts follow the focused language tab, with the default language where one has none.
  const { language } = useLanguageFocus();
  const gridLanguages = useMemo(() => ({ language, defaultLanguage }), [language, defaultLanguage]);
  const toast = useToast();
  const schema = useMemo(() => planFormSchema({ languages, defaultLanguage }), [languages, defaultLanguage]);
  const { form, onSubmit, notices, conflictDialog, isNew, listHref } = useRecordForm<PlanFormValues, PlanFormOutput>({
    collection,
    id,
    loaded,
    resolver: zodResolver(schema),
    defaultValues: valuesOf(loaded.record, { languages, defaultLanguage }),
  });
  const { formState, control } = form;
  const register = registerWithValues(form);

  const grid = useWatch({ control, name: "weeks" }) as Grid;
  const setGrid = (next: Grid) => form.setValue("weeks", next, { shouldDirty: true });
  const [target, setTarget] = useState<DayRef | null>(null);
  const [clipboard, setClipboard] = useState<{ day?: GridDay; week?: GridWeek }>({});
  const [opened, setOpened] = useState<Opened>();
  // Titles of what was just added from the panel, so the grid shows them before any read.
  const [added, setAdded] = useState(() => new Map<string, ActivityPreview>());

  const references = (kind: "workouts" | "on-demand") => grid.flatMap((week) => week.days.flatMap((day) => day.activities.filter((activity) => activity.type === kind).map((activity) => activity.id ?? "")));
  const workoutPreviews = useActivityPreviews("workouts", references("workouts"), language);
  const onDemandPreviews = useActivityPreviews("on-demand", references("on-demand"), language);
  const previews = (activity: GridActivity): ActivityPreview | undefined => {
    if (activity.type === "fitness-activities") return undefined;
    const read = activity.type === "workouts" ? workoutPreviews.data : onDemandPreviews.data;
    return read?.get(activity.id) ?? added.get(activity.id);
  };
  const totals = gridTotals(grid);
  const activityAt = (place: Place) => grid[place.week]?.days[place.day]?.activities[place.index];
  const titleAt = (place: Place) => {
    const activity = activityAt(place);
    return activity ? activityTitle(activity, previews(activity), gridLanguages) : "";
  };

  const openedActivity = opened ? activityAt(opened.place) : undefined;

  return (
    <form onSubmit={onSubmit} noValidate aria-label={isNew ? "New training plan" : "Edit training plan"} className="space-y-5">
      {notices}
      <LanguageTabs control={form.control} setFocus={form.setFocus} record={loaded.record}>
        <div className="grid gap-6 2xl:grid-cols-[minmax(0,1fr)_22rem]">
          <section aria-labelledby="plan-weeks" className="min-w-0 space-y-3">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="plan-weeks" className="text-lg font-semibold">
                Weeks
              </h2>
              <dl aria-label="Plan totals" aria-live="polite" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
                <div className="flex gap-1">
                  <dt>Weeks:</dt>
                  <dd className="font-semibold">{totals.weeks_total}</dd>
                </div>
                <div className="flex gap-1">
                  <dt>Days with activities:</dt>
                  <dd className="font-semibold">{totals.days_total}</dd>
                </div>
                <div className="flex gap-1">
                  <dt>Most days in a week:</dt>
                  <dd className="font-semibold">{totals.max_days_per_week}</dd>
                </div>
              </dl>
            </div>
            {typeof formState.errors.weeks?.message === "string" ? <Notice tone="error">{formState.errors.weeks.message}</Notice> : null}
            {/* For translators the grid is read only but not disabled: they open a fitness activity to translate its texts. */}
            <div className="grid gap-4 lg:grid-cols-[1fr_18rem]">
              <StructureScope>
                <div className="min-w-0 space-y-3">
                  <WeekGrid
                    grid={grid}
                    target={target}
                    previews={previews}
                    languages={gridLanguages}
                    clipboard={clipboard}
                    errorOf={(place) => firstMessage(get(formState.errors, `weeks.${place.week}.days.${place.day}.activities.${place.index}`))}
                    onAddTo={setTarget}
                    onMoveActivity={(from, to) => setGrid(moveActivity(grid, from, to))}
                    onOpenActivity={(place) => setOpened({ place, mode: "details" })}
                    onMoveDialog={(place) => setOpened({ place, mode: "move" })}
                    onRemoveActivity={(place) => {
                      toast.show(`Removed “${titleAt(place)}” from ${dayLabel(place)}.`, "info");
                      setGrid(removeActivity(grid, place));
                    }}
                    onCopyDay={(day) => {
                      setClipboard((current) => ({ ...current, day: grid[day.week]?.days[day.day] }));
                      toast.show(`Copied ${dayLabel(day)}. Paste it into any day.`, "info");
                    }}
                    onPasteDay={(day) => clipboard.day && setGrid(pasteDay(grid, clipboard.day, day))}
                    onDuplicateWeek={(week) => setGrid(duplicateWeek(grid, week))}
                    onCopyWeek={(week) => {
                      setClipboard((current) => ({ ...current, week: grid[week] }));
                      toast.show(`Copied week ${week + 1}. Paste it into any week.`, "info");
                    }}
                    onPasteWeek={(week) => clipboard.week && setGrid(pasteWeek(grid, clipboard.week, week))}
                    onMoveWeek={(from, to) => setGrid(moveWeek(grid, from, to))}
                    onRemoveWeek={(week) => {
                      setGrid(removeWeek(grid, week));
                      if (target?.week === week) setTarget(null);
                    }}
                  />
                  <Button variant="secondary" onClick={() => setGrid(addWeek(grid))}>
                    Add week
                  </Button>
                </div>
              </StructureScope>
              <StructureFields className="lg:sticky lg:top-4 lg:self-start">
                <ActivityPanel
                  target={target}
                  onAdd={(activity, preview) => {
                    if (!target) return;
                    if (preview) setAdded((current) => new Map(current).set(preview.id, preview));
                    setGrid(addActivity(grid, target, activity));
                    toast.show(`Added “${activityTitle(activity, preview, gridLanguages)}” to ${dayLabel(target)}.`);
                  }}
                />
              </StructureFields>
            </div>
          </section>
          {/* The week grid is the plan's heart and comes first; the details sit beside it on a wide screen, below it otherwise. */}
          <section aria-labelledby="plan-details" className="space-y-4">
            <h2 id="plan-details" className="text-lg font-semibold">
              Details
            </h2>
            <LocalizedTextInputs form={form} name="title" label="Title" />
            <LocalizedTextInputs form={form} name="description" label="Description" />
            <StructureFields>
              <Field label="Slug" hint="Lowercase letters and digits separated by dashes; left empty, it is made from the title." {...register("slug")} error={formState.errors.slug?.message} />
              <MediaPickerField form={form} name="image" label="Image" kind="image" />
              <Select label="Level" {...register("level")} error={formState.errors.level?.message}>
                <option value="">Choose a level</option>
                {LEVELS.map((level) => (
                  <option key={level} value={level}>
                    {level}
                  </option>
                ))}
              </Select>
              <Controller
                control={control}
                name="locations"
                render={({ field }) => (
                  <fieldset className="space-y-1">
                    <legend className="text-sm font-medium text-slate-800">Locations</legend>
                    <div className="flex flex-wrap gap-4">
                      {LOCATIONS.map((location) => (
                        <label key={location} className="flex items-center gap-1 text-sm">
                          <input
                            type="checkbox"
                            checked={field.value.includes(location)}
                            onChange={(event) => field.onChange(event.target.checked ? [...field.value, location] : field.value.filter((value) => value !== location))}
                          />
                          {location}
                        </label>
                      ))}
                    </div>
                  </fieldset>
                )}
              />
              <LookupPickerField form={form} name="goals" label="Goals" {...LOOKUPS.goals} />
              <LookupPickerField form={form} name="types" label="Types" hint="Content categories" {...LOOKUPS.types} />
              <LookupPickerField form={form} name="content_packages" label="Content packages" {...LOOKUPS.content_packages} />
            </StructureFields>
          </section>
        </div>
      </LanguageTabs>

      <RecordFormActions isNew={isNew} isSubmitting={formState.isSubmitting} singular="training plan" listHref={listHref} />
      {conflictDialog}

      {opened && openedActivity && opened.mode === "move" ? (
        <MoveActivityDialog
          title={titleAt(opened.place)}
          from={opened.place}
          weeks={grid.length}
          onClose={() => setOpened(undefined)}
          onMove={(to) => {
            setGrid(moveActivity(grid, opened.place, to));
            toast.show(`Moved “${titleAt(opened.place)}” to ${dayLabel(to)}.`);
            setOpened(undefined);
          }}
          onCopy={(to) => {
            const copy: GridActivity =
              openedActivity.type === "fitness-activities" ? { key: newKey("a"), type: openedActivity.type, fields: openedActivity.fields } : { ...openedActivity, key: newKey("a") };
            setGrid(addActivity(grid, to, copy));
            toast.show(`Copied “${titleAt(opened.place)}” to ${dayLabel(to)}.`);
            setOpened(undefined);
          }}
        />
      ) : null}
      {opened && openedActivity && opened.mode === "details" ? (
        openedActivity.type === "fitness-activities" ? (
          <FitnessActivityDialog
            fields={openedActivity.fields}
            onClose={() => setOpened(undefined)}
            onApply={(fields) => {
              setGrid(replaceActivity(grid, opened.place, { ...openedActivity, fields }));
              setOpened(undefined);
            }}
          />
        ) : (
          <ReferenceDetailsDialog kind={openedActivity.type} id={openedActivity.id} title={titleAt(opened.place)} planId={id} onClose={() => setOpened(undefined)} />
        )
      ) : null}
    </form>
  );
}
