import { textsOf } from "@/components/collections/form-schemas";
import type { TrainingPlanAllTexts } from "@/lib/training-plans/schemas";
import { deriveTotals, type PlanTotals } from "@/lib/training-plans/weeks";
import type { ActivityPreview } from "./reads";

/**
 * The training plan editor's week grid: weeks of exactly seven days (a day without activities is a rest
 * day), each activity a workout or on-demand reference or a fitness activity described in place. Every
 * week, day and activity carries a `key` of the editor's own (for React and drag and drop); the API
 * never sees it. All operations are pure: they return a new grid and leave the one given untouched.
 */
export const DAYS_PER_WEEK = 7;
export const DAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

/** Per-language texts as the editor holds them: every enabled language, "" where there is none. */
export type Texts = Record<string, string>;

export type FitnessFields = { title: Texts; description: Texts; distance: number | null; duration: number | null };

export type GridActivity =
  | { key: string; type: "workouts" | "on-demand"; id: string }
  /** `id` is the plan's id of a stored fitness activity; absent for one made in the editor. */
  | { key: string; type: "fitness-activities"; id?: string; fields: FitnessFields };

export type GridDay = { key: string; activities: GridActivity[] };
export type GridWeek = { key: string; days: GridDay[] };
export type Grid = GridWeek[];

/** Where an activity sits: week, day and position (all from 0). */
export type Place = { week: number; day: number; index: number };
export type DayRef = { week: number; day: number };

let counter = 0;
/** A key unique within the page. */
export function newKey(prefix: string): string {
  counter += 1;
  return `${prefix}${counter}`;
}

export function emptyWeek(): GridWeek {
  return { key: newKey("w"), days: Array.from({ length: DAYS_PER_WEEK }, () => ({ key: newKey("d"), activities: [] })) };
}

/** A copy with new keys; copied fitness activities lose their id so the API gives them their own. */
function copyActivity(activity: GridActivity): GridActivity {
  if (activity.type !== "fitness-activities") return { ...activity, key: newKey("a") };
  return { key: newKey("a"), type: activity.type, fields: { ...activity.fields, title: { ...activity.fields.title }, description: { ...activity.fields.description } } };
}

function copyDays(days: readonly GridDay[]): GridDay[] {
  return days.map((day) => ({ key: newKey("d"), activities: day.activities.map(copyActivity) }));
}

function updateDay(grid: Grid, { week, day }: DayRef, change: (activities: GridActivity[]) => GridActivity[]): Grid {
  return grid.map((w, wi) => (wi !== week ? w : { ...w, days: w.days.map((d, di) => (di !== day ? d : { ...d, activities: change(d.activities) })) }));
}

function move<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(Math.max(0, Math.min(to, next.length)), 0, item);
  return next;
}

export function addWeek(grid: Grid): Grid {
  return [...grid, emptyWeek()];
}

export function removeWeek(grid: Grid, week: number): Grid {
  return grid.filter((_, index) => index !== week);
}

/** Inserts a copy of the week right after it. */
export function duplicateWeek(grid: Grid, week: number): Grid {
  const source = grid[week];
  if (!source) return grid;
  return [...grid.slice(0, week + 1), { key: newKey("w"), days: copyDays(source.days) }, ...grid.slice(week + 1)];
}

/** Replaces the target week's days with a copy of the source week's. */
export function pasteWeek(grid: Grid, source: GridWeek, target: number): Grid {
  return grid.map((week, index) => (index === target ? { ...week, days: copyDays(source.days) } : week));
}

export function moveWeek(grid: Grid, from: number, to: number): Grid {
  return move(grid, from, to);
}

export function addActivity(grid: Grid, target: DayRef, activity: GridActivity): Grid {
  return updateDay(grid, target, (activities) => [...activities, activity]);
}

export function removeActivity(grid: Grid, { week, day, index }: Place): Grid {
  return updateDay(grid, { week, day }, (activities) => activities.filter((_, i) => i !== index));
}

export function replaceActivity(grid: Grid, { week, day, index }: Place, activity: GridActivity): Grid {
  return updateDay(grid, { week, day }, (activities) => activities.map((current, i) => (i === index ? activity : current)));
}

/** Moves an activity to a day (at `index` there, or at its end). */
export function moveActivity(grid: Grid, from: Place, to: DayRef & { index?: number }): Grid {
  const activity = grid[from.week]?.days[from.day]?.activities[from.index];
  if (!activity) return grid;
  if (from.week === to.week && from.day === to.day) {
    return updateDay(grid, to, (activities) => move(activities, from.index, to.index ?? activities.length - 1));
  }
  const without = removeActivity(grid, from);
  return updateDay(without, to, (activities) => {
    const next = [...activities];
    next.splice(to.index ?? next.length, 0, activity);
    return next;
  });
}

/** Appends copies of the source day's activities to the target day. */
export function pasteDay(grid: Grid, source: GridDay, target: DayRef): Grid {
  return updateDay(grid, target, (activities) => [...activities, ...source.activities.map(copyActivity)]);
}

export function findPlace(grid: Grid, key: string): Place | undefined {
  for (const [week, w] of grid.entries()) {
    for (const [day, d] of w.days.entries()) {
      const index = d.activities.findIndex((activity) => activity.key === key);
      if (index >= 0) return { week, day, index };
    }
  }
  return undefined;
}

export function findDay(grid: Grid, key: string): DayRef | undefined {
  for (const [week, w] of grid.entries()) {
    const day = w.days.findIndex((d) => d.key === key);
    if (day >= 0) return { week, day };
  }
  return undefined;
}

/** The plan's derived totals (docs/api.md "Training plan weeks"), counted by the API's own function. */
export function gridTotals(grid: Grid): PlanTotals {
  return deriveTotals(grid);
}

export function dayLabel({ week, day }: DayRef): string {
  return `Week ${week + 1}, ${DAY_NAMES[day] ?? `day ${day + 1}`}`;
}

// ---------------------------------------------------------------------------------------------------
// To and from the API

/** The grid of a plan's weeks read with `texts=all`; weeks stored with fewer than seven days get rest days. */
export function gridFromApi(weeks: TrainingPlanAllTexts["weeks"], languages: readonly string[], defaultLanguage: string): Grid {
  return weeks.map((week) => {
    const days = Array.from({ length: DAYS_PER_WEEK }, (_, index) => week.days[index]?.activities ?? []);
    return {
      key: newKey("w"),
      days: days.map((activities) => ({
        key: newKey("d"),
        activities: activities.map((activity): GridActivity => {
          if (activity.type === "fitness-activities") {
            const { fields } = activity;
            return {
              key: newKey("a"),
              type: "fitness-activities",
              id: activity.id,
              fields: {
                title: textsOf(fields.title, { languages, defaultLanguage }),
                description: textsOf(fields.description, { languages, defaultLanguage }),
                distance: fields.distance,
                duration: fields.duration,
              },
            };
          }
          return { key: newKey("a"), type: activity.type, id: activity.id };
        }),
      })),
    };
  });
}

const trimmed = (texts: Texts): Texts => Object.fromEntries(Object.entries(texts).map(([language, value]) => [language, value.trim()]));
const hasText = (texts: Texts) => Object.values(texts).some((value) => value.trim() !== "");

/**
 * The `weeks` of a PUT body: seven days a week. A fitness activity's texts go in every language the
 * editor holds, "" where one was emptied: the API merges them into the stored activity's, and "" is
 * what removes a language there (left out, it would keep the stored text). A description empty in
 * every language is left out, which means none.
 */
export function gridToApi(grid: Grid) {
  return grid.map((week) => ({
    days: week.days.map((day) => ({
      activities: day.activities.map((activity) =>
        activity.type === "fitness-activities"
          ? {
              type: activity.type,
              ...(activity.id ? { id: activity.id } : {}),
              fields: {
                title: trimmed(activity.fields.title),
                ...(hasText(activity.fields.description) ? { description: trimmed(activity.fields.description) } : {}),
                distance: activity.fields.distance,
                duration: activity.fields.duration,
              },
            }
          : { type: activity.type, id: activity.id },
      ),
    })),
  }));
}

/** The language the grid shows its texts in, and the one it falls back to. */
export type ActivityLanguages = { language: string; defaultLanguage: string };

/**
 * What an activity is called in the grid and in announcements: in the focused language, else the
 * default language's (a fitness activity's own texts; a workout's or on-demand item's title as the
 * API answers it in the focused language, which falls back the same way).
 */
export function activityTitle(activity: GridActivity, preview: ActivityPreview | undefined, { language, defaultLanguage }: ActivityLanguages): string {
  if (activity.type === "fitness-activities") return activity.fields.title[language] || activity.fields.title[defaultLanguage] || "Untitled fitness activity";
  return preview?.title ?? "Loading…";
}

// ---------------------------------------------------------------------------------------------------
// A fitness activity's texts in the add and edit forms

/** A fitness activity's title and description in one language, as its form's inputs hold them. */
export type FitnessText = { title: string; description: string };
/** Every language's FitnessText: switching the focused language keeps what was typed in the others. */
export type FitnessTextInputs = Record<string, FitnessText>;

export function fitnessTextInputsOf(fields: FitnessFields | undefined, languages: readonly string[]): FitnessTextInputs {
  return Object.fromEntries(languages.map((language) => [language, { title: fields?.title[language] ?? "", description: fields?.description[language] ?? "" }]));
}

/** The inputs' texts as the grid holds them: every language, trimmed, "" where there is none. */
export function fitnessTextsOf(inputs: FitnessTextInputs, languages: readonly string[]): Pick<FitnessFields, "title" | "description"> {
  const text = (language: string, name: keyof FitnessText) => inputs[language]?.[name].trim() ?? "";
  return {
    title: Object.fromEntries(languages.map((language) => [language, text(language, "title")])),
    description: Object.fromEntries(languages.map((language) => [language, text(language, "description")])),
  };
}

/**
 * Which languages a fitness activity's form edits, and which it shows read only as the source to
 * translate from, with `language` in focus: the focused language, beside the default language's texts.
 * An activity without a title in the default language (a new one) cannot be saved without it, so then
 * the default language's inputs are editable too, first.
 */
export function fitnessFormLanguages(fields: FitnessFields | undefined, { language, defaultLanguage }: ActivityLanguages): { edited: string[]; source?: string } {
  if (language === defaultLanguage) return { edited: [language] };
  if (!fields?.title[defaultLanguage]?.trim()) return { edited: [defaultLanguage, language] };
  return { edited: [language], source: defaultLanguage };
}
