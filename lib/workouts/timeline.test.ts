import { describe, expect, it } from "vitest";
import type { PhaseKind, PhaseOf, StoredPhase, StoredWorkoutItem, Target, WorkoutItemOf } from "./phases";
import { estimateWorkoutSeconds, MAX_TIMELINE_SEGMENTS, planWorkoutTimeline, TimelineTooLongError, type TimelineSegmentOf } from "./timeline";

const SQUAT = "3f1c2a9e-8b7d-4c6e-9f10-2a3b4c5d6e7f";
const PUSH_UP = "8a6b4c2d-1e3f-4a5b-8c7d-9e0f1a2b3c4d";

const value = (metric: Target["metric"], amount: number): Target => ({ type: "VALUE", metric, value: amount });
const range = (metric: Target["metric"], min: number, max: number): Target => ({ type: "RANGE", metric, min, max });
const reps = (count: number) => [value("repetitions", count)];
const seconds = (count: number) => [value("duration", count)];
const kg = (weight: number) => [value("weight", weight)];

type Item = WorkoutItemOf<string>;
const phase = (items: Item[], time = 0, kind: PhaseKind = "training"): PhaseOf<string> => ({ kind, title: kind, time, items });

/** A segment as a row of the tables below: what it is, when, by which timing, and where from. */
type Row = [kind: string, start: number, end: number, timing: string, indexes: string, exercise: string | null, cue: string];
const NAMES: Record<string, string> = { [SQUAT]: "squat", [PUSH_UP]: "push-up" };

function rowOf(segment: TimelineSegmentOf<string>): Row {
  const indexes = (["round", "set", "minute", "exercise"] as const)
    .filter((key) => segment[key] !== null)
    .map((key) => `${key} ${segment[key]}`)
    .join(", ");
  return [segment.kind, segment.start, segment.end, segment.timing, indexes, segment.exercise_id ? NAMES[segment.exercise_id]! : null, segment.cue.filter(Boolean).join(" / ")];
}

const rowsOf = (phases: PhaseOf<string>[]) => planWorkoutTimeline(phases).segments.map(rowOf);

describe("planWorkoutTimeline: each item type expands by its meaning", () => {
  const cases: [string, Item, Row[]][] = [
    [
      "SINGLE-EXERCISES: every set of the first exercise, each followed by its rest, then the next exercise",
      {
        type: "SINGLE-EXERCISES",
        notes: "Controlled",
        se_exercises: [
          {
            exercise_id: SQUAT,
            notes: "Slow descent",
            sets: [
              { notes: "Heavy", rest: 60, goal_targets: reps(10), resistance_targets: kg(40) },
              { notes: "", rest: 0, goal_targets: seconds(30), resistance_targets: [] },
            ],
          },
          { exercise_id: PUSH_UP, notes: "", sets: [{ notes: "", rest: 45, goal_targets: [range("duration", 20, 25)], resistance_targets: [] }] },
        ],
      },
      [
        ["work", 0, 0, "repetitions", "set 0, exercise 0", "squat", "Controlled / Slow descent / Heavy"],
        ["rest", 0, 60, "fixed", "set 0, exercise 0", null, ""],
        ["work", 60, 90, "duration-goal", "set 1, exercise 0", "squat", "Controlled / Slow descent"],
        ["work", 90, 113, "duration-goal-range", "set 0, exercise 1", "push-up", "Controlled"],
        ["rest", 113, 158, "fixed", "set 0, exercise 1", null, ""],
      ],
    ],
    [
      "SUPERSET: the exercises back to back, then the rest, once per set (as rounds)",
      {
        type: "SUPERSET",
        notes: "",
        ss_sets: 2,
        ss_rest: 90,
        ss_exercises: [
          { notes: "", exercise_id: SQUAT, goal_targets: reps(10), resistance_targets: kg(20) },
          { notes: "Hold", exercise_id: PUSH_UP, goal_targets: seconds(30), resistance_targets: [] },
        ],
      },
      [
        ["work", 0, 0, "repetitions", "round 0, exercise 0", "squat", ""],
        ["work", 0, 30, "duration-goal", "round 0, exercise 1", "push-up", "Hold"],
        ["rest", 30, 120, "fixed", "round 0", null, ""],
        ["work", 120, 120, "repetitions", "round 1, exercise 0", "squat", ""],
        ["work", 120, 150, "duration-goal", "round 1, exercise 1", "push-up", "Hold"],
        ["rest", 150, 240, "fixed", "round 1", null, ""],
      ],
    ],
    [
      "CIRCUIT-TIME: per round each exercise's work and rest (its own rest, else the round's), then the rest after the round",
      {
        type: "CIRCUIT-TIME",
        notes: "Tabata",
        ct_rounds: [
          {
            rest_rounds: 60,
            work: 20,
            rest: 10,
            exercises: [
              { notes: "", exercise_id: SQUAT, rest: 0, resistance_targets: [] },
              { notes: "", exercise_id: PUSH_UP, rest: 15, resistance_targets: [] },
            ],
          },
          { rest_rounds: 0, work: 30, rest: 0, exercises: [{ notes: "Last", exercise_id: SQUAT, rest: 0, resistance_targets: kg(8) }] },
        ],
      },
      [
        ["work", 0, 20, "fixed", "round 0, exercise 0", "squat", "Tabata"],
        ["rest", 20, 30, "fixed", "round 0, exercise 0", null, ""],
        ["work", 30, 50, "fixed", "round 0, exercise 1", "push-up", "Tabata"],
        ["rest", 50, 65, "fixed", "round 0, exercise 1", null, ""],
        ["rest", 65, 125, "fixed", "round 0", null, ""],
        ["work", 125, 155, "fixed", "round 1, exercise 0", "squat", "Tabata / Last"],
      ],
    ],
    [
      "CIRCUIT-REPETITIONS: per round each exercise and its rest, then the rest after the round",
      {
        type: "CIRCUIT-REPETITIONS",
        notes: "",
        cr_rounds: [
          {
            rest: 10,
            rest_round: 60,
            exercises: [
              { notes: "", rest: 0, exercise_id: SQUAT, goal_targets: reps(15), resistance_targets: [] },
              { notes: "", rest: 20, exercise_id: PUSH_UP, goal_targets: seconds(40), resistance_targets: [] },
            ],
          },
        ],
      },
      [
        ["work", 0, 0, "repetitions", "round 0, exercise 0", "squat", ""],
        ["rest", 0, 10, "fixed", "round 0, exercise 0", null, ""],
        ["work", 10, 50, "duration-goal", "round 0, exercise 1", "push-up", ""],
        ["rest", 50, 70, "fixed", "round 0, exercise 1", null, ""],
        ["rest", 70, 130, "fixed", "round 0", null, ""],
      ],
    ],
    [
      "AMRAP: one work block ending at its time cap",
      { type: "AMRAP", notes: "Steady", amrap_duration: 600, amrap_exercises: [{ notes: "", rest: 0, exercise_id: SQUAT, goal_targets: reps(12), resistance_targets: [] }] },
      [["work", 0, 600, "time-cap", "", null, "Steady"]],
    ],
    [
      "RFT: one open work block for all its rounds, as long as its duration goals add up to",
      {
        type: "RFT",
        notes: "For time",
        rft_rounds: 5,
        rft_exercises: [
          { notes: "", exercise_id: SQUAT, goal_targets: reps(10), resistance_targets: [] },
          { notes: "", exercise_id: PUSH_UP, goal_targets: seconds(20), resistance_targets: [] },
        ],
      },
      [["work", 0, 100, "rounds-for-time", "", null, "For time"]],
    ],
    [
      "EMOM: each minute's work from its start (its duration goal, else the minute less its rest, else all of it), then the rest after the minutes",
      {
        type: "EMOM",
        notes: "On the minute",
        emom_rest: 30,
        emom_minutes: [
          { notes: "", rest: 0, exercise_id: SQUAT, goal_targets: seconds(40), resistance_targets: [] },
          { notes: "", rest: 25, exercise_id: PUSH_UP, goal_targets: reps(12), resistance_targets: [] },
          { notes: "Hard", rest: 0, exercise_id: SQUAT, goal_targets: reps(15), resistance_targets: [] },
        ],
      },
      [
        ["work", 0, 40, "duration-goal", "minute 0, exercise 0", "squat", "On the minute"],
        ["rest", 40, 60, "fixed", "minute 0, exercise 0", null, ""],
        ["work", 60, 95, "fixed", "minute 1, exercise 0", "push-up", "On the minute"],
        ["rest", 95, 120, "fixed", "minute 1, exercise 0", null, ""],
        ["work", 120, 180, "emom-minute", "minute 2, exercise 0", "squat", "On the minute / Hard"],
        ["rest", 180, 210, "fixed", "", null, ""],
      ],
    ],
    ["TIMER: one work segment, its title as the cue", { type: "TIMER", notes: "Easy", timer_title: "Mobilise", timer_duration: 240 }, [["work", 0, 240, "fixed", "", null, "Mobilise / Easy"]]],
  ];

  it.each(cases)("%s", (_what, workoutItem, rows) => {
    const timeline = planWorkoutTimeline([phase([workoutItem])]);
    expect(timeline.segments.map(rowOf)).toEqual(rows);
    expect(timeline.total_seconds).toBe(rows.at(-1)![2]);
    expect(estimateWorkoutSeconds([phase([workoutItem])])).toBe(timeline.total_seconds);
  });

  it("gives every segment its place, exercise, targets and cue; blocks carry their exercises and target", () => {
    const amrap: Item = {
      type: "AMRAP",
      notes: "Steady",
      amrap_duration: 300,
      amrap_exercises: [{ notes: "Chest to floor", rest: 10, exercise_id: PUSH_UP, goal_targets: reps(8), resistance_targets: [] }],
    };
    const rft: Item = { type: "RFT", notes: "", rft_rounds: 3, rft_exercises: [{ notes: "", exercise_id: SQUAT, goal_targets: reps(5), resistance_targets: kg(60) }] };
    const single: Item = {
      type: "SINGLE-EXERCISES",
      notes: "",
      se_exercises: [{ exercise_id: SQUAT, notes: "", sets: [{ notes: "Top set", rest: 0, goal_targets: reps(5), resistance_targets: [range("weight", 80, 90)] }] }],
    };
    const { segments } = planWorkoutTimeline([phase([]), phase([single, amrap, rft], 0, "training")]);
    expect(segments).toEqual([
      {
        kind: "work",
        start: 0,
        end: 0,
        timing: "repetitions",
        is_open: true,
        phase: 1,
        phase_kind: "training",
        item: 0,
        item_type: "SINGLE-EXERCISES",
        round: null,
        set: 0,
        minute: null,
        exercise: 0,
        exercise_id: SQUAT,
        goal_targets: reps(5),
        resistance_targets: [range("weight", 80, 90)],
        block: null,
        cue: ["", "", "Top set"],
      },
      {
        kind: "work",
        start: 0,
        end: 300,
        timing: "time-cap",
        is_open: false,
        phase: 1,
        phase_kind: "training",
        item: 1,
        item_type: "AMRAP",
        round: null,
        set: null,
        minute: null,
        exercise: null,
        exercise_id: null,
        goal_targets: [],
        resistance_targets: [],
        block: {
          rounds: null,
          time_cap: 300,
          exercises: [{ exercise: 0, exercise_id: PUSH_UP, goal_targets: reps(8), resistance_targets: [], rest: 10, cue: ["Chest to floor"] }],
        },
        cue: ["Steady"],
      },
      {
        kind: "work",
        start: 300,
        end: 300,
        timing: "rounds-for-time",
        is_open: true,
        phase: 1,
        phase_kind: "training",
        item: 2,
        item_type: "RFT",
        round: null,
        set: null,
        minute: null,
        exercise: null,
        exercise_id: null,
        goal_targets: [],
        resistance_targets: [],
        block: { rounds: 3, time_cap: null, exercises: [{ exercise: 0, exercise_id: SQUAT, goal_targets: reps(5), resistance_targets: kg(60), rest: 0, cue: [""] }] },
        cue: [""],
      },
    ]);
  });

  it("leaves out rests of 0 seconds and plays the phases one after the other", () => {
    const timer = (duration: number): Item => ({ type: "TIMER", notes: "", timer_title: "t", timer_duration: duration });
    const rows = rowsOf([phase([timer(60)], 0, "warm-up"), phase([timer(120), timer(30)]), phase([timer(90)], 0, "cool-down")]);
    expect(rows.map(([kind, start, end]) => [kind, start, end])).toEqual([
      ["work", 0, 60],
      ["work", 60, 180],
      ["work", 180, 210],
      ["work", 210, 300],
    ]);
  });
});

describe("planWorkoutTimeline: a phase's time", () => {
  const timer = (duration: number): Item => ({ type: "TIMER", notes: "", timer_title: "Timer", timer_duration: duration });
  const repetitionSet = (count: number, rest = 0) => ({ notes: "", rest, goal_targets: reps(count), resistance_targets: [] });

  it("is spread over its open segments, in proportion to the exercises each stands for, in whole seconds", () => {
    const single: Item = { type: "SINGLE-EXERCISES", notes: "", se_exercises: [{ exercise_id: SQUAT, notes: "", sets: [repetitionSet(10, 30), repetitionSet(10)] }] };
    const rft: Item = { type: "RFT", notes: "", rft_rounds: 2, rft_exercises: [{ notes: "", exercise_id: PUSH_UP, goal_targets: reps(5), resistance_targets: [] }] };
    // 30 s of rest are fixed; 101 s are left for four exercise performances: 1 + 1 (the sets) + 2 (the RFT's rounds).
    const rows = rowsOf([phase([single, rft], 131)]);
    expect(rows.map(([kind, start, end, timing]) => [kind, start, end, timing])).toEqual([
      ["work", 0, 25, "repetitions"],
      ["rest", 25, 55, "fixed"],
      ["work", 55, 81, "repetitions"],
      ["work", 81, 131, "rounds-for-time"],
    ]);
  });

  it("is played as a transition at the phase's end when nothing in it is open", () => {
    expect(rowsOf([phase([timer(100)], 150, "warm-up"), phase([timer(60)])])).toEqual([
      ["work", 0, 100, "fixed", "", null, "Timer"],
      ["transition", 100, 150, "phase-time", "", null, ""],
      ["work", 150, 210, "fixed", "", null, "Timer"],
    ]);
    const [transition] = planWorkoutTimeline([phase([], 45, "cool-down")]).segments;
    expect(transition).toMatchObject({ kind: "transition", start: 0, end: 45, phase: 0, phase_kind: "cool-down", item: null, item_type: null, is_open: false });
  });

  it("never cuts its items short: items longer than the phase's time take their own length", () => {
    expect(rowsOf([phase([timer(200)], 120)])).toEqual([["work", 0, 200, "fixed", "", null, "Timer"]]);
    expect(estimateWorkoutSeconds([phase([timer(200)], 120)])).toBe(200);
  });
});

describe("planWorkoutTimeline: bounds", () => {
  it("refuses a workout with more segments than a timeline holds", () => {
    const set = { notes: "", rest: 1, goal_targets: reps(1), resistance_targets: [] };
    const items: Item[] = [{ type: "SINGLE-EXERCISES", notes: "", se_exercises: [{ exercise_id: SQUAT, notes: "", sets: [set, set, set] }] }];
    expect(planWorkoutTimeline([phase(items)], 6).segments).toHaveLength(6);
    expect(() => planWorkoutTimeline([phase(items)], 5)).toThrow(new TimelineTooLongError(5));
    expect(MAX_TIMELINE_SEGMENTS).toBe(10_000);
    // The estimate does not build segments, so it has no such bound.
    expect(estimateWorkoutSeconds([phase(items)])).toBe(3);
  });

  it("plays no more superset rounds than a saved workout may have, whatever the editor is still typing", () => {
    const superset: Item = {
      type: "SUPERSET",
      notes: "",
      ss_sets: 1e9,
      ss_rest: 1,
      ss_exercises: [
        { notes: "", exercise_id: SQUAT, goal_targets: seconds(1), resistance_targets: [] },
        { notes: "", exercise_id: PUSH_UP, goal_targets: seconds(1), resistance_targets: [] },
      ],
    };
    expect(estimateWorkoutSeconds([phase([superset])])).toBe(100 * 3);
  });
});

// The editor's estimate is where the timeline ends; these are the figures the editor showed before the
// timeline existed, which it keeps.
describe("estimateWorkoutSeconds", () => {
  const target = (metric: Target["metric"], amount: number | [number, number]): Target =>
    typeof amount === "number" ? value(metric, amount) : range(metric, amount[0], amount[1]);
  const entry = (extra: { rest?: number; goal?: Target[] } = {}) => ({
    exercise_id: SQUAT,
    notes: {},
    rest: extra.rest ?? 0,
    goal_targets: extra.goal ?? [],
    resistance_targets: [target("weight", 20)],
  });
  const inPhase = (items: StoredWorkoutItem[], time = 0): StoredPhase => ({ kind: "training", title: {}, time, items });

  it.each<[string, StoredWorkoutItem, number]>([
    ["a timer", { type: "TIMER", notes: {}, timer_title: {}, timer_duration: 90 }, 90],
    ["an AMRAP", { type: "AMRAP", notes: {}, amrap_duration: 600, amrap_exercises: [entry()] }, 600],
    ["an EMOM of 3 minutes and 30 s rest", { type: "EMOM", notes: {}, emom_rest: 30, emom_minutes: [entry(), entry(), entry()] }, 210],
    [
      "a time circuit: (40 + 20) × 3 + 60, then (30 + 15) × 2",
      {
        type: "CIRCUIT-TIME",
        notes: {},
        ct_rounds: [
          { rest_rounds: 60, work: 40, rest: 20, exercises: [entry(), entry(), entry()] },
          { rest_rounds: 0, work: 30, rest: 15, exercises: [entry(), entry()] },
        ],
      },
      330,
    ],
    [
      "single exercises: a 30 s set and a repetition set, each with 60 s rest",
      {
        type: "SINGLE-EXERCISES",
        notes: {},
        se_exercises: [
          {
            exercise_id: SQUAT,
            notes: {},
            sets: [
              { notes: {}, rest: 60, goal_targets: [target("duration", 30)], resistance_targets: [] },
              { notes: {}, rest: 60, goal_targets: [target("repetitions", 10)], resistance_targets: [] },
            ],
          },
        ],
      },
      150,
    ],
    [
      "a superset: 3 × (20–40 s + repetitions + 60 s rest)",
      {
        type: "SUPERSET",
        notes: {},
        ss_sets: 3,
        ss_rest: 60,
        ss_exercises: [entry({ goal: [target("duration", [20, 40])] }), entry({ goal: [target("repetitions", 10)] })],
      },
      270,
    ],
    [
      "a repetition circuit: 30 s + 15 s rest, repetitions + 15 s rest, 60 s after the round",
      {
        type: "CIRCUIT-REPETITIONS",
        notes: {},
        cr_rounds: [{ rest: 10, rest_round: 60, exercises: [entry({ rest: 15, goal: [target("duration", 30)] }), entry({ rest: 15 })] }],
      },
      120,
    ],
    [
      "rounds for time: 5 × (20 s + repetitions)",
      { type: "RFT", notes: {}, rft_rounds: 5, rft_exercises: [entry({ goal: [target("duration", 20)] }), entry({ goal: [target("repetitions", 10)] })] },
      100,
    ],
  ])("counts %s", (_what, workoutItem, total) => {
    expect(estimateWorkoutSeconds([inPhase([workoutItem])])).toBe(total);
    expect(planWorkoutTimeline([inPhase([workoutItem])]).total_seconds).toBe(total);
  });

  it("takes a phase's time when it has one, and adds up the phases", () => {
    const timer: StoredWorkoutItem = { type: "TIMER", notes: {}, timer_title: {}, timer_duration: 90 };
    expect(estimateWorkoutSeconds([inPhase([timer], 300), inPhase([timer, timer])])).toBe(480);
    expect(estimateWorkoutSeconds([inPhase([])])).toBe(0);
    expect(estimateWorkoutSeconds([])).toBe(0);
  });

  it("rounds to whole seconds", () => {
    const rft: StoredWorkoutItem = { type: "RFT", notes: {}, rft_rounds: 1, rft_exercises: [entry({ goal: [target("duration", [15, 16])] })] };
    expect(estimateWorkoutSeconds([inPhase([rft])])).toBe(16);
  });

  it("counts a circuit exercise's own rest, else its round's rest between exercises", () => {
    const circuit: StoredWorkoutItem = {
      type: "CIRCUIT-TIME",
      notes: {},
      ct_rounds: [{ rest_rounds: 0, work: 30, rest: 10, exercises: [entry({ rest: 20 }), entry()] }],
    };
    expect(estimateWorkoutSeconds([inPhase([circuit])])).toBe(30 + 20 + 30 + 10);
    const repetitions: StoredWorkoutItem = { type: "CIRCUIT-REPETITIONS", notes: {}, cr_rounds: [{ rest: 10, rest_round: 0, exercises: [entry(), entry({ rest: 5 })] }] };
    expect(estimateWorkoutSeconds([inPhase([repetitions])])).toBe(10 + 5);
  });
});
