import { describe, expect, it } from "vitest";
import type { PhaseOf, WorkoutItemOf } from "@/lib/workouts/phases";
import { formatDuration, summarizeWorkout, type EquipmentFacts, type ExerciseFacts } from "./summary";

const A = "aaaaaaaa-0000-4000-8000-000000000001";
const B = "bbbbbbbb-0000-4000-8000-000000000002";
const C = "cccccccc-0000-4000-8000-000000000003";

const phase = (items: WorkoutItemOf<string>[], time = 0): PhaseOf<string> => ({ kind: "training", title: "", time, items });
const amrap = (seconds: number, ...exerciseIds: string[]): WorkoutItemOf<string> => ({
  type: "AMRAP",
  notes: "",
  amrap_duration: seconds,
  amrap_exercises: exerciseIds.map((exercise_id) => ({ notes: "", rest: 0, exercise_id, goal_targets: [], resistance_targets: [] })),
});
const timer = (seconds: number): WorkoutItemOf<string> => ({ type: "TIMER", notes: "", timer_title: "", timer_duration: seconds });

const exercises = new Map<string, ExerciseFacts>([
  [A, { equipment: [1, 2] }],
  [B, { equipment: [2, 3] }],
  [C, { equipment: [] }],
]);
const equipment = new Map<number, EquipmentFacts>([
  [1, { name: "Kettlebell", isNoEquipment: false }],
  [2, { name: "Bench", isNoEquipment: false }],
  [3, { name: "No equipment", isNoEquipment: true }],
]);

describe("summarizeWorkout", () => {
  it("adds the phases' times, counts each exercise once and lists the equipment sorted, without 'no equipment'", () => {
    const summary = summarizeWorkout([phase([amrap(600, A, B), timer(60)]), phase([amrap(300, A, C)], 900)], exercises, equipment);
    expect(summary).toEqual({ seconds: 660 + 900, phaseSeconds: [660, 900], exerciseCount: 3, equipment: ["Bench", "Kettlebell"], pendingExercises: 0 });
  });

  it("counts numbers still being typed (NaN) as 0 instead of spoiling the estimate", () => {
    expect(summarizeWorkout([phase([timer(Number.NaN), timer(45)])], exercises, equipment).seconds).toBe(45);
    expect(summarizeWorkout([phase([timer(30)], Number.NaN)], exercises, equipment).seconds).toBe(30);
  });

  it("reports exercises whose equipment is not loaded yet, and ignores entries without a chosen exercise", () => {
    const unknown = "dddddddd-0000-4000-8000-000000000004";
    const summary = summarizeWorkout([phase([amrap(60, A, unknown, "")])], exercises, equipment);
    expect(summary).toEqual({ seconds: 60, phaseSeconds: [60], exerciseCount: 2, equipment: ["Bench", "Kettlebell"], pendingExercises: 1 });
  });

  it("matches exercise ids in any case, as the API stores them in lower case", () => {
    expect(summarizeWorkout([phase([amrap(60, A.toUpperCase())])], exercises, equipment).equipment).toEqual(["Bench", "Kettlebell"]);
  });

  it("is empty for a workout without phases", () => {
    expect(summarizeWorkout([], exercises, equipment)).toEqual({ seconds: 0, phaseSeconds: [], exerciseCount: 0, equipment: [], pendingExercises: 0 });
  });
});

describe("formatDuration", () => {
  it.each([
    [0, "0 s"],
    [45, "45 s"],
    [60, "1 min"],
    [750, "12 min 30 s"],
    [3600, "1 h"],
    [3900, "1 h 5 min"],
    [-5, "0 s"],
  ])("%i seconds read %s", (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});
