import { describe, expect, it } from "vitest";
import { weeksInputSchema } from "@/lib/training-plans/weeks";
import { phasesInputSchema, WORKOUT_ITEM_TYPES } from "@/lib/workouts/phases";
import { composePlanWeeks, composeWorkout, localize, releaseSteps, type Languages } from "./compose";
import { EXERCISES } from "./exercises-data";
import { ON_DEMAND, PLANS, WORKOUTS } from "./programmes-data";
import { createRandom } from "./random";

const DEMO: Languages = { languages: ["en", "de", "fr", "es"], defaultLanguage: "en" };
const fakeId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const exercises = new Map(EXERCISES.map((spec, index) => [spec.key, { id: fakeId(index + 1), spec }]));

describe("localize", () => {
  it.each([
    [DEMO, { en: "Squat", de: "Kniebeuge", fr: "Squat", es: "Sentadilla" }],
    [{ languages: ["en", "de"], defaultLanguage: "de" }, { en: "Squat", de: "Kniebeuge" }],
    [{ languages: ["it", "de"], defaultLanguage: "it" }, { default: "Squat", de: "Kniebeuge" }],
  ])("writes the texts of the enabled languages, the English text as a default the demo lacks (%j)", (org, expected) => {
    expect(localize({ en: "Squat", de: "Kniebeuge", fr: "Squat", es: "Sentadilla" }, org)).toEqual(expected);
  });
});

describe("releaseSteps", () => {
  const complete = (language: string) => language !== "es";
  it.each([
    ["draft", []],
    ["default", [{ default: "published" }]],
    ["default+de", [{ default: "published", de: "published" }]],
    ["all", [{ default: "published", de: "published", fr: "published" }]],
    ["withdrawn-de", [{ default: "published", de: "published" }, { de: "unpublished" }]],
    ["unpublished", [{ default: "published", de: "published" }, { default: "unpublished", de: "unpublished" }]],
  ] as const)("%s", (release, steps) => {
    expect(releaseSteps(release, DEMO, complete)).toEqual(steps);
  });

  it("never names a language the organization does not have", () => {
    expect(releaseSteps("withdrawn-de", { languages: ["en", "fr"], defaultLanguage: "en" }, () => true)).toEqual([{ default: "published" }]);
  });
});

describe("the demo workouts", () => {
  const composed = WORKOUTS.map((spec) => ({ spec, workout: composeWorkout(spec, { org: DEMO, random: createRandom(7), exercises }) }));

  it("are valid phases as the API reads them", () => {
    for (const { spec, workout } of composed) {
      const parsed = phasesInputSchema.safeParse(workout.phases);
      expect({ workout: spec.key, issues: parsed.success ? [] : parsed.error.issues }).toEqual({ workout: spec.key, issues: [] });
    }
  });

  it("use every item type between them, and at least eight workouts", () => {
    const types = new Set(composed.flatMap(({ workout }) => workout.phases.flatMap((phase) => phase.items.map((item) => item.type))));
    expect([...types].sort()).toEqual([...WORKOUT_ITEM_TYPES].sort());
    expect(composed.length).toBeGreaterThanOrEqual(8);
  });

  it("give each phase a time and the workout a duration range that agrees with it", () => {
    for (const { workout } of composed) {
      expect(workout.phases.every((phase) => phase.time > 0 && phase.time % 30 === 0)).toBe(true);
      const minutes = workout.phases.reduce((total, phase) => total + phase.time, 0) / 60;
      expect(workout.estimatedMinutes).toBe(Math.ceil(minutes));
    }
  });

  it("are the same for the same seed and differ for another", () => {
    const again = (seed: number) => WORKOUTS.map((spec) => composeWorkout(spec, { org: DEMO, random: createRandom(seed), exercises }).phases);
    expect(again(7)).toEqual(composed.map(({ workout }) => workout.phases));
    expect(again(8)).not.toEqual(again(7));
  });

  it("refer only to exercises of the catalogue", () => {
    const keys = new Set(EXERCISES.map((exercise) => exercise.key));
    const used = WORKOUTS.flatMap((spec) => [...spec.warmUp, ...spec.training, ...spec.coolDown]).flatMap((recipe) => ("exercises" in recipe ? recipe.exercises : []));
    expect(used.filter((key) => !keys.has(key))).toEqual([]);
  });
});

describe("the demo training plans", () => {
  const workouts = new Map(WORKOUTS.map((spec, index) => [spec.key, fakeId(100 + index)]));
  const onDemand = new Map(ON_DEMAND.map((spec, index) => [spec.key, fakeId(200 + index)]));

  it("are valid weeks as the API reads them, several weeks long", () => {
    for (const plan of PLANS) {
      const weeks = composePlanWeeks(plan, { org: DEMO, workouts, onDemand });
      const parsed = weeksInputSchema.safeParse(weeks);
      expect({ plan: plan.key, issues: parsed.success ? [] : parsed.error.issues }).toEqual({ plan: plan.key, issues: [] });
      expect(weeks.length).toBeGreaterThanOrEqual(3);
    }
  });

  it("replace on-demand days by a fitness activity when there are no on-demand items", () => {
    const weeks = composePlanWeeks(PLANS[0]!, { org: DEMO, workouts, onDemand: new Map() });
    const types = new Set(weeks.flatMap((week) => week.days.flatMap((day) => day.activities.map((activity) => activity.type))));
    expect(types.has("on-demand")).toBe(false);
  });

  it("let fitness activities grow week by week", () => {
    const weeks = composePlanWeeks(PLANS.find((plan) => plan.key === "couchTo5k")!, { org: DEMO, workouts, onDemand });
    const firstRun = (week: number) => weeks[week]!.days[0]!.activities[0] as { fields: { duration: number } };
    expect(firstRun(1).fields.duration).toBeGreaterThan(firstRun(0).fields.duration);
  });
});

describe("the demo texts", () => {
  it("have English and German everywhere, and some French and Spanish gaps", () => {
    const texts = [...EXERCISES.flatMap((spec) => [spec.name, spec.setup]), ...WORKOUTS.flatMap((spec) => [spec.title, spec.description]), ...ON_DEMAND.flatMap((spec) => [spec.title, spec.description])];
    expect(texts.filter((text) => !text.en || !text.de)).toEqual([]);
    expect(texts.some((text) => !text.fr)).toBe(true);
    expect(texts.filter((text) => text.fr).length).toBeGreaterThan(texts.length / 2);
  });

  it("name every exercise uniquely", () => {
    expect(new Set(EXERCISES.map((exercise) => exercise.name.en)).size).toBe(EXERCISES.length);
    expect(new Set(EXERCISES.map((exercise) => exercise.key)).size).toBe(EXERCISES.length);
  });
});
