import { describe, expect, it } from "vitest";
import { buildTranslationPatch, collectTextFields, fieldAnchorId, fieldState, isMultiLangText } from "./text-fields";

const LANGUAGES = ["en", "de", "fr"];
const t = (en: string, de = "", fr = "") => ({ default: en, en, de, fr });

const workout = {
  id: "4a1c7d0e-0000-4000-8000-000000000001",
  title: t("Full body", "Ganzkörper"),
  slug: "full-body",
  description: t("Burn it"),
  status: { default: "published", de: "draft", fr: "draft" },
  translation_status: [{ locale: "en", status: "full" }],
  image: { id: "img", name: "a.png", metadata: { formats: { square: { x: 0, y: 0, width: 1, height: 1 } } } },
  phases: [
    { kind: "warm-up", title: t("Warm up", "Aufwärmen"), time: 300, items: [{ type: "TIMER", notes: t(""), timer_title: t("Mobilise"), timer_duration: 300 }] },
    {
      kind: "training",
      title: t("Training"),
      time: 600,
      items: [{ type: "AMRAP", notes: t("Steady"), amrap_duration: 600, amrap_exercises: [{ exercise_id: "e1", notes: t("Slow", "Langsam"), rest: 10, goal_targets: [], resistance_targets: [] }] }],
    },
  ],
};

describe("isMultiLangText", () => {
  it("takes objects with default and exactly the requested languages", () => {
    expect(isMultiLangText(t("a"), LANGUAGES)).toBe(true);
    expect(isMultiLangText({ default: "draft", de: "draft", fr: "draft" }, LANGUAGES)).toBe(false);
    expect(isMultiLangText({ default: "a", en: "a", de: "b", fr: 1 }, LANGUAGES)).toBe(false);
    expect(isMultiLangText(["a"], LANGUAGES)).toBe(false);
  });
});

describe("collectTextFields", () => {
  it("finds every text of a workout in document order, named for people", () => {
    const fields = collectTextFields(workout, LANGUAGES);
    expect(fields.map(({ pointer, label }) => [pointer, label])).toEqual([
      ["/title", "Title"],
      ["/description", "Description"],
      ["/phases/0/title", "Phase 1 (warm up) › Title"],
      ["/phases/0/items/0/notes", "Phase 1 (warm up) › Item 1 (TIMER) › Notes"],
      ["/phases/0/items/0/timer_title", "Phase 1 (warm up) › Item 1 (TIMER) › Timer title"],
      ["/phases/1/title", "Phase 2 (training) › Title"],
      ["/phases/1/items/0/notes", "Phase 2 (training) › Item 1 (AMRAP) › Notes"],
      ["/phases/1/items/0/amrap_exercises/0/notes", "Phase 2 (training) › Item 1 (AMRAP) › Exercise 1 › Notes"],
    ]);
  });

  it("names exercise steps and fitness activity fields", () => {
    const exercise = { name: t("Squat"), steps: [t("Stand"), t("Sit")] };
    expect(collectTextFields(exercise, LANGUAGES).map(({ label }) => label)).toEqual(["Name", "Step 1", "Step 2"]);
    const plan = { weeks: [{ days: [{ activities: [{ type: "fitness-activities", id: "fa_1", fields: { title: t("Run"), distance: 5 } }] }] }] };
    expect(collectTextFields(plan, LANGUAGES)).toEqual([
      { pointer: "/weeks/0/days/0/activities/0/fields/title", label: "Week 1 › Day 1 › Activity 1 (fitness activities) › Title", text: t("Run") },
    ]);
  });
});

describe("fieldState", () => {
  it("is translated with a value, missing when another language has one, empty otherwise", () => {
    expect(fieldState(t("Warm up", "Aufwärmen"), "de")).toBe("translated");
    expect(fieldState(t("Warm up"), "de")).toBe("missing");
    expect(fieldState(t(""), "de")).toBe("empty");
    expect(fieldState(t("Warm up"), "de", "  ")).toBe("missing");
    expect(fieldState(t("Warm up"), "de", "Aufwärmen")).toBe("translated");
  });
});

describe("buildTranslationPatch", () => {
  it("writes top-level texts as one language and leaves untouched fields out", () => {
    expect(buildTranslationPatch(workout, new Map([["/description", "Verbrenn es"]]), "de", LANGUAGES)).toEqual({ description: { de: "Verbrenn es" } });
  });

  it("sends a structure with a changed text whole, every text reduced to the target language", () => {
    const patch = buildTranslationPatch(workout, new Map([["/phases/1/title", "Training"], ["/title", "Ganzkörper!"]]), "de", LANGUAGES);
    expect(patch).toEqual({
      title: { de: "Ganzkörper!" },
      phases: [
        { kind: "warm-up", title: { de: "Aufwärmen" }, time: 300, items: [{ type: "TIMER", notes: { de: "" }, timer_title: { de: "" }, timer_duration: 300 }] },
        {
          kind: "training",
          title: { de: "Training" },
          time: 600,
          items: [{ type: "AMRAP", notes: { de: "" }, amrap_duration: 600, amrap_exercises: [{ exercise_id: "e1", notes: { de: "Langsam" }, rest: 10, goal_targets: [], resistance_targets: [] }] }],
        },
      ],
    });
  });
});

describe("fieldAnchorId", () => {
  it("turns a pointer into an id usable in a # link", () => {
    expect(fieldAnchorId("/phases/0/items/1/notes")).toBe("text-phases-0-items-1-notes");
  });
});
