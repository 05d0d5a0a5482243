/**
 * A workout as the ordered segments an app plays: work, rest and transition, each with its start and
 * end second, where it comes from (phase, item, round, set, minute, exercise) and what to do (exercise,
 * targets, cue). The rules, and every choice where the workout leaves timing open, are in docs/api.md
 * "Workout timelines"; each segment names the choice it rests on in `timing`.
 *
 * The same walk gives the workout's estimated length (`estimateWorkoutSeconds`), which the admin's
 * editor shows, so the timeline's end and the editor's estimate cannot disagree. Pure and isomorphic:
 * no database, no server-only imports. Texts are carried as they come (stored LocalizedText objects, or
 * whatever the editor holds) and rendered by the caller.
 */
import { PHASE_LIMITS, type PhaseKind, type PhaseOf, type Target, type WorkoutItemOf, type WorkoutItemType } from "./phases";

export const SEGMENT_KINDS = ["work", "rest", "transition"] as const;
export type SegmentKind = (typeof SEGMENT_KINDS)[number];

/**
 * Where a segment's length comes from (docs/api.md "Workout timelines"):
 * - `fixed`: the workout states it (a rest, a timer, a time circuit's work, an EMOM minute split by its rest);
 * - `duration-goal`: the exercise's duration goal; `duration-goal-range`: the middle of its duration range;
 * - `time-cap`: an AMRAP, one block ending at its time cap (the rounds done in it are the athlete's);
 * - `emom-minute`: an EMOM minute with neither a duration goal nor a rest: the work fills the minute;
 * - `repetitions`: open, the athlete ends it when the repetitions are done;
 * - `rounds-for-time`: open, an RFT block the athlete ends when the rounds are done;
 * - `phase-time`: a transition filling the phase's `time` beyond its items.
 */
export const SEGMENT_TIMINGS = [
  "fixed",
  "duration-goal",
  "duration-goal-range",
  "time-cap",
  "emom-minute",
  "repetitions",
  "rounds-for-time",
  "phase-time",
] as const;
export type SegmentTiming = (typeof SEGMENT_TIMINGS)[number];

/** Timings whose end is the athlete's: their length is nominal (docs/api.md "Workout timelines"). */
export const OPEN_TIMINGS: readonly SegmentTiming[] = ["repetitions", "rounds-for-time"];

/** At most this many segments are played as a timeline; a larger workout is refused (409). */
export const MAX_TIMELINE_SEGMENTS = 10_000;

/** An exercise inside an AMRAP or RFT block, which plays as one segment. */
export type BlockExerciseOf<T> = {
  exercise: number;
  exercise_id: string;
  goal_targets: Target[];
  resistance_targets: Target[];
  /** Rest after the exercise inside the block, in seconds (RFT exercises have none: 0). */
  rest: number;
  cue: T[];
};

export type TimelineBlockOf<T> = {
  /** RFT: the rounds to complete; null for an AMRAP. */
  rounds: number | null;
  /** AMRAP: the time cap in seconds; null for an RFT. */
  time_cap: number | null;
  exercises: BlockExerciseOf<T>[];
};

export type TimelineSegmentOf<T> = {
  kind: SegmentKind;
  /** Seconds from the workout's start. */
  start: number;
  end: number;
  timing: SegmentTiming;
  /** The athlete ends it (repetitions, rounds for time); `end` is where it ends at its nominal length. */
  is_open: boolean;
  /** Positions in the workout record, from 0: `phases[phase].items[item]` and so on. */
  phase: number;
  phase_kind: PhaseKind;
  item: number | null;
  item_type: WorkoutItemType | null;
  round: number | null;
  set: number | null;
  minute: number | null;
  exercise: number | null;
  exercise_id: string | null;
  goal_targets: Target[];
  resistance_targets: Target[];
  block: TimelineBlockOf<T> | null;
  /** The notes that apply, from the item's to the set's (the timer's title first); empty for rests. */
  cue: T[];
};

export type TimelineOf<T> = { total_seconds: number; segments: TimelineSegmentOf<T>[] };

/** A segment before it is placed: its nominal length, and for open ones their weight in the phase's spare time. */
type Draft<T> = Omit<TimelineSegmentOf<T>, "start" | "end" | "is_open"> & { length: number; weight: number };

type Place<T> = Pick<TimelineSegmentOf<T>, "phase" | "phase_kind" | "item" | "item_type">;

const NO_INDEXES = { round: null, set: null, minute: null, exercise: null } as const;

export class TimelineTooLongError extends Error {
  constructor(readonly limit: number) {
    super(`the workout has more than ${limit} segments to play`);
    this.name = "TimelineTooLongError";
  }
}

// ---------------------------------------------------------------------------------------------------
// Lengths

const seconds = (value: number) => Math.max(0, Math.round(value));

/** The first duration goal: its value, or the middle of its range. */
function durationGoal(targets: readonly Target[]): { value: number; timing: "duration-goal" | "duration-goal-range" } | undefined {
  const target = targets.find((candidate) => candidate.metric === "duration");
  if (!target) return undefined;
  return target.type === "VALUE" ? { value: target.value, timing: "duration-goal" } : { value: (target.min + target.max) / 2, timing: "duration-goal-range" };
}

/** A piece of work by goal: timed by its duration goal, else open until the athlete is done. */
function goalWork(goals: readonly Target[]): { length: number; timing: SegmentTiming; weight: number } {
  const goal = durationGoal(goals);
  return goal ? { length: seconds(goal.value), timing: goal.timing, weight: 0 } : { length: 0, timing: "repetitions", weight: 1 };
}

/** Loops over counts the editor may still be typing stay bounded by what a saved workout may hold. */
const roundsOf = (count: number) => Math.min(Math.max(0, Math.floor(count)), PHASE_LIMITS.roundsPerItem);

// ---------------------------------------------------------------------------------------------------
// Expanding items into drafts

function* itemDrafts<T>(item: WorkoutItemOf<T>, place: Place<T>): Generator<Draft<T>> {
  const work = (fields: Partial<Draft<T>> & Pick<Draft<T>, "length" | "timing">): Draft<T> => ({
    kind: fields.kind ?? "work",
    timing: fields.timing,
    phase: place.phase,
    phase_kind: place.phase_kind,
    item: place.item,
    item_type: place.item_type,
    round: fields.round ?? null,
    set: fields.set ?? null,
    minute: fields.minute ?? null,
    exercise: fields.exercise ?? null,
    exercise_id: fields.exercise_id ?? null,
    goal_targets: fields.goal_targets ?? [],
    resistance_targets: fields.resistance_targets ?? [],
    block: fields.block ?? null,
    cue: fields.cue ?? [],
    length: fields.length,
    weight: fields.weight ?? 0,
  });
  const rest = (length: number, indexes: Partial<Pick<Draft<T>, "round" | "set" | "minute" | "exercise">>): Draft<T> | undefined =>
    length > 0 ? work({ kind: "rest", length: seconds(length), timing: "fixed", ...indexes }) : undefined;
  const notes = (...texts: T[]) => [item.notes, ...texts];

  switch (item.type) {
    case "SINGLE-EXERCISES":
      for (const [e, entry] of item.se_exercises.entries()) {
        for (const [s, set] of entry.sets.entries()) {
          const indexes = { exercise: e, set: s };
          yield work({ ...indexes, ...goalWork(set.goal_targets), exercise_id: entry.exercise_id, goal_targets: set.goal_targets, resistance_targets: set.resistance_targets, cue: notes(entry.notes, set.notes) });
          const after = rest(set.rest, indexes);
          if (after) yield after;
        }
      }
      return;
    case "SUPERSET":
      for (let round = 0; round < roundsOf(item.ss_sets); round++) {
        for (const [e, entry] of item.ss_exercises.entries()) {
          yield work({ round, exercise: e, ...goalWork(entry.goal_targets), exercise_id: entry.exercise_id, goal_targets: entry.goal_targets, resistance_targets: entry.resistance_targets, cue: notes(entry.notes) });
        }
        const after = rest(item.ss_rest, { round });
        if (after) yield after;
      }
      return;
    case "CIRCUIT-TIME":
      for (const [round, r] of item.ct_rounds.entries()) {
        for (const [e, entry] of r.exercises.entries()) {
          yield work({ round, exercise: e, length: seconds(r.work), timing: "fixed", exercise_id: entry.exercise_id, resistance_targets: entry.resistance_targets, cue: notes(entry.notes) });
          const after = rest(entry.rest > 0 ? entry.rest : r.rest, { round, exercise: e });
          if (after) yield after;
        }
        const after = rest(r.rest_rounds, { round });
        if (after) yield after;
      }
      return;
    case "CIRCUIT-REPETITIONS":
      for (const [round, r] of item.cr_rounds.entries()) {
        for (const [e, entry] of r.exercises.entries()) {
          yield work({ round, exercise: e, ...goalWork(entry.goal_targets), exercise_id: entry.exercise_id, goal_targets: entry.goal_targets, resistance_targets: entry.resistance_targets, cue: notes(entry.notes) });
          const after = rest(entry.rest > 0 ? entry.rest : r.rest, { round, exercise: e });
          if (after) yield after;
        }
        const after = rest(r.rest_round, { round });
        if (after) yield after;
      }
      return;
    case "AMRAP":
      yield work({
        length: seconds(item.amrap_duration),
        timing: "time-cap",
        block: {
          rounds: null,
          time_cap: item.amrap_duration,
          exercises: item.amrap_exercises.map((entry, e) => blockExercise(entry, e, entry.rest)),
        },
        cue: notes(),
      });
      return;
    case "RFT": {
      // One block for every round: its nominal length is what its duration goals add up to.
      const perRound = item.rft_exercises.reduce((total, entry) => total + (durationGoal(entry.goal_targets)?.value ?? 0), 0);
      const rounds = Math.max(0, item.rft_rounds);
      yield work({
        length: seconds(rounds * perRound),
        timing: "rounds-for-time",
        weight: Math.max(1, roundsOf(rounds) * item.rft_exercises.length),
        block: { rounds: item.rft_rounds, time_cap: null, exercises: item.rft_exercises.map((entry, e) => blockExercise(entry, e, 0)) },
        cue: notes(),
      });
      return;
    }
    case "EMOM":
      for (const [minute, entry] of item.emom_minutes.entries()) {
        const goal = durationGoal(entry.goal_targets);
        const split = goal ? { length: Math.min(60, seconds(goal.value)), timing: goal.timing } : entry.rest > 0 && entry.rest < 60 ? { length: 60 - seconds(entry.rest), timing: "fixed" as const } : undefined;
        const fields = { minute, exercise: 0, exercise_id: entry.exercise_id, goal_targets: entry.goal_targets, resistance_targets: entry.resistance_targets, cue: notes(entry.notes) };
        if (!split) {
          yield work({ ...fields, length: 60, timing: "emom-minute" });
          continue;
        }
        yield work({ ...fields, ...split });
        const after = rest(60 - split.length, { minute, exercise: 0 });
        if (after) yield after;
      }
      {
        const after = rest(item.emom_rest, {});
        if (after) yield after;
      }
      return;
    case "TIMER":
      yield work({ length: seconds(item.timer_duration), timing: "fixed", cue: [item.timer_title, item.notes] });
      return;
  }
}

function blockExercise<T>(entry: { exercise_id: string; notes: T; goal_targets: Target[]; resistance_targets: Target[] }, exercise: number, rest: number): BlockExerciseOf<T> {
  return { exercise, exercise_id: entry.exercise_id, goal_targets: entry.goal_targets, resistance_targets: entry.resistance_targets, rest, cue: [entry.notes] };
}

function* phaseDrafts<T>(phase: PhaseOf<T>, index: number): Generator<Draft<T>> {
  for (const [i, item] of phase.items.entries()) {
    yield* itemDrafts(item, { phase: index, phase_kind: phase.kind, item: i, item_type: item.type });
  }
}

/** What one pass over a phase's drafts gives: its items' length and the weight of its open segments. */
function measurePhase<T>(phase: PhaseOf<T>, index: number): { natural: number; openWeight: number; count: number } {
  let natural = 0;
  let openWeight = 0;
  let count = 0;
  for (const draft of phaseDrafts(phase, index)) {
    natural += draft.length;
    openWeight += draft.weight;
    count += 1;
  }
  return { natural, openWeight, count };
}

/**
 * A phase lasts its `time` when that is longer than its items, else as long as its items. The spare
 * time is spread over its open segments (in proportion to the exercises each stands for), or, when it
 * has none, played as a transition at its end.
 */
function phaseLength(phase: PhaseOf<unknown>, natural: number): number {
  return Math.max(seconds(phase.time), natural);
}

// ---------------------------------------------------------------------------------------------------
// The two uses

/**
 * The workout's segments in playing order (docs/api.md "Workout timelines"). Throws
 * TimelineTooLongError when there would be more than `maxSegments`.
 */
export function planWorkoutTimeline<T>(phases: readonly PhaseOf<T>[], maxSegments = MAX_TIMELINE_SEGMENTS): TimelineOf<T> {
  const segments: TimelineSegmentOf<T>[] = [];
  let clock = 0;
  const place = (draft: Draft<T>, length: number) => {
    if (segments.length >= maxSegments) throw new TimelineTooLongError(maxSegments);
    segments.push({
      kind: draft.kind,
      start: clock,
      end: clock + length,
      timing: draft.timing,
      is_open: OPEN_TIMINGS.includes(draft.timing),
      phase: draft.phase,
      phase_kind: draft.phase_kind,
      item: draft.item,
      item_type: draft.item_type,
      round: draft.round,
      set: draft.set,
      minute: draft.minute,
      exercise: draft.exercise,
      exercise_id: draft.exercise_id,
      goal_targets: draft.goal_targets,
      resistance_targets: draft.resistance_targets,
      block: draft.block,
      cue: draft.cue,
    });
    clock += length;
  };
  for (const [index, phase] of phases.entries()) {
    const { natural, openWeight } = measurePhase(phase, index);
    const spare = phaseLength(phase, natural) - natural;
    const spreads = spare > 0 && openWeight > 0;
    // Shares end at rounded points of the spare time, so they are whole seconds and add up to it exactly.
    let weightSoFar = 0;
    let sharedSoFar = 0;
    for (const draft of phaseDrafts(phase, index)) {
      let share = 0;
      if (spreads && draft.weight > 0) {
        weightSoFar += draft.weight;
        const sharedUntil = Math.round((spare * weightSoFar) / openWeight);
        share = sharedUntil - sharedSoFar;
        sharedSoFar = sharedUntil;
      }
      place(draft, draft.length + share);
    }
    if (spare > 0 && !spreads) {
      const transition: Draft<T> = {
        ...NO_INDEXES,
        kind: "transition",
        timing: "phase-time",
        phase: index,
        phase_kind: phase.kind,
        item: null,
        item_type: null,
        exercise_id: null,
        goal_targets: [],
        resistance_targets: [],
        block: null,
        cue: [],
        length: spare,
        weight: 0,
      };
      place(transition, spare);
    }
  }
  return { total_seconds: clock, segments };
}

/**
 * The workout's estimated length in whole seconds, as the admin's editor shows it: where its timeline
 * ends (planWorkoutTimeline), measured without building the segments. Each phase lasts its `time`, or
 * what its items add up to when that is longer (docs/api.md "Workout timelines").
 */
export function estimateWorkoutSeconds(phases: readonly PhaseOf<unknown>[]): number {
  return phases.reduce((total, phase, index) => total + estimatePhaseSeconds(phase, index), 0);
}

/** One phase's share of `estimateWorkoutSeconds` (the phases' shares add up to the workout's estimate). */
export function estimatePhaseSeconds(phase: PhaseOf<unknown>, index: number): number {
  return phaseLength(phase, measurePhase(phase, index).natural);
}
