import { describe, expect, expectTypeOf, it } from "vitest";
import { visitItem, visitPhases, type ItemVisitor } from "./item-visitor";
import { WORKOUT_ITEM_TYPES, type PhaseOf, type Target, type WorkoutItemOf } from "./phases";

const SQUAT = "3F1C2A9E-8B7D-4C6E-9F10-2A3B4C5D6E7F";
const PUSH_UP = "8a6b4c2d-1e3f-4a5b-8c7d-9e0f1a2b3c4d";
const LUNGE = "5b2e7c1a-9d4f-4e8b-a3c6-1f0d2e3b4a5c";

const TEXT_KEYS = new Set(["title", "notes", "timer_title"]);

const goal: Target[] = [{ type: "VALUE", metric: "repetitions", value: 10 }];
const weight: Target[] = [{ type: "RANGE", metric: "weight", min: 20, max: 25 }];

/** One item of every type, each text named after its place, so a walk's answers can be read back. */
function everyItem(): WorkoutItemOf<string>[] {
  const entry = (id: string, name: string) => ({ notes: name, exercise_id: id, goal_targets: goal, resistance_targets: weight });
  const rested = (id: string, name: string) => ({ ...entry(id, name), rest: 15 });
  return [
    {
      type: "SINGLE-EXERCISES",
      notes: "se",
      se_exercises: [
        {
          exercise_id: SQUAT,
          notes: "se.0",
          sets: [
            { notes: "se.0.set0", rest: 60, goal_targets: goal, resistance_targets: weight },
            { notes: "se.0.set1", rest: 45, goal_targets: goal, resistance_targets: [] },
          ],
        },
      ],
    },
    { type: "SUPERSET", notes: "ss", ss_sets: 3, ss_rest: 60, ss_exercises: [entry(SQUAT, "ss.0"), entry(PUSH_UP, "ss.1")] },
    { type: "CIRCUIT-TIME", notes: "ct", ct_rounds: [{ rest_rounds: 60, work: 40, rest: 20, exercises: [{ notes: "ct.0.0", exercise_id: LUNGE, rest: 0, resistance_targets: [] }] }] },
    { type: "CIRCUIT-REPETITIONS", notes: "cr", cr_rounds: [{ rest: 10, rest_round: 60, exercises: [rested(SQUAT, "cr.0.0"), rested(LUNGE, "cr.0.1")] }] },
    { type: "AMRAP", notes: "amrap", amrap_duration: 600, amrap_exercises: [rested(PUSH_UP, "amrap.0")] },
    { type: "RFT", notes: "rft", rft_rounds: 5, rft_exercises: [entry(SQUAT, "rft.0")] },
    { type: "EMOM", notes: "emom", emom_rest: 30, emom_minutes: [rested(LUNGE, "emom.0"), rested(SQUAT, "emom.1")] },
    { type: "TIMER", notes: "timer", timer_title: "timer.title", timer_duration: 90 },
  ];
}

function phases(items = everyItem()): PhaseOf<string>[] {
  return [{ kind: "training", title: "training.title", time: 1200, items }];
}

/** Every place the visitor is called, in order. */
function placesOf(value: PhaseOf<string>[]) {
  const texts: { text: string; path: string; required: boolean }[] = [];
  const ids: { id: string; path: string }[] = [];
  visitPhases(value, "/phases", {
    text: (text, path, required) => {
      texts.push({ text, path, required });
      return text;
    },
    exerciseId: (id, path) => {
      ids.push({ id, path });
      return id;
    },
  });
  return { texts, ids };
}

describe("visitPhases and visitItem", () => {
  it("covers all eight item types", () => {
    expect(everyItem().map((item) => item.type)).toEqual([...WORKOUT_ITEM_TYPES]);
  });

  it("visits every text in document order with its pointer, titles required and notes not", () => {
    const items = "/phases/0/items";
    expect(placesOf(phases()).texts).toEqual([
      { text: "training.title", path: "/phases/0/title", required: true },
      { text: "se", path: `${items}/0/notes`, required: false },
      { text: "se.0", path: `${items}/0/se_exercises/0/notes`, required: false },
      { text: "se.0.set0", path: `${items}/0/se_exercises/0/sets/0/notes`, required: false },
      { text: "se.0.set1", path: `${items}/0/se_exercises/0/sets/1/notes`, required: false },
      { text: "ss", path: `${items}/1/notes`, required: false },
      { text: "ss.0", path: `${items}/1/ss_exercises/0/notes`, required: false },
      { text: "ss.1", path: `${items}/1/ss_exercises/1/notes`, required: false },
      { text: "ct", path: `${items}/2/notes`, required: false },
      { text: "ct.0.0", path: `${items}/2/ct_rounds/0/exercises/0/notes`, required: false },
      { text: "cr", path: `${items}/3/notes`, required: false },
      { text: "cr.0.0", path: `${items}/3/cr_rounds/0/exercises/0/notes`, required: false },
      { text: "cr.0.1", path: `${items}/3/cr_rounds/0/exercises/1/notes`, required: false },
      { text: "amrap", path: `${items}/4/notes`, required: false },
      { text: "amrap.0", path: `${items}/4/amrap_exercises/0/notes`, required: false },
      { text: "rft", path: `${items}/5/notes`, required: false },
      { text: "rft.0", path: `${items}/5/rft_exercises/0/notes`, required: false },
      { text: "emom", path: `${items}/6/notes`, required: false },
      { text: "emom.0", path: `${items}/6/emom_minutes/0/notes`, required: false },
      { text: "emom.1", path: `${items}/6/emom_minutes/1/notes`, required: false },
      { text: "timer", path: `${items}/7/notes`, required: false },
      { text: "timer.title", path: `${items}/7/timer_title`, required: true },
    ]);
  });

  it("visits every exercise id in document order with the pointer of its exercise_id", () => {
    const items = "/phases/0/items";
    expect(placesOf(phases()).ids).toEqual([
      { id: SQUAT, path: `${items}/0/se_exercises/0/exercise_id` },
      { id: SQUAT, path: `${items}/1/ss_exercises/0/exercise_id` },
      { id: PUSH_UP, path: `${items}/1/ss_exercises/1/exercise_id` },
      { id: LUNGE, path: `${items}/2/ct_rounds/0/exercises/0/exercise_id` },
      { id: SQUAT, path: `${items}/3/cr_rounds/0/exercises/0/exercise_id` },
      { id: LUNGE, path: `${items}/3/cr_rounds/0/exercises/1/exercise_id` },
      { id: PUSH_UP, path: `${items}/4/amrap_exercises/0/exercise_id` },
      { id: SQUAT, path: `${items}/5/rft_exercises/0/exercise_id` },
      { id: LUNGE, path: `${items}/6/emom_minutes/0/exercise_id` },
      { id: SQUAT, path: `${items}/6/emom_minutes/1/exercise_id` },
    ]);
  });

  it("replaces texts and exercise ids by the visitor's answers and copies everything else", () => {
    const walked = visitPhases(phases(), "", { text: (text) => ({ en: text }), exerciseId: (id) => id.toLowerCase() });
    // The same walk done by hand with JSON: every text wrapped, every exercise id in lower case.
    const expected = JSON.parse(JSON.stringify(phases()), (key, value: unknown) => {
      if (typeof value !== "string") return value;
      if (key === "exercise_id") return value.toLowerCase();
      return TEXT_KEYS.has(key) ? { en: value } : value;
    }) as unknown;
    expect(walked).toEqual(expected);
    expect(JSON.stringify(walked)).toBe(JSON.stringify(expected)); // members keep their order
  });

  it("leaves the walked phases unchanged and keeps exercise ids without an exerciseId answer", () => {
    const value = phases();
    const copy = structuredClone(value);
    const walked = visitPhases(value, "", { text: (text) => text.toUpperCase() });
    expect(value).toEqual(copy);
    expect(walked[0]!.items[0]).toMatchObject({ se_exercises: [{ exercise_id: SQUAT, notes: "SE.0" }] });
  });

  it("keeps members it does not know (a request's extra fields reach the caller as they were)", () => {
    const item: WorkoutItemOf<string> = Object.assign(everyItem()[7]!, { extra: 1 });
    expect(visitItem(item, "", { text: (text) => text })).toEqual({ type: "TIMER", notes: "timer", timer_title: "timer.title", timer_duration: 90, extra: 1 });
  });

  describe("walked alongside `before`", () => {
    /** What each text of `value` is paired with in `before`, by the pointer of the text. */
    function pairs(value: PhaseOf<string>[], before: PhaseOf<string>[], visitor: Partial<ItemVisitor<string, string, string>> = {}) {
      const found: Record<string, string | undefined> = {};
      visitPhases(
        value,
        "",
        {
          text: (text, path, _required, was) => {
            found[path] = was;
            return text;
          },
          ...visitor,
        },
        before,
      );
      return found;
    }
    /** `value` with " before" after every text. */
    const renamed = (value: PhaseOf<string>[]) =>
      JSON.parse(JSON.stringify(value), (key, member: unknown) => (TEXT_KEYS.has(key) && typeof member === "string" ? `${member} before` : member)) as PhaseOf<string>[];

    it("pairs every text with the text at the same place when nothing moved", () => {
      const found = pairs(phases(), renamed(phases()));
      expect(Object.keys(found)).toHaveLength(22);
      for (const [path, was] of Object.entries(found)) expect(was, path).toMatch(/ before$/);
      expect(found["/0/items/0/se_exercises/0/sets/1/notes"]).toBe("se.0.set1 before");
      expect(found["/0/items/7/timer_title"]).toBe("timer.title before");
    });

    it("pairs a phase with the phase of the same kind, wherever it is", () => {
      const before: PhaseOf<string>[] = [
        { kind: "warm-up", title: "warm-up before", time: 0, items: [] },
        { kind: "training", title: "training before", time: 0, items: [] },
      ];
      expect(pairs([{ kind: "training", title: "t", time: 0, items: [] }], before)).toEqual({ "/0/title": "training before" });
      expect(pairs([{ kind: "cool-down", title: "c", time: 0, items: [] }], before)).toEqual({ "/0/title": undefined });
    });

    it("gives no text of an item whose place now holds another type", () => {
      const before = renamed(phases([everyItem()[5]!])); // RFT
      const found = pairs(phases([everyItem()[4]!]), before); // AMRAP at the same index
      expect(found).toEqual({ "/0/title": "training.title before", "/0/items/0/notes": undefined, "/0/items/0/amrap_exercises/0/notes": undefined });
    });

    it("gives no text of an exercise whose place now holds another exercise, nor of its sets", () => {
      const value = phases();
      const before = renamed(phases());
      const single = value[0]!.items[0] as Extract<WorkoutItemOf<string>, { type: "SINGLE-EXERCISES" }>;
      single.se_exercises[0]!.exercise_id = PUSH_UP;
      const superset = value[0]!.items[1] as Extract<WorkoutItemOf<string>, { type: "SUPERSET" }>;
      superset.ss_exercises.reverse();
      const found = pairs(value, before);
      expect(found["/0/items/0/notes"]).toBe("se before");
      expect(found["/0/items/0/se_exercises/0/notes"]).toBeUndefined();
      expect(found["/0/items/0/se_exercises/0/sets/0/notes"]).toBeUndefined();
      expect(found["/0/items/1/ss_exercises/0/notes"]).toBeUndefined();
      expect(found["/0/items/1/ss_exercises/1/notes"]).toBeUndefined();
      expect(found["/0/items/2/ct_rounds/0/exercises/0/notes"]).toBe("ct.0.0 before");
    });

    it("compares exercises by the id the visitor keeps", () => {
      const before = JSON.parse(JSON.stringify(renamed(phases())), (key, member: unknown) => (key === "exercise_id" ? String(member).toLowerCase() : member)) as PhaseOf<string>[];
      const keptAsWritten = pairs(phases(), before);
      const lowerCased = pairs(phases(), before, { exerciseId: (id) => id.toLowerCase() });
      expect(keptAsWritten["/0/items/0/se_exercises/0/notes"]).toBeUndefined(); // SQUAT is written in upper case
      expect(lowerCased["/0/items/0/se_exercises/0/notes"]).toBe("se.0 before");
    });

    it("pairs sets and rounds by index, and gives nothing past the end of `before`", () => {
      const before = renamed(phases());
      const value = phases();
      const single = value[0]!.items[0] as Extract<WorkoutItemOf<string>, { type: "SINGLE-EXERCISES" }>;
      single.se_exercises[0]!.sets.push({ notes: "se.0.set2", rest: 0, goal_targets: [], resistance_targets: [] });
      const found = pairs(value, before);
      expect(found["/0/items/0/se_exercises/0/sets/1/notes"]).toBe("se.0.set1 before");
      expect(found["/0/items/0/se_exercises/0/sets/2/notes"]).toBeUndefined();
    });
  });

  it("types the walked phases by the visitor's answer", () => {
    const walked = visitPhases(phases(), "", { text: (text) => text.length });
    expectTypeOf(walked).toEqualTypeOf<PhaseOf<number>[]>();
    expect(walked[0]!.title).toBe("training.title".length);
  });
});
