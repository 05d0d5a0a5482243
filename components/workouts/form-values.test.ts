import { describe, expect, it } from "vitest";
import {
  copyFormValues,
  formPathOfPointer,
  issuesToErrors,
  newItem,
  phaseAdditions,
  retypeTarget,
  toFormValues,
  toRequestBody,
  validateWorkoutForm,
  type WorkoutFormValues,
} from "./form-values";
import { workoutAllTextsSchema } from "@/lib/workouts/schemas";

const langs = { languages: ["en", "de"], defaultLanguage: "en" };
const EXERCISE = "7c9e6679-7425-40de-944b-e07fc1f90ae7";
const IMAGE = "2f0a3c1e-6d2b-4c8e-9f3a-1b2c3d4e5f62";

/** A workout as GET answers it with lang=en,de (parsed by the response schema: what the editor is typed to read). */
const record = workoutAllTextsSchema.parse({
  id: "0d0c6f1e-1111-4222-8333-444455556666",
  title: { default: "Burner", en: "Burner", de: "Brenner" },
  slug: "burner",
  description: { default: "Hot", en: "Hot", de: "" },
  image: { id: IMAGE, name: "cover.png", mime: "image/png", url: "https://cdn/x", created_at: "2026-11-01T10:00:00.000Z", updated_at: "2026-11-01T10:00:00.000Z" },
  gender: "female",
  level: "beginner",
  types: [1],
  goals: [2],
  body_parts: [3],
  locations: ["home"],
  duration: "16-30",
  estimated_duration: null,
  template: true,
  content_packages: [],
  translation_status: [],
  status: { default: "draft" },
  created_at: "2026-11-01T10:00:00.000Z",
  updated_at: "2026-11-01T10:00:00.000Z",
  published_at: null,
  phases: [
    {
      kind: "training",
      title: { default: "Main", en: "Main", de: "Haupt" },
      time: 600,
      items: [
        {
          type: "AMRAP",
          notes: { default: "", en: "", de: "" },
          amrap_duration: 300,
          amrap_exercises: [
            { notes: { default: "Go", en: "Go", de: "" }, rest: 0, exercise_id: EXERCISE, goal_targets: [{ type: "RANGE", metric: "repetitions", min: 8, max: 10 }], resistance_targets: [] },
          ],
        },
      ],
    },
  ],
});

function values(overrides: Partial<WorkoutFormValues> = {}): WorkoutFormValues {
  return { ...toFormValues(record, langs), ...overrides };
}

describe("toFormValues and toRequestBody", () => {
  it("reads every language of every text, the upload's id and NaN for an empty estimate", () => {
    const form = values();
    expect(form.title).toEqual({ en: "Burner", de: "Brenner" });
    expect(form.image).toBe(IMAGE);
    expect(form.estimated_duration).toBeNaN();
    expect(form.phases[0]!.title).toEqual({ en: "Main", de: "Haupt" });
    expect(form.phases[0]!.items[0]).toMatchObject({ type: "AMRAP", amrap_exercises: [{ notes: { en: "Go", de: "" } }] });
  });

  it("an empty workout has every language empty and no phases", () => {
    expect(toFormValues(undefined, langs)).toMatchObject({ title: { en: "", de: "" }, image: "", gender: "", phases: [], template: false });
  });

  it("sends every language, '' for an empty one (nested texts merge on the server), and null for an empty slug and estimate", () => {
    const body = toRequestBody(values({ slug: "  " }));
    expect(body).toMatchObject({ slug: null, estimated_duration: null, description: { en: "Hot", de: "" }, image: IMAGE });
    expect((body.phases as { title: unknown }[])[0]!.title).toEqual({ en: "Main", de: "Haupt" });
  });
});

describe("validateWorkoutForm (the API's schema on the form's values)", () => {
  it("accepts a complete workout and hands back the API's parsed body", () => {
    const result = validateWorkoutForm(values(), langs);
    expect(result.issues).toEqual([]);
    expect(result.body?.phases[0]).toMatchObject({ kind: "training", time: 600 });
  });

  it("puts a range with min above max on `max`, with the API's message", () => {
    const form = values();
    const item = form.phases[0]!.items[0]!;
    if (item.type !== "AMRAP") throw new Error("fixture");
    item.amrap_exercises[0]!.goal_targets = [{ type: "RANGE", metric: "repetitions", min: 12, max: 8 }];
    expect(validateWorkoutForm(form, langs).issues).toEqual([{ path: ["phases", 0, "items", 0, "amrap_exercises", 0, "goal_targets", 0, "max"], message: "must be at least min" }]);
  });

  it("names every missing choice and required text in words, at once", () => {
    const result = validateWorkoutForm(values({ gender: "", image: "", title: { en: "", de: "Nur Deutsch" }, estimated_duration: 1.5 }), langs);
    expect(result.body).toBeUndefined();
    expect(result.issues).toEqual(
      expect.arrayContaining([
        { path: ["title", "en"], message: "Enter the title in en, the default language" },
        { path: ["gender"], message: "Choose a gender" },
        { path: ["image"], message: "Choose an image" },
        { path: ["estimated_duration"], message: "must be a whole number of minutes" },
      ]),
    );
  });

  it("refuses an item without exercises on its list and an empty number as not a number", () => {
    const form = values();
    form.phases[0]!.items.push(newItem("SUPERSET", langs));
    form.phases[0]!.time = Number.NaN;
    const issues = validateWorkoutForm(form, langs).issues;
    expect(issues).toContainEqual({ path: ["phases", 0, "items", 1, "ss_exercises"], message: "must have at least 2 entries" });
    expect(issues.find((issue) => issue.path.join(".") === "phases.0.time")?.message).toBe("must be a whole number");
  });
});

describe("issuesToErrors", () => {
  it("nests errors as react-hook-form reads them, lists' own errors under root, the first error of a field winning", () => {
    const form = values();
    form.phases[0]!.items.push(newItem("SUPERSET", langs));
    const errors = issuesToErrors(
      [
        { path: ["phases", 0, "items", 1, "ss_exercises"], message: "must have at least 2 entries" },
        { path: ["title", "en"], message: "first" },
        { path: ["title", "en"], message: "second" },
      ],
      form,
    );
    expect(errors).toEqual({
      phases: [{ items: [undefined, { ss_exercises: { root: { type: "validation", message: "must have at least 2 entries" } } }] }],
      title: { en: { type: "validation", message: "first" } },
    });
  });
});

describe("formPathOfPointer (the API's 422 details on the form's fields)", () => {
  it.each([
    ["/slug", "slug"],
    ["/title", "title.en"],
    ["/title/de", "title.de"],
    ["/phases/0/title", "phases.0.title.en"],
    ["/phases/1/items/2/notes/default", "phases.1.items.2.notes.en"],
    ["/phases/1/items/0/timer_title", "phases.1.items.0.timer_title.en"],
    ["/phases/0/items/0/amrap_exercises/1/exercise_id", "phases.0.items.0.amrap_exercises.1.exercise_id"],
    ["/phases/0/items/0/ss_exercises/0/goal_targets/0/max", "phases.0.items.0.ss_exercises.0.goal_targets.0.max"],
  ])("%s → %s", (pointer, path) => {
    expect(formPathOfPointer(pointer, langs)).toBe(path);
  });

  it("puts a text required in a published language on that language's input", () => {
    expect(formPathOfPointer("/phases/0/title", langs, "is required in de: the record is published in de")).toBe("phases.0.title.de");
    expect(formPathOfPointer("/title", langs, "is required in xx: the record is published in xx")).toBe("title.en");
  });

  it("leaves headers and parameters unplaced", () => {
    expect(formPathOfPointer("If-Match", langs)).toBeUndefined();
  });
});

describe("copies, phases and targets", () => {
  it("a duplicate says it is a copy, loses its slug and is no template; a template start keeps its texts", () => {
    const duplicate = copyFormValues(values(), "duplicate");
    expect(duplicate).toMatchObject({ title: { en: "Burner (copy)", de: "Brenner (copy)" }, slug: "", template: false });
    expect(copyFormValues(values(), "from-template")).toMatchObject({ title: { en: "Burner", de: "Brenner" }, slug: "", template: false });
  });

  it("offers each missing phase at the place that keeps the order, and none once there are three", () => {
    expect(phaseAdditions([])).toEqual([
      { kind: "warm-up", index: 0 },
      { kind: "training", index: 0 },
      { kind: "cool-down", index: 0 },
    ]);
    expect(phaseAdditions(["training"])).toEqual([
      { kind: "warm-up", index: 0 },
      { kind: "cool-down", index: 1 },
    ]);
    expect(phaseAdditions(["warm-up", "cool-down"])).toEqual([{ kind: "training", index: 1 }]);
    expect(phaseAdditions(["warm-up", "training", "cool-down"])).toEqual([]);
  });

  it("switching a target between value and range keeps its numbers", () => {
    expect(retypeTarget({ type: "VALUE", metric: "weight", value: 20 }, "RANGE")).toEqual({ type: "RANGE", metric: "weight", min: 20, max: 20 });
    expect(retypeTarget({ type: "RANGE", metric: "weight", min: 8, max: 12 }, "VALUE")).toEqual({ type: "VALUE", metric: "weight", value: 8 });
  });
});
