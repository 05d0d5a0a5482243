import { phaseExerciseIds } from "@/lib/workouts/phase-walkers";
import type { PhaseOf } from "@/lib/workouts/phases";
import { estimatePhaseSeconds } from "@/lib/workouts/timeline";

/** What the editor knows about an exercise the workout uses (from the exercise list or record). */
export type ExerciseFacts = { equipment: readonly number[] };
/** An equipment record's name, and whether it is the organization's "no equipment" record. */
export type EquipmentFacts = { name: string; isNoEquipment: boolean };

export type WorkoutSummary = {
  /** Where the workout's timeline ends (lib/workouts/timeline `estimateWorkoutSeconds`), in whole seconds. */
  seconds: number;
  /** Each phase's share of `seconds`, in the phases' order. */
  phaseSeconds: number[];
  /** Different exercises used (an exercise in several places counts once). */
  exerciseCount: number;
  /** Names of the equipment the exercises need, sorted, each once; "no equipment" is left out. */
  equipment: string[];
  /** Exercises whose equipment is not known yet (still loading), so the list may be incomplete. */
  pendingExercises: number;
};

/** Numbers a person is still typing (an empty input is NaN) count as 0 rather than spoiling the sum. */
function withFiniteNumbers<T>(value: T): T {
  return JSON.parse(JSON.stringify(value, (_key, entry: unknown) => (typeof entry === "number" && !Number.isFinite(entry) ? 0 : entry))) as T;
}

/**
 * The live summary beside the editor: time estimate, exercise count and equipment needed. Pure: the
 * editor passes what it has loaded about exercises and equipment.
 */
export function summarizeWorkout(
  phases: readonly PhaseOf<unknown>[],
  exercises: ReadonlyMap<string, ExerciseFacts>,
  equipment: ReadonlyMap<number, EquipmentFacts>,
): WorkoutSummary {
  const safe = withFiniteNumbers(phases).filter((phase) => Array.isArray(phase?.items));
  const used = phaseExerciseIds(safe).filter((use) => use.id !== "");
  const names = new Set<string>();
  let pendingExercises = 0;
  for (const { id } of used) {
    const facts = exercises.get(id); // ids come lower-cased, as the API stores them
    if (!facts) {
      pendingExercises += 1;
      continue;
    }
    for (const equipmentId of facts.equipment) {
      const record = equipment.get(equipmentId);
      if (record && !record.isNoEquipment) names.add(record.name);
    }
  }
  const phaseSeconds = safe.map((phase, index) => estimatePhaseSeconds(phase, index));
  return {
    seconds: phaseSeconds.reduce((total, seconds) => total + seconds, 0),
    phaseSeconds,
    exerciseCount: used.length,
    equipment: [...names].sort((a, b) => a.localeCompare(b)),
    pendingExercises,
  };
}

/** "1 h 5 min", "12 min 30 s", "45 s". */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
  if (minutes > 0) return rest > 0 ? `${minutes} min ${rest} s` : `${minutes} min`;
  return `${rest} s`;
}
