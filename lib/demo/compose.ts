/**
 * Composition: turns the demo's specs into request bodies the collections accept — workout phases
 * with their items, sets and targets, and training plan weeks. Pure: the ids of referenced records
 * and the organization's languages come in as arguments.
 */
import type { PhaseOf, Target, WorkoutItemOf } from "@/lib/workouts/phases";
import { estimateWorkoutSeconds } from "@/lib/workouts/timeline";
import type { ExerciseSpec } from "./exercises-data";
import type { Text } from "./lookups-data";
import {
  FITNESS_ACTIVITIES,
  ITEM_NOTES,
  PHASE_TITLES,
  TIMER_TITLES,
  type ItemRecipe,
  type PlanSpec,
  type Release,
  type WorkoutSpec,
} from "./programmes-data";
import type { Random } from "./random";

export type Languages = { languages: readonly string[]; defaultLanguage: string };
/** A text as a request writes it: one entry per enabled language the demo has a text in. */
export type Translations = Record<string, string>;

/**
 * The text in the organization's enabled languages. An organization whose default language the demo
 * does not write gets the English text as its default (`default` names it), so required texts exist.
 */
export function localize(text: Text, org: Languages): Translations {
  const out: Translations = {};
  for (const [language, value] of Object.entries(text)) if (value && org.languages.includes(language)) out[language] = value;
  if (!out[org.defaultLanguage]) out.default = text.en;
  return out;
}

/** Whether the text has its own translation in `language` (for deciding which languages to publish). */
export const hasText = (text: Text, language: string) => Boolean((text as Record<string, string | undefined>)[language]);

/**
 * The status changes that release a record as `release` says, step by step (a withdrawal needs the
 * publication first): `default` for the default language, codes for the others. Languages without a
 * complete translation (`isComplete`) are never published.
 */
export function releaseSteps(release: Release, org: Languages, isComplete: (language: string) => boolean): Record<string, "published" | "unpublished">[] {
  const others = org.languages.filter((language) => language !== org.defaultLanguage && isComplete(language));
  const german = others.includes("de") ? ["de"] : [];
  const publish = (languages: string[]) => Object.fromEntries([["default", "published"], ...languages.map((language) => [language, "published"])]) as Record<string, "published">;
  switch (release) {
    case "draft":
      return [];
    case "default":
      return [publish([])];
    case "default+de":
      return [publish(german)];
    case "all":
      return [publish(others)];
    case "withdrawn-de":
      return german.length > 0 ? [publish(german), { de: "unpublished" }] : [publish([])];
    case "unpublished":
      return [publish(german), Object.fromEntries([["default", "unpublished"], ...german.map((language) => [language, "unpublished"])])];
  }
}

// ---------------------------------------------------------------------------------------------------
// Workouts

type ItemInput = WorkoutItemOf<Translations | undefined>;
type PhaseInput = PhaseOf<Translations | undefined>;
type Level = WorkoutSpec["level"];

/** Seconds one repetition takes, for the phase times (the editor's estimate counts no repetitions). */
const SECONDS_PER_REPETITION = 3;

const LEVEL = {
  beginner: { sets: 2, reps: [8, 10], hold: 30, rest: 60, loadScale: 0.7 },
  intermediate: { sets: 3, reps: [10, 12], hold: 40, rest: 75, loadScale: 1 },
  advanced: { sets: 4, reps: [6, 8], hold: 60, rest: 120, loadScale: 1.25 },
} as const satisfies Record<Level, { sets: number; reps: [number, number]; hold: number; rest: number; loadScale: number }>;

export type WorkoutContext = {
  org: Languages;
  random: Random;
  exercises: Map<string, { id: string; spec: ExerciseSpec }>;
};

function exerciseOf(ctx: WorkoutContext, key: string) {
  const exercise = ctx.exercises.get(key);
  if (!exercise) throw new Error(`demo data: unknown exercise '${key}'`);
  return exercise;
}

/** Round to a multiple of `step` (weights in 2 kg steps, times in 5 s steps). */
const roundTo = (value: number, step: number) => Math.max(step, Math.round(value / step) * step);

function goalTargets(spec: ExerciseSpec, level: Level, random: Random, repsOverride?: number): { targets: Target[]; repetitions: number } {
  const profile = LEVEL[level];
  if (spec.isTimed) return { targets: [{ type: "VALUE", metric: "duration", value: profile.hold }], repetitions: 0 };
  if (repsOverride) return { targets: [{ type: "VALUE", metric: "repetitions", value: repsOverride }], repetitions: repsOverride };
  const [min, max] = profile.reps;
  if (random.chance(0.5)) return { targets: [{ type: "RANGE", metric: "repetitions", min, max }], repetitions: max };
  const value = random.int(min, max);
  return { targets: [{ type: "VALUE", metric: "repetitions", value }], repetitions: value };
}

function resistanceTargets(spec: ExerciseSpec, level: Level): Target[] {
  if (!spec.load) return [];
  const scale = LEVEL[level].loadScale;
  const step = spec.load[1] >= 40 ? 5 : 2;
  const min = roundTo(spec.load[0] * scale, step);
  const max = Math.max(min, roundTo(spec.load[1] * scale, step));
  return [min === max ? { type: "VALUE", metric: "weight", value: min } : { type: "RANGE", metric: "weight", min, max }];
}

/** One item of a recipe and the time its repetitions take. */
function composeItem(recipe: ItemRecipe, level: Level, ctx: WorkoutContext, isTemplate: boolean): { item: ItemInput; repetitionSeconds: number } {
  const notes = recipe.note ? localize(ITEM_NOTES[recipe.note], ctx.org) : undefined;
  const profile = LEVEL[level];
  if (recipe.type === "TIMER") {
    return { item: { type: "TIMER", notes, timer_title: localize(TIMER_TITLES[recipe.timer], ctx.org), timer_duration: recipe.minutes * 60 }, repetitionSeconds: 0 };
  }
  const specs = recipe.exercises.map((key) => exerciseOf(ctx, key));
  let repetitions = 0;
  const entry = (exercise: { id: string; spec: ExerciseSpec }, reps?: number) => {
    const goal = goalTargets(exercise.spec, level, ctx.random, reps);
    repetitions += goal.repetitions;
    return { exercise_id: exercise.id, notes: undefined, goal_targets: goal.targets, resistance_targets: isTemplate ? [] : resistanceTargets(exercise.spec, level) };
  };
  switch (recipe.type) {
    case "SINGLE-EXERCISES": {
      const sets = isTemplate ? 5 : profile.sets + (level === "beginner" ? 1 : 0);
      const item: ItemInput = {
        type: "SINGLE-EXERCISES",
        notes,
        se_exercises: specs.map((exercise) => {
          const rest = exercise.spec.isTimed ? 20 : isTemplate ? 180 : profile.rest;
          return {
            exercise_id: exercise.id,
            notes: undefined,
            sets: Array.from({ length: exercise.spec.isTimed ? 2 : sets }, () => {
              const { exercise_id: _id, ...set } = entry(exercise, isTemplate ? 5 : undefined);
              return { ...set, rest };
            }),
          };
        }),
      };
      return { item, repetitionSeconds: repetitions * SECONDS_PER_REPETITION };
    }
    case "SUPERSET": {
      const sets = profile.sets;
      const item: ItemInput = { type: "SUPERSET", notes, ss_sets: sets, ss_rest: profile.rest, ss_exercises: specs.map((exercise) => entry(exercise)) };
      return { item, repetitionSeconds: repetitions * sets * SECONDS_PER_REPETITION };
    }
    case "CIRCUIT-TIME": {
      const isTabata = recipe.note === "allOut";
      const work = isTabata ? 20 : 40;
      const rest = isTabata ? 10 : 20;
      const rounds = 2;
      const item: ItemInput = {
        type: "CIRCUIT-TIME",
        notes,
        ct_rounds: Array.from({ length: rounds }, (_, round) => ({
          rest_rounds: round === rounds - 1 ? 0 : 60,
          work,
          rest,
          exercises: specs.map((exercise) => ({ exercise_id: exercise.id, notes: undefined, rest, resistance_targets: resistanceTargets(exercise.spec, level) })),
        })),
      };
      return { item, repetitionSeconds: 0 };
    }
    case "CIRCUIT-REPETITIONS": {
      const rounds = 3;
      const exercises = specs.map((exercise) => ({ ...entry(exercise), rest: 15 }));
      const item: ItemInput = {
        type: "CIRCUIT-REPETITIONS",
        notes,
        cr_rounds: Array.from({ length: rounds }, (_, round) => ({ rest: 15, rest_round: round === rounds - 1 ? 0 : 60, exercises })),
      };
      return { item, repetitionSeconds: repetitions * rounds * SECONDS_PER_REPETITION };
    }
    case "AMRAP": {
      const item: ItemInput = { type: "AMRAP", notes, amrap_duration: level === "beginner" ? 600 : 1200, amrap_exercises: specs.map((exercise) => ({ ...entry(exercise), rest: 0 })) };
      return { item, repetitionSeconds: 0 };
    }
    case "RFT": {
      const rounds = 5;
      const item: ItemInput = { type: "RFT", notes, rft_rounds: rounds, rft_exercises: specs.map((exercise) => entry(exercise, exercise.spec.isTimed ? undefined : ctx.random.int(8, 15))) };
      return { item, repetitionSeconds: repetitions * rounds * SECONDS_PER_REPETITION };
    }
    case "EMOM": {
      const minutes = specs.length >= 3 ? 12 : 10;
      const item: ItemInput = {
        type: "EMOM",
        notes,
        emom_rest: 60,
        emom_minutes: Array.from({ length: minutes }, (_, minute) => ({ ...entry(specs[minute % specs.length]!, specs[minute % specs.length]!.spec.isTimed ? undefined : ctx.random.int(8, 12)), rest: 0 })),
      };
      return { item, repetitionSeconds: 0 };
    }
  }
}

export type ComposedWorkout = { phases: PhaseInput[]; estimatedMinutes: number; duration: "0-15" | "16-30" | "31-45" | "46-60" | "61+" };

/** The workout's three phases, each with its time, and the whole workout's length. */
export function composeWorkout(spec: WorkoutSpec, ctx: WorkoutContext): ComposedWorkout {
  const phases = (["warm-up", "training", "cool-down"] as const).map((kind) => {
    const recipes = kind === "warm-up" ? spec.warmUp : kind === "training" ? spec.training : spec.coolDown;
    const composed = recipes.map((recipe) => composeItem(recipe, spec.level, ctx, spec.template ?? false));
    const items = composed.map((entry) => entry.item);
    const seconds = estimateWorkoutSeconds([{ kind, title: "", time: 0, items }]) + composed.reduce((total, entry) => total + entry.repetitionSeconds, 0);
    return { kind, title: localize(PHASE_TITLES[kind], ctx.org), time: Math.ceil(seconds / 30) * 30, items } satisfies PhaseInput;
  });
  const estimatedMinutes = Math.ceil(phases.reduce((total, phase) => total + phase.time, 0) / 60);
  return { phases, estimatedMinutes, duration: durationRange(estimatedMinutes) };
}

export function durationRange(minutes: number): ComposedWorkout["duration"] {
  if (minutes <= 15) return "0-15";
  if (minutes <= 30) return "16-30";
  if (minutes <= 45) return "31-45";
  if (minutes <= 60) return "46-60";
  return "61+";
}

// ---------------------------------------------------------------------------------------------------
// Training plans

export type ActivityInput =
  | { type: "workouts"; id: string }
  | { type: "on-demand"; id: string }
  | { type: "fitness-activities"; id: string; fields: { title: Translations; description: Translations; distance: number | null; duration: number | null } };

export type PlanContext = {
  org: Languages;
  workouts: Map<string, string>;
  /** Empty when on-demand items could not be created: their days then get a fitness activity instead. */
  onDemand: Map<string, string>;
};

/** A fitness activity of week `week` (0-based): it grows a little every week. */
function fitnessActivity(kind: keyof typeof FITNESS_ACTIVITIES, week: number, id: string, org: Languages): ActivityInput {
  const activity = FITNESS_ACTIVITIES[kind];
  let minutes: number;
  let kilometres: number;
  switch (kind) {
    case "runWalk":
      minutes = 20 + week * 3;
      kilometres = Math.round(((minutes * 60) / activity.paceSeconds) * 10) / 10;
      break;
    case "easyRun":
      kilometres = 3 + Math.max(0, week - 3) * 0.5;
      minutes = Math.round((kilometres * activity.paceSeconds) / 60);
      break;
    case "longRun":
      kilometres = 4 + week * 0.5;
      minutes = Math.round((kilometres * activity.paceSeconds) / 60);
      break;
    case "brisk":
      minutes = 30 + week * 5;
      kilometres = Math.round(((minutes * 60) / activity.paceSeconds) * 10) / 10;
      break;
    case "ride":
      minutes = 45;
      kilometres = Math.round(((minutes * 60) / activity.paceSeconds) * 10) / 10;
      break;
  }
  const runMinutes = kind === "runWalk" ? 1 + week : minutes;
  return {
    type: "fitness-activities",
    id,
    fields: {
      title: localize(activity.title, org),
      description: localize(activity.description(runMinutes, kilometres), org),
      distance: Math.round(kilometres * 1000),
      duration: minutes * 60,
    },
  };
}

/** The plan's weeks: seven days each, rest days empty, rest weeks without activities. */
export function composePlanWeeks(spec: PlanSpec, ctx: PlanContext): { days: { activities: ActivityInput[] }[] }[] {
  return Array.from({ length: spec.weeks }, (_, week) => {
    if (spec.restWeeks?.includes(week)) return { days: Array.from({ length: 7 }, () => ({ activities: [] })) };
    return {
      days: spec.week(week).map((day, dayIndex) => ({
        activities: (day ?? []).map((activity, index): ActivityInput => {
          const id = `fa_w${week + 1}d${dayIndex + 1}a${index + 1}`;
          if ("workout" in activity) {
            const workoutId = ctx.workouts.get(activity.workout);
            if (!workoutId) throw new Error(`demo data: unknown workout '${activity.workout}'`);
            return { type: "workouts", id: workoutId };
          }
          if ("onDemand" in activity) {
            const onDemandId = ctx.onDemand.get(activity.onDemand);
            return onDemandId ? { type: "on-demand", id: onDemandId } : fitnessActivity("brisk", week, id, ctx.org);
          }
          return fitnessActivity(activity.fitness, week, id, ctx.org);
        }),
      })),
    };
  });
}
