"use client";

import { DndContext, PointerSensor, pointerWithin, useDraggable, useDroppable, useSensor, useSensors, type Announcements, type DragEndEvent } from "@dnd-kit/core";
import { CSS } from "@dnd-kit/utilities";
import { StatusBadges } from "@/components/collections/status-badges";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useIsReadOnly } from "@/components/ui/read-only-scope";
import type { ActivityPreview } from "./api";
import { activityTitle, DAY_NAMES, dayLabel, findDay, findPlace, type ActivityLanguages, type DayRef, type Grid, type GridActivity, type GridDay, type GridWeek, type Place } from "./plan-grid";

const KIND_LABELS = { workouts: "Workout", "on-demand": "On-demand", "fitness-activities": "Fitness activity" } as const;

export type WeekGridHandlers = {
  onAddTo: (day: DayRef) => void;
  onMoveActivity: (from: Place, to: DayRef) => void;
  onOpenActivity: (place: Place) => void;
  onMoveDialog: (place: Place) => void;
  onRemoveActivity: (place: Place) => void;
  onCopyDay: (day: DayRef) => void;
  onPasteDay: (day: DayRef) => void;
  onDuplicateWeek: (week: number) => void;
  onCopyWeek: (week: number) => void;
  onPasteWeek: (week: number) => void;
  onMoveWeek: (from: number, to: number) => void;
  onRemoveWeek: (week: number) => void;
};

type WeekGridProps = WeekGridHandlers & {
  grid: Grid;
  /** The day the side panel adds to. */
  target: DayRef | null;
  previews: (activity: GridActivity) => ActivityPreview | undefined;
  /** The editor's focused language, with the default language where a text has none in it. */
  languages: ActivityLanguages;
  clipboard: { day?: GridDay; week?: GridWeek };
  /** A message for an activity the API refused (by place). */
  errorOf: (place: Place) => string | undefined;
};

/**
 * Weeks as rows and seven days as columns. Activities are dragged between days and weeks with the
 * pointer; the keyboard moves them through each activity's Move dialog (choose a week and day), so
 * nothing depends on geometry or a drag.
 */
export function WeekGrid(props: WeekGridProps) {
  const { grid, previews, languages, onMoveActivity } = props;
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }));
  const nameOf = (key: string | number) => {
    const place = findPlace(grid, String(key));
    const activity = place ? grid[place.week]?.days[place.day]?.activities[place.index] : undefined;
    return activity ? activityTitle(activity, previews(activity), languages) : "the activity";
  };
  const dayNameOf = (key: string | number | undefined) => {
    const day = key === undefined ? undefined : findDay(grid, String(key));
    return day ? dayLabel(day) : "no day";
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}.`,
    onDragOver: ({ active, over }) => `${nameOf(active.id)} is over ${dayNameOf(over?.id)}.`,
    onDragEnd: ({ active, over }) => (over ? `Moved ${nameOf(active.id)} to ${dayNameOf(over.id)}.` : `${nameOf(active.id)} was not moved.`),
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const from = findPlace(grid, String(active.id));
    const to = over ? findDay(grid, String(over.id)) : undefined;
    if (from && to && (from.week !== to.week || from.day !== to.day)) onMoveActivity(from, to);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={pointerWithin}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: "Drag with the pointer to another day, or use this activity's Move button to choose a week and day." } }}
    >
      {grid.length === 0 ? <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-700">No weeks yet. Add the first week to start the plan.</p> : null}
      <ol aria-label="Weeks" className="space-y-4">
        {grid.map((week, index) => (
          <WeekRow key={week.key} week={week} index={index} {...props} />
        ))}
      </ol>
    </DndContext>
  );
}

function WeekRow({ week, index, grid, clipboard, onDuplicateWeek, onCopyWeek, onPasteWeek, onMoveWeek, onRemoveWeek, ...rest }: WeekGridProps & { week: GridWeek; index: number }) {
  const number = index + 1;
  return (
    <li aria-label={`Week ${number}`} className="rounded-lg border border-slate-200 bg-white p-3">
      <div className="mb-2 flex flex-wrap items-center gap-1">
        <h3 className="mr-auto text-base font-semibold">Week {number}</h3>
        <Button variant="ghost" aria-label={`Move week ${number} up`} disabled={index === 0} onClick={() => onMoveWeek(index, index - 1)}>
          Up
        </Button>
        <Button variant="ghost" aria-label={`Move week ${number} down`} disabled={index === grid.length - 1} onClick={() => onMoveWeek(index, index + 1)}>
          Down
        </Button>
        <Button variant="ghost" aria-label={`Duplicate week ${number}`} onClick={() => onDuplicateWeek(index)}>
          Duplicate
        </Button>
        <Button variant="ghost" aria-label={`Copy week ${number}`} onClick={() => onCopyWeek(index)}>
          Copy
        </Button>
        {clipboard.week ? (
          <Button variant="ghost" aria-label={`Paste into week ${number}`} onClick={() => onPasteWeek(index)}>
            Paste week
          </Button>
        ) : null}
        <Button variant="ghost" aria-label={`Remove week ${number}`} onClick={() => onRemoveWeek(index)}>
          Remove
        </Button>
      </div>
      <ol className="grid grid-cols-1 gap-2 sm:grid-cols-2 md:grid-cols-4 xl:grid-cols-7">
        {week.days.map((day, dayIndex) => (
          <DayCell key={day.key} day={day} place={{ week: index, day: dayIndex }} grid={grid} clipboard={clipboard} {...rest} />
        ))}
      </ol>
    </li>
  );
}

function DayCell({
  day,
  place,
  target,
  clipboard,
  previews,
  languages,
  errorOf,
  onAddTo,
  onCopyDay,
  onPasteDay,
  onOpenActivity,
  onMoveDialog,
  onRemoveActivity,
}: Omit<WeekGridProps, "onDuplicateWeek" | "onCopyWeek" | "onPasteWeek" | "onMoveWeek" | "onRemoveWeek" | "onMoveActivity"> & { day: GridDay; place: DayRef }) {
  const { setNodeRef, isOver } = useDroppable({ id: day.key });
  const label = dayLabel(place);
  const isTarget = target?.week === place.week && target.day === place.day;
  return (
    <li
      ref={setNodeRef}
      aria-label={label}
      className={`flex min-h-28 flex-col gap-1 rounded-md border p-2 ${isOver ? "border-blue-500 bg-blue-50" : isTarget ? "border-blue-400 bg-blue-50/50" : "border-slate-200 bg-slate-50"}`}
    >
      <div className="text-xs font-semibold text-slate-700">{DAY_NAMES[place.day]}</div>
      {day.activities.length === 0 ? <div className="text-xs text-slate-600">Rest day</div> : null}
      <ul className="space-y-1">
        {day.activities.map((activity, index) => (
          <ActivityChip
            key={activity.key}
            activity={activity}
            preview={previews(activity)}
            languages={languages}
            error={errorOf({ ...place, index })}
            onOpen={() => onOpenActivity({ ...place, index })}
            onMove={() => onMoveDialog({ ...place, index })}
            onRemove={() => onRemoveActivity({ ...place, index })}
          />
        ))}
      </ul>
      <div className="mt-auto flex flex-wrap gap-1 pt-1">
        <Button variant="secondary" className="px-2 py-1 text-xs" aria-label={`Add an activity to ${label}`} aria-pressed={isTarget} onClick={() => onAddTo(place)}>
          Add
        </Button>
        {day.activities.length > 0 ? (
          <Button variant="ghost" className="px-2 py-1 text-xs" aria-label={`Copy ${label}`} onClick={() => onCopyDay(place)}>
            Copy
          </Button>
        ) : null}
        {clipboard.day ? (
          <Button variant="ghost" className="px-2 py-1 text-xs" aria-label={`Paste into ${label}`} onClick={() => onPasteDay(place)}>
            Paste
          </Button>
        ) : null}
      </div>
    </li>
  );
}

function ActivityChip({
  activity,
  preview,
  languages,
  error,
  onOpen,
  onMove,
  onRemove,
}: {
  activity: GridActivity;
  preview: ActivityPreview | undefined;
  languages: ActivityLanguages;
  error: string | undefined;
  onOpen: () => void;
  onMove: () => void;
  onRemove: () => void;
}) {
  // Read only (for translators): the activity can be opened (to translate a fitness activity's texts) but not moved or removed.
  const isReadOnly = useIsReadOnly();
  // Only the pointer listeners: keyboard users move an activity with its Move button instead.
  const { listeners, setNodeRef, transform, isDragging } = useDraggable({ id: activity.key, disabled: isReadOnly });
  const title = activityTitle(activity, preview, languages);
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform) }}
      className={`rounded border bg-white p-1.5 text-xs shadow-sm ${error ? "border-rose-600" : "border-slate-300"} ${isDragging ? "relative z-10 opacity-80" : ""}`}
      data-activity={activity.key}
    >
      <div {...listeners} className={isReadOnly ? undefined : "cursor-grab touch-none"}>
        <div className="font-medium break-words">{title}</div>
        <div className="mt-0.5 flex flex-wrap items-center gap-1">
          <Badge tone={activity.type === "fitness-activities" ? "info" : "neutral"}>{KIND_LABELS[activity.type]}</Badge>
          {activity.type !== "fitness-activities" && preview ? <StatusBadges status={preview.status} /> : null}
        </div>
      </div>
      {error ? <p className="mt-1 text-rose-700">{error}</p> : null}
      <div className="mt-1 flex flex-wrap gap-0.5">
        <button type="button" className="rounded px-1 text-blue-800 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-blue-600" aria-label={`Open ${title}`} onClick={onOpen}>
          Open
        </button>
        <button type="button" className="rounded px-1 text-blue-800 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:bg-transparent disabled:text-slate-500" aria-label={`Move ${title}`} disabled={isReadOnly} onClick={onMove}>
          Move
        </button>
        <button type="button" className="rounded px-1 text-rose-800 hover:bg-rose-50 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:bg-transparent disabled:text-slate-500" aria-label={`Remove ${title}`} disabled={isReadOnly} onClick={onRemove}>
          Remove
        </button>
      </div>
    </li>
  );
}
