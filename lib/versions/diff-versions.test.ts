import { describe, expect, it } from "vitest";
import { diffVersions } from "./diff-versions";

const LANGUAGES = ["en", "de", "fr"];
const item = (exercise: string, notes: Record<string, string>, rest = 30) => ({ type: "SINGLE-EXERCISES", rest, exercises: [{ exercise_id: exercise, notes, sets: [{ repetitions: 10 }] }] });
const workout = (warmUp: unknown[], training: unknown[]) => ({
  title: { en: "Legs", de: "Beine" },
  goals: [1, 2],
  phases: [
    { kind: "warm-up", title: { en: "Warm-up" }, time: 300, items: warmUp },
    { kind: "training", title: { en: "Training" }, time: 1200, items: training },
  ],
});

describe("diffVersions", () => {
  it("finds nothing between equal versions", () => {
    const a = workout([item("a", { en: "x" })], [item("b", { en: "y" })]);
    expect(diffVersions(a, structuredClone(a), LANGUAGES)).toEqual([]);
  });

  it("names the language of a text change", () => {
    const a = { title: { en: "Legs", de: "Beine" } };
    const b = { title: { en: "Legs", de: "Beine!", fr: "Jambes" } };
    expect(diffVersions(a, b, LANGUAGES)).toEqual([
      { type: "changed", path: "/title/de", language: "de", old_value: "Beine", new_value: "Beine!" },
      { type: "added", path: "/title/fr", language: "fr", new_value: "Jambes" },
    ]);
  });

  it("sees an item moved between phases and a German note changed as exactly those two changes", () => {
    const squat = item("squat", { en: "Slow", de: "Langsam" });
    const a = workout([item("jog", { en: "Easy" }), squat], [item("lunge", { en: "Deep", de: "Tief" })]);
    const b = workout([item("jog", { en: "Easy" })], [item("lunge", { en: "Deep", de: "Ganz tief" }), squat]);
    expect(diffVersions(a, b, LANGUAGES)).toEqual([
      { type: "moved", path: "/phases/1/items/1", from_path: "/phases/0/items/1" },
      { type: "changed", path: "/phases/1/items/0/exercises/0/notes/de", language: "de", old_value: "Tief", new_value: "Ganz tief" },
    ]);
  });

  it("follows a moved item's own change to its new place", () => {
    const a = workout([item("squat", { en: "Slow", de: "Langsam" })], [item("lunge", { en: "Deep" })]);
    const b = workout([], [item("lunge", { en: "Deep" }), item("squat", { en: "Slow", de: "Sehr langsam" })]);
    expect(diffVersions(a, b, LANGUAGES)).toEqual([
      { type: "moved", path: "/phases/1/items/1", from_path: "/phases/0/items/0" },
      { type: "changed", path: "/phases/1/items/1/exercises/0/notes/de", language: "de", old_value: "Langsam", new_value: "Sehr langsam" },
    ]);
  });

  it("reports a reorder within one list as the one move, not every shifted element", () => {
    const [p, q, r, s] = ["p", "q", "r", "s"].map((name) => item(name, { en: name }));
    const a = workout([p, q, r, s], []);
    const b = workout([q, r, s, p], []);
    expect(diffVersions(a, b, LANGUAGES)).toEqual([{ type: "moved", path: "/phases/0/items/3", from_path: "/phases/0/items/0" }]);
  });

  it("tells added and removed elements, and a scalar list changed as a whole", () => {
    const a = { goals: [1, 2], steps: [{ en: "One" }, { en: "Two" }] };
    const b = { goals: [2, 3], steps: [{ en: "One" }, { en: "Three", de: "Drei" }, { en: "Four" }] };
    const changes = diffVersions(a, b, LANGUAGES);
    expect(changes).toContainEqual({ type: "changed", path: "/goals", old_value: [1, 2], new_value: [2, 3] });
    expect(changes).toContainEqual({ type: "removed", path: "/steps/1", old_value: { en: "Two" } });
    expect(changes).toContainEqual({ type: "added", path: "/steps/1", new_value: { en: "Three", de: "Drei" } });
    expect(changes).toContainEqual({ type: "added", path: "/steps/2", new_value: { en: "Four" } });
    expect(changes).toHaveLength(4);
  });

  it("escapes keys in pointers", () => {
    expect(diffVersions({ "a/b": 1 }, { "a/b": 2 }, LANGUAGES)).toEqual([{ type: "changed", path: "/a~1b", old_value: 1, new_value: 2 }]);
  });
});
