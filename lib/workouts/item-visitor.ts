/**
 * The one walk over workout items: every walker of phases (writing texts, listing them, rendering them,
 * finding the exercises, the admin's form values) is a visitor given to `visitPhases` or `visitItem`,
 * so the eight item types are spelled out here alone. Pure and isomorphic.
 *
 * A walk copies the phases with every text replaced by the visitor's answer, in document order, and
 * every exercise id by its `exerciseId` answer; all else is copied as it is. Walked alongside `before`
 * (the stored phases a write replaces), each text also gets the text at the same place of `before`:
 * the phase of the same kind, the item at the same index if it has the same type, the exercise at the
 * same index if it is the same exercise, and the set or round at the same index. A text whose place
 * changed its item type or exercise gets none, so it does not inherit translations written for
 * something else.
 */
import type { PhaseOf, WorkoutItemOf } from "./phases";

/** What a walk does with each text and exercise id. `A` is how texts are given, `B` what they become, `C` how `before`'s texts are. */
export type ItemVisitor<A, B, C = never> = {
  /**
   * A text at `path` (a JSON Pointer). `required`: a phase title or a timer title (notes are optional).
   * `before`: the text at the same place of the phases walked alongside, if any.
   */
  text(text: A, path: string, required: boolean, before: C | undefined): B;
  /** An exercise id at `path` (the pointer of its `exercise_id`); answers the id to keep. Absent: ids are kept as they are. */
  exerciseId?(id: string, path: string): string;
};

type Entry<T> = { exercise_id: string; notes: T };

/** The phases walked by `visitor`; `before` pairs each phase with the phase of the same kind. `base` is the pointer of the phases array. */
export function visitPhases<A, B, C = never>(
  phases: readonly PhaseOf<A>[],
  base: string,
  visitor: ItemVisitor<A, B, C>,
  before?: readonly PhaseOf<C>[],
): PhaseOf<B>[] {
  return phases.map((phase, p) => {
    const at = `${base}/${p}`;
    const was = before?.find((stored) => stored.kind === phase.kind);
    return {
      kind: phase.kind,
      title: visitor.text(phase.title, `${at}/title`, true, was?.title),
      time: phase.time,
      items: phase.items.map((item, i) => visitItem(item, `${at}/items/${i}`, visitor, was?.items[i])),
    };
  });
}

/** One item walked by `visitor`; `at` is its pointer, `before` the item at its place in the phases walked alongside. */
export function visitItem<A, B, C = never>(item: WorkoutItemOf<A>, at: string, visitor: ItemVisitor<A, B, C>, before?: WorkoutItemOf<C>): WorkoutItemOf<B> {
  const exerciseId = (id: string, path: string) => (visitor.exerciseId ? visitor.exerciseId(id, `${path}/exercise_id`) : id);
  const entries = <E extends Entry<A>>(list: readonly E[], path: string, was: readonly Entry<C>[] | undefined) =>
    list.map((entry, index) => {
      const place = `${path}/${index}`;
      const exercise_id = exerciseId(entry.exercise_id, place);
      const same = sameExercise(was?.[index], exercise_id);
      return { ...entry, exercise_id, notes: visitor.text(entry.notes, `${place}/notes`, false, same?.notes) };
    });
  const notes = visitor.text(item.notes, `${at}/notes`, false, before?.type === item.type ? before.notes : undefined);
  switch (item.type) {
    case "SINGLE-EXERCISES": {
      const was = before?.type === item.type ? before : undefined;
      return {
        ...item,
        notes,
        se_exercises: item.se_exercises.map((exercise, e) => {
          const path = `${at}/se_exercises/${e}`;
          const exercise_id = exerciseId(exercise.exercise_id, path);
          const same = sameExercise(was?.se_exercises[e], exercise_id);
          return {
            ...exercise,
            exercise_id,
            notes: visitor.text(exercise.notes, `${path}/notes`, false, same?.notes),
            sets: exercise.sets.map((set, s) => ({ ...set, notes: visitor.text(set.notes, `${path}/sets/${s}/notes`, false, same?.sets[s]?.notes) })),
          };
        }),
      };
    }
    case "SUPERSET": {
      const was = before?.type === item.type ? before : undefined;
      return { ...item, notes, ss_exercises: entries(item.ss_exercises, `${at}/ss_exercises`, was?.ss_exercises) };
    }
    case "CIRCUIT-TIME": {
      const was = before?.type === item.type ? before : undefined;
      return {
        ...item,
        notes,
        ct_rounds: item.ct_rounds.map((round, r) => ({ ...round, exercises: entries(round.exercises, `${at}/ct_rounds/${r}/exercises`, was?.ct_rounds[r]?.exercises) })),
      };
    }
    case "CIRCUIT-REPETITIONS": {
      const was = before?.type === item.type ? before : undefined;
      return {
        ...item,
        notes,
        cr_rounds: item.cr_rounds.map((round, r) => ({ ...round, exercises: entries(round.exercises, `${at}/cr_rounds/${r}/exercises`, was?.cr_rounds[r]?.exercises) })),
      };
    }
    case "AMRAP": {
      const was = before?.type === item.type ? before : undefined;
      return { ...item, notes, amrap_exercises: entries(item.amrap_exercises, `${at}/amrap_exercises`, was?.amrap_exercises) };
    }
    case "RFT": {
      const was = before?.type === item.type ? before : undefined;
      return { ...item, notes, rft_exercises: entries(item.rft_exercises, `${at}/rft_exercises`, was?.rft_exercises) };
    }
    case "EMOM": {
      const was = before?.type === item.type ? before : undefined;
      return { ...item, notes, emom_minutes: entries(item.emom_minutes, `${at}/emom_minutes`, was?.emom_minutes) };
    }
    case "TIMER": {
      const was = before?.type === item.type ? before : undefined;
      return { ...item, notes, timer_title: visitor.text(item.timer_title, `${at}/timer_title`, true, was?.timer_title) };
    }
  }
}

/** `before` when it names the same exercise as the entry now at its place. */
function sameExercise<E extends { exercise_id: string }>(before: E | undefined, exerciseId: string): E | undefined {
  return before?.exercise_id === exerciseId ? before : undefined;
}
