import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import { createDocument } from "zod-openapi";
import { TEXT_INPUT_MESSAGE, type LocalizedText, type TextInputContext } from "@/lib/i18n";
import { catchApiError } from "@/lib/i18n/test-utils";
import { validateInput } from "@/lib/validation";
import { collectPhaseTexts, normalizePhases, phaseExerciseIds, renderPhases } from "./phase-walkers";
import {
  phaseInputSchema,
  phaseAllTextsSchema,
  phasesInputSchema,
  phaseSchema,
  targetInputSchema,
  targetSchema,
  workoutItemAllTextsSchema,
  workoutItemInputSchema,
  workoutItemSchema,
  type PhaseInput,
  type PhaseOf,
  type StoredPhase,
  type StoredWorkoutItem,
  type Target,
  type WorkoutItemOf,
} from "./phases";
import type { MultiLangString } from "@/lib/i18n";

const SQUAT = "3f1c2a9e-8b7d-4c6e-9f10-2a3b4c5d6e7f";
const PUSH_UP = "8a6b4c2d-1e3f-4a5b-8c7d-9e0f1a2b3c4d";
const LUNGE = "5b2e7c1a-9d4f-4e8b-a3c6-1f0d2e3b4a5c";
const PLANK = "c4d3e2f1-a0b9-4c8d-9e7f-6a5b4c3d2e1f";

const ctx: TextInputContext = { defaultLanguage: "en", enabled: ["en", "de", "fr"], path: "/phases" };

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Path = (string | number)[];

/** The item of each type with only what it needs, as a client writes it. */
const minimalItems: Record<string, Json> = {
  "SINGLE-EXERCISES": {
    type: "SINGLE-EXERCISES",
    se_exercises: [
      {
        exercise_id: SQUAT,
        sets: [
          {
            rest: 60,
            goal_targets: [{ type: "VALUE", metric: "repetitions", value: 10 }],
            resistance_targets: [{ type: "RANGE", metric: "weight", min: 20, max: 25 }],
          },
        ],
      },
    ],
  },
  SUPERSET: { type: "SUPERSET", ss_sets: 3, ss_rest: 60, ss_exercises: [{ exercise_id: SQUAT }, { exercise_id: PUSH_UP }] },
  "CIRCUIT-TIME": {
    type: "CIRCUIT-TIME",
    ct_rounds: [{ rest_rounds: 60, work: 40, rest: 20, exercises: [{ exercise_id: SQUAT, rest: 0 }] }],
  },
  "CIRCUIT-REPETITIONS": {
    type: "CIRCUIT-REPETITIONS",
    cr_rounds: [{ rest: 10, rest_round: 60, exercises: [{ exercise_id: SQUAT, rest: 15 }] }],
  },
  AMRAP: { type: "AMRAP", amrap_duration: 600, amrap_exercises: [{ exercise_id: SQUAT, rest: 0 }] },
  RFT: { type: "RFT", rft_rounds: 5, rft_exercises: [{ exercise_id: SQUAT }] },
  EMOM: { type: "EMOM", emom_rest: 30, emom_minutes: [{ exercise_id: SQUAT, rest: 0 }] },
  TIMER: { type: "TIMER", timer_title: "Breathe", timer_duration: 90 },
};

const noTargets = { goal_targets: [], resistance_targets: [] };

/** What parsing makes of each minimal item: target lists filled in, nothing else added. */
const parsedMinimalItems: Record<string, unknown> = {
  "SINGLE-EXERCISES": minimalItems["SINGLE-EXERCISES"],
  SUPERSET: {
    type: "SUPERSET",
    ss_sets: 3,
    ss_rest: 60,
    ss_exercises: [
      { exercise_id: SQUAT, ...noTargets },
      { exercise_id: PUSH_UP, ...noTargets },
    ],
  },
  "CIRCUIT-TIME": {
    type: "CIRCUIT-TIME",
    ct_rounds: [{ rest_rounds: 60, work: 40, rest: 20, exercises: [{ exercise_id: SQUAT, rest: 0, resistance_targets: [] }] }],
  },
  "CIRCUIT-REPETITIONS": {
    type: "CIRCUIT-REPETITIONS",
    cr_rounds: [{ rest: 10, rest_round: 60, exercises: [{ exercise_id: SQUAT, rest: 15, ...noTargets }] }],
  },
  AMRAP: { type: "AMRAP", amrap_duration: 600, amrap_exercises: [{ exercise_id: SQUAT, rest: 0, ...noTargets }] },
  RFT: { type: "RFT", rft_rounds: 5, rft_exercises: [{ exercise_id: SQUAT, ...noTargets }] },
  EMOM: { type: "EMOM", emom_rest: 30, emom_minutes: [{ exercise_id: SQUAT, rest: 0, ...noTargets }] },
  TIMER: { type: "TIMER", timer_title: "Breathe", timer_duration: 90 },
};

function item(type: string): Json {
  return structuredClone(minimalItems[type]!);
}

/** A copy of `value` with the member at `path` removed, or replaced when `replacement` is given. */
function edit(value: Json, path: Path, ...replacement: [Json?]): Json {
  const copy = structuredClone(value);
  let parent: Json = copy;
  for (const key of path.slice(0, -1)) parent = (parent as Record<string, Json>)[key]!;
  const last = path.at(-1)!;
  if (replacement.length === 0) delete (parent as Record<string, Json>)[last];
  else (parent as Record<string, Json>)[last] = replacement[0]!;
  return copy;
}

type IssueSummary = { path: PropertyKey[]; code: string; message: string; missing: boolean };

function issuesOf(schema: z.ZodType, value: unknown): IssueSummary[] {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return [];
  return result.error.issues.map((issue) => ({
    path: issue.path,
    code: issue.code,
    message: issue.message,
    missing: issue.code === "invalid_type" && issue.input === undefined,
  }));
}

function phase(items: Json[], extra: Record<string, Json> = {}): Json {
  return { title: "Training", time: 0, items, ...extra };
}

describe("workout items: every type", () => {
  it.each(Object.keys(minimalItems))("accepts a minimal %s and fills in the target lists", (type) => {
    expect(workoutItemInputSchema.parse(item(type))).toEqual(parsedMinimalItems[type]);
  });

  it("keeps notes and targets as written", () => {
    const written = {
      type: "RFT",
      notes: { default: "Fast", de: "Schnell" },
      rft_rounds: 3,
      rft_exercises: [
        {
          exercise_id: SQUAT,
          notes: "Deep",
          goal_targets: [{ type: "RANGE", metric: "repetitions", min: 8, max: 12 }],
          resistance_targets: [{ type: "VALUE", metric: "weight", value: 2.5 }],
        },
      ],
    };
    expect(workoutItemInputSchema.parse(written)).toEqual(written);
  });

  it("drops unknown members, including another type's fields", () => {
    const written = { ...(item("RFT") as object), ss_sets: 3, colour: "red" };
    expect(workoutItemInputSchema.parse(written)).toEqual(parsedMinimalItems.RFT);
  });

  it("accepts a superset of three exercises", () => {
    const written = edit(item("SUPERSET"), ["ss_exercises", 2], { exercise_id: LUNGE });
    expect(workoutItemInputSchema.safeParse(written).success).toBe(true);
  });
});

describe("workout items: a missing required field is an invalid_type issue without input (400)", () => {
  const cases: [string, Path][] = [
    ["SINGLE-EXERCISES", ["type"]],
    ["SINGLE-EXERCISES", ["se_exercises"]],
    ["SINGLE-EXERCISES", ["se_exercises", 0, "exercise_id"]],
    ["SINGLE-EXERCISES", ["se_exercises", 0, "sets"]],
    ["SINGLE-EXERCISES", ["se_exercises", 0, "sets", 0, "rest"]],
    ["SINGLE-EXERCISES", ["se_exercises", 0, "sets", 0, "goal_targets", 0, "type"]],
    ["SINGLE-EXERCISES", ["se_exercises", 0, "sets", 0, "goal_targets", 0, "metric"]],
    ["SINGLE-EXERCISES", ["se_exercises", 0, "sets", 0, "goal_targets", 0, "value"]],
    ["SINGLE-EXERCISES", ["se_exercises", 0, "sets", 0, "resistance_targets", 0, "metric"]],
    ["SINGLE-EXERCISES", ["se_exercises", 0, "sets", 0, "resistance_targets", 0, "min"]],
    ["SINGLE-EXERCISES", ["se_exercises", 0, "sets", 0, "resistance_targets", 0, "max"]],
    ["SUPERSET", ["ss_sets"]],
    ["SUPERSET", ["ss_rest"]],
    ["SUPERSET", ["ss_exercises"]],
    ["SUPERSET", ["ss_exercises", 1, "exercise_id"]],
    ["CIRCUIT-TIME", ["ct_rounds"]],
    ["CIRCUIT-TIME", ["ct_rounds", 0, "rest_rounds"]],
    ["CIRCUIT-TIME", ["ct_rounds", 0, "work"]],
    ["CIRCUIT-TIME", ["ct_rounds", 0, "rest"]],
    ["CIRCUIT-TIME", ["ct_rounds", 0, "exercises"]],
    ["CIRCUIT-TIME", ["ct_rounds", 0, "exercises", 0, "exercise_id"]],
    ["CIRCUIT-TIME", ["ct_rounds", 0, "exercises", 0, "rest"]],
    ["CIRCUIT-REPETITIONS", ["cr_rounds"]],
    ["CIRCUIT-REPETITIONS", ["cr_rounds", 0, "rest"]],
    ["CIRCUIT-REPETITIONS", ["cr_rounds", 0, "rest_round"]],
    ["CIRCUIT-REPETITIONS", ["cr_rounds", 0, "exercises"]],
    ["CIRCUIT-REPETITIONS", ["cr_rounds", 0, "exercises", 0, "rest"]],
    ["CIRCUIT-REPETITIONS", ["cr_rounds", 0, "exercises", 0, "exercise_id"]],
    ["AMRAP", ["amrap_duration"]],
    ["AMRAP", ["amrap_exercises"]],
    ["AMRAP", ["amrap_exercises", 0, "rest"]],
    ["RFT", ["rft_rounds"]],
    ["RFT", ["rft_exercises"]],
    ["RFT", ["rft_exercises", 0, "exercise_id"]],
    ["EMOM", ["emom_rest"]],
    ["EMOM", ["emom_minutes"]],
    ["EMOM", ["emom_minutes", 0, "rest"]],
    ["TIMER", ["timer_title"]],
    ["TIMER", ["timer_duration"]],
  ];

  it.each(cases)("%s without %j", (type, path) => {
    expect(issuesOf(workoutItemInputSchema, edit(item(type), path))).toEqual([
      { path, code: "invalid_type", message: expect.any(String), missing: true },
    ]);
  });

  it.each([["title"], ["time"], ["items"]])("a phase without %s", (key) => {
    expect(issuesOf(phaseInputSchema, edit(phase([]), [key]))).toEqual([
      { path: [key], code: "invalid_type", message: expect.any(String), missing: true },
    ]);
  });

  it("is a 400 naming the field through validateInput", () => {
    const body = [phase([edit(item("SUPERSET"), ["ss_exercises", 1, "exercise_id"])])];
    expect(catchApiError(() => validateInput(phasesInputSchema, body, ["phases"]))).toEqual({
      code: "bad_request",
      status: 400,
      message: "/phases/0/items/0/ss_exercises/1/exercise_id: is required",
      details: [{ path: "/phases/0/items/0/ss_exercises/1/exercise_id", message: "is required" }],
    });
  });

  it("optional fields may be left out: notes, kind and the target lists", () => {
    expect(issuesOf(phasesInputSchema, [phase(Object.values(minimalItems))])).toEqual([]);
  });
});

describe("workout items: a present but invalid field is any other issue (422)", () => {
  const ALL_TYPES = "must be one of SINGLE-EXERCISES, SUPERSET, CIRCUIT-TIME, CIRCUIT-REPETITIONS, AMRAP, RFT, EMOM, TIMER";
  const cases: [string, string, Path, Json, string, string][] = [
    ["SINGLE-EXERCISES", "an exercise id that is no uuid", ["se_exercises", 0, "exercise_id"], "squat", "invalid_format", "must be a uuid"],
    ["SINGLE-EXERCISES", "no exercises", ["se_exercises"], [], "too_small", "must have at least 1 entry"],
    ["SINGLE-EXERCISES", "no sets", ["se_exercises", 0, "sets"], [], "too_small", "must have at least 1 entry"],
    ["SINGLE-EXERCISES", "a negative rest", ["se_exercises", 0, "sets", 0, "rest"], -1, "too_small", "must be at least 0"],
    ["SINGLE-EXERCISES", "a fractional rest", ["se_exercises", 0, "sets", 0, "rest"], 1.5, "invalid_type", "must be a whole number"],
    ["SINGLE-EXERCISES", "set notes that are a number", ["se_exercises", 0, "sets", 0, "notes"], 7, "invalid_type", TEXT_INPUT_MESSAGE],
    ["SUPERSET", "one exercise", ["ss_exercises"], [{ exercise_id: SQUAT }], "too_small", "must have at least 2 entries"],
    ["SUPERSET", "no sets", ["ss_sets"], 0, "too_small", "must be at least 1"],
    ["SUPERSET", "more sets than a timeline plays", ["ss_sets"], 101, "too_big", "must be at most 100"],
    ["SUPERSET", "a rest written as a string", ["ss_rest"], "60", "invalid_type", "must be a whole number"],
    ["CIRCUIT-TIME", "no work", ["ct_rounds", 0, "work"], 0, "too_small", "must be at least 1"],
    ["CIRCUIT-TIME", "a negative rest after the round", ["ct_rounds", 0, "rest_rounds"], -5, "too_small", "must be at least 0"],
    ["CIRCUIT-TIME", "no rounds", ["ct_rounds"], [], "too_small", "must have at least 1 entry"],
    ["CIRCUIT-TIME", "a round without exercises", ["ct_rounds", 0, "exercises"], [], "too_small", "must have at least 1 entry"],
    ["CIRCUIT-REPETITIONS", "a negative rest after the round", ["cr_rounds", 0, "rest_round"], -1, "too_small", "must be at least 0"],
    ["CIRCUIT-REPETITIONS", "a null rest", ["cr_rounds", 0, "exercises", 0, "rest"], null, "invalid_type", "must be a whole number"],
    ["AMRAP", "no time", ["amrap_duration"], 0, "too_small", "must be at least 1"],
    ["AMRAP", "no exercises", ["amrap_exercises"], [], "too_small", "must have at least 1 entry"],
    ["RFT", "fractional rounds", ["rft_rounds"], 2.5, "invalid_type", "must be a whole number"],
    ["RFT", "exercises that are no list", ["rft_exercises"], { exercise_id: SQUAT }, "invalid_type", "must be an array"],
    ["EMOM", "no minutes", ["emom_minutes"], [], "too_small", "must have at least 1 entry"],
    ["EMOM", "a negative rest", ["emom_rest"], -1, "too_small", "must be at least 0"],
    ["TIMER", "no duration", ["timer_duration"], 0, "too_small", "must be at least 1"],
    ["TIMER", "a title that is a number", ["timer_title"], 5, "invalid_type", TEXT_INPUT_MESSAGE],
    ["TIMER", "a null title", ["timer_title"], null, "invalid_type", TEXT_INPUT_MESSAGE],
    ["TIMER", "a title list", ["timer_title"], ["Breathe"], "invalid_type", TEXT_INPUT_MESSAGE],
    ["TIMER", "item notes that are a number", ["notes"], 7, "invalid_type", TEXT_INPUT_MESSAGE],
    ["TIMER", "an unknown type", ["type"], "TABATA", "invalid_value", ALL_TYPES],
    ["TIMER", "a type in lower case", ["type"], "timer", "invalid_value", ALL_TYPES],
    ["TIMER", "a type that is a number", ["type"], 5, "invalid_value", ALL_TYPES],
    ["TIMER", "a null type", ["type"], null, "invalid_value", ALL_TYPES],
  ];

  it.each(cases)("%s with %s", (type, _what, path, value, code, message) => {
    expect(issuesOf(workoutItemInputSchema, edit(item(type), path, value))).toEqual([{ path, code, message, missing: false }]);
  });

  it("a translation that is no string", () => {
    expect(issuesOf(workoutItemInputSchema, edit(item("TIMER"), ["timer_title"], { en: "Breathe", de: 5 }))).toEqual([
      { path: ["timer_title", "de"], code: "invalid_type", message: "must be a string", missing: false },
    ]);
  });

  it.each([
    ["a string", "TIMER"],
    ["null", null],
    ["a list", []],
  ])("an item that is %s", (_what, value) => {
    expect(issuesOf(workoutItemInputSchema, value)).toEqual([
      { path: [], code: "invalid_type", message: "Invalid input: expected object, received " + (value === null ? "null" : Array.isArray(value) ? "array" : "string"), missing: false },
    ]);
  });

  it("is a 422 listing every problem through validateInput", () => {
    const body = [phase([edit(item("AMRAP"), ["amrap_duration"], 0), edit(item("TIMER"), ["type"], "TABATA")])];
    expect(catchApiError(() => validateInput(phasesInputSchema, body, ["phases"]))).toEqual({
      code: "unprocessable",
      status: 422,
      message: "/phases/0/items/0/amrap_duration: must be at least 1 (and 1 more)",
      details: [
        { path: "/phases/0/items/0/amrap_duration", message: "must be at least 1" },
        { path: "/phases/0/items/1/type", message: ALL_TYPES },
      ],
    });
  });

  it("lets missing win over invalid: a body with both is a 400 listing both", () => {
    const body = [phase([edit(item("AMRAP"), ["amrap_duration"], 0), edit(item("RFT"), ["rft_rounds"])])];
    expect(catchApiError(() => validateInput(phasesInputSchema, body, ["phases"]))).toMatchObject({
      status: 400,
      details: [
        { path: "/phases/0/items/0/amrap_duration", message: "must be at least 1" },
        { path: "/phases/0/items/1/rft_rounds", message: "is required" },
      ],
    });
  });

  it("caps the items of a phase", () => {
    const items = Array.from({ length: 101 }, () => item("TIMER"));
    expect(issuesOf(phaseInputSchema, phase(items))).toEqual([
      { path: ["items"], code: "too_big", message: "must have at most 100 entries", missing: false },
    ]);
  });
});

describe("targets", () => {
  it.each([
    [{ type: "VALUE", metric: "weight", value: 22.5 }],
    [{ type: "VALUE", metric: "duration", value: 0 }],
    [{ type: "RANGE", metric: "repetitions", min: 8, max: 12 }],
    [{ type: "RANGE", metric: "weight", min: 20, max: 20 }],
  ])("accepts %j", (target) => {
    expect(targetInputSchema.parse(target)).toEqual(target);
  });

  it.each<[string, Json, Path, string, string, boolean]>([
    ["min above max", { type: "RANGE", metric: "weight", min: 25, max: 20 }, ["max"], "custom", "must be at least min", false],
    ["an unknown metric", { type: "VALUE", metric: "speed", value: 3 }, ["metric"], "invalid_value", "must be one of weight, repetitions, duration", false],
    ["a negative value", { type: "VALUE", metric: "weight", value: -1 }, ["value"], "too_small", "must be at least 0", false],
    ["a negative min", { type: "RANGE", metric: "weight", min: -1, max: 2 }, ["min"], "too_small", "must be at least 0", false],
    ["a value written as a string", { type: "VALUE", metric: "weight", value: "10" }, ["value"], "invalid_type", "must be a number", false],
    ["an unknown type", { type: "PERCENT", metric: "weight", value: 80 }, ["type"], "invalid_value", "must be one of VALUE, RANGE", false],
    ["no type", { metric: "weight", value: 80 }, ["type"], "invalid_type", expect.any(String), true],
    ["no metric", { type: "VALUE", value: 80 }, ["metric"], "invalid_type", expect.any(String), true],
    ["no max", { type: "RANGE", metric: "weight", min: 1 }, ["max"], "invalid_type", expect.any(String), true],
  ])("reports %s", (_what, target, path, code, message, missing) => {
    expect(issuesOf(targetInputSchema, target)).toEqual([{ path, code, message, missing }]);
  });

  it("points at max inside an item", () => {
    const written = edit(item("SINGLE-EXERCISES"), ["se_exercises", 0, "sets", 0, "resistance_targets", 0, "min"], 30);
    expect(catchApiError(() => validateInput(phasesInputSchema, [phase([written])], ["phases"]))).toMatchObject({
      status: 422,
      details: [{ path: "/phases/0/items/0/se_exercises/0/sets/0/resistance_targets/0/max", message: "must be at least min" }],
    });
  });

  it("caps a target list at 10", () => {
    const targets = Array.from({ length: 11 }, () => ({ type: "VALUE", metric: "repetitions", value: 1 }));
    expect(issuesOf(workoutItemInputSchema, edit(item("RFT"), ["rft_exercises", 0, "goal_targets"], targets))).toEqual([
      { path: ["rft_exercises", 0, "goal_targets"], code: "too_big", message: "must have at most 10 entries", missing: false },
    ]);
  });
});

describe("phase kinds", () => {
  const BY_POSITION = " (the kind its position gives; set `kind` to place it)";
  const withKinds = (...kinds: (string | undefined)[]) => kinds.map((kind) => phase([], kind === undefined ? {} : { kind }));

  it.each<[string, Json[]]>([
    ["no phases", []],
    ["three phases without kinds", withKinds(undefined, undefined, undefined)],
    ["all three kinds", withKinds("warm-up", "training", "cool-down")],
    ["training and cool-down", withKinds("training", "cool-down")],
    ["warm-up and cool-down", withKinds("warm-up", "cool-down")],
    ["a cool-down alone", withKinds("cool-down")],
    ["a warm-up, then a second phase by position", withKinds("warm-up", undefined)],
    ["by position, then an explicit cool-down", withKinds(undefined, undefined, "cool-down")],
  ])("accepts %s", (_what, phases) => {
    expect(issuesOf(phasesInputSchema, phases)).toEqual([]);
  });

  it.each<[string, Json[], Path, string, string]>([
    [
      "a warm-up after a cool-down",
      withKinds("cool-down", "warm-up"),
      [1, "kind"],
      "custom",
      "'warm-up' must come before 'cool-down': phases are ordered warm-up, training, cool-down",
    ],
    ["two trainings", withKinds("training", "training"), [1, "kind"], "custom", "'training' is already phase 0; each kind may appear once"],
    [
      "a training, then a phase whose position makes it a training",
      withKinds("training", undefined),
      [1, "kind"],
      "custom",
      `'training' is already phase 0; each kind may appear once${BY_POSITION}`,
    ],
    [
      "a cool-down, then a phase whose position makes it a training",
      withKinds("cool-down", undefined),
      [1, "kind"],
      "custom",
      `'training' must come before 'cool-down': phases are ordered warm-up, training, cool-down${BY_POSITION}`,
    ],
    ["an unknown kind", withKinds("stretch"), [0, "kind"], "invalid_value", "must be one of warm-up, training, cool-down"],
  ])("refuses %s", (_what, phases, path, code, message) => {
    expect(issuesOf(phasesInputSchema, phases)).toEqual([{ path, code, message, missing: false }]);
  });

  it("refuses a fourth phase with too_big only, and the API answers 422", () => {
    const phases = withKinds(undefined, undefined, undefined, undefined);
    expect(issuesOf(phasesInputSchema, phases)).toEqual([
      { path: [], code: "too_big", message: "must have at most 3 entries", missing: false },
    ]);
    expect(catchApiError(() => validateInput(phasesInputSchema, phases, ["phases"]))).toEqual({
      code: "unprocessable",
      status: 422,
      message: "/phases: must have at most 3 entries",
      details: [{ path: "/phases", message: "must have at most 3 entries" }],
    });
  });

  it("reports each phase out of place, and the kinds alongside other problems", () => {
    // A wrong type aborts the phase's parsing; the kinds are checked all the same.
    const phases = [phase([], { kind: "cool-down", time: "soon" }), phase([], { kind: "warm-up" }), phase([], { kind: "training" })];
    expect(issuesOf(phasesInputSchema, phases).map(({ path, message }) => ({ path, message }))).toEqual([
      { path: [0, "time"], message: "must be a whole number" },
      { path: [1, "kind"], message: "'warm-up' must come before 'cool-down': phases are ordered warm-up, training, cool-down" },
      { path: [2, "kind"], message: "'training' must come before 'cool-down': phases are ordered warm-up, training, cool-down" },
    ]);
  });
});

/** Every item type with a text in each text field, written by `text(name)`. */
function everyItem(text: (name: string) => Json): Json[] {
  const exercise = (id: string, name: string, extra: Record<string, Json> = {}) => ({ exercise_id: id, notes: text(name), ...extra });
  return [
    {
      type: "SINGLE-EXERCISES",
      notes: text("se"),
      se_exercises: [exercise(SQUAT, "se.0", { sets: [{ notes: text("se.0.set0"), rest: 30 }, { notes: text("se.0.set1"), rest: 30 }] })],
    },
    { type: "SUPERSET", notes: text("ss"), ss_sets: 2, ss_rest: 30, ss_exercises: [exercise(SQUAT, "ss.0"), exercise(PUSH_UP, "ss.1")] },
    {
      type: "CIRCUIT-TIME",
      notes: text("ct"),
      ct_rounds: [{ rest_rounds: 30, work: 40, rest: 20, exercises: [exercise(LUNGE, "ct.0.0", { rest: 0 })] }],
    },
    {
      type: "CIRCUIT-REPETITIONS",
      notes: text("cr"),
      cr_rounds: [{ rest: 10, rest_round: 30, exercises: [exercise(PLANK, "cr.0.0", { rest: 0 })] }],
    },
    { type: "AMRAP", notes: text("amrap"), amrap_duration: 300, amrap_exercises: [exercise(SQUAT, "amrap.0", { rest: 0 })] },
    { type: "RFT", notes: text("rft"), rft_rounds: 3, rft_exercises: [exercise(PUSH_UP, "rft.0")] },
    { type: "EMOM", notes: text("emom"), emom_rest: 0, emom_minutes: [exercise(LUNGE, "emom.0", { rest: 0 })] },
    { type: "TIMER", notes: text("timer"), timer_title: text("timer.title"), timer_duration: 60 },
  ];
}

function parsePhases(phases: Json[]): PhaseInput[] {
  return phasesInputSchema.parse(phases);
}

const EVERY_TEXT_PATH = [
  "/phases/0/title",
  "/phases/0/items/0/notes",
  "/phases/0/items/0/se_exercises/0/notes",
  "/phases/0/items/0/se_exercises/0/sets/0/notes",
  "/phases/0/items/0/se_exercises/0/sets/1/notes",
  "/phases/0/items/1/notes",
  "/phases/0/items/1/ss_exercises/0/notes",
  "/phases/0/items/1/ss_exercises/1/notes",
  "/phases/0/items/2/notes",
  "/phases/0/items/2/ct_rounds/0/exercises/0/notes",
  "/phases/0/items/3/notes",
  "/phases/0/items/3/cr_rounds/0/exercises/0/notes",
  "/phases/0/items/4/notes",
  "/phases/0/items/4/amrap_exercises/0/notes",
  "/phases/0/items/5/notes",
  "/phases/0/items/5/rft_exercises/0/notes",
  "/phases/0/items/6/notes",
  "/phases/0/items/6/emom_minutes/0/notes",
  "/phases/0/items/7/notes",
  "/phases/0/items/7/timer_title",
];

describe("normalizePhases", () => {
  const warmUp: StoredPhase = { kind: "warm-up", title: { en: "Warm-up", de: "Aufwärmen" }, time: 300, items: [] };

  it("keeps a German phase title when the English one is written as a plain string", () => {
    const stored = normalizePhases(parsePhases([{ title: "Warm up", time: 240, items: [] }]), [warmUp], ctx);
    expect(stored).toEqual([{ kind: "warm-up", title: { en: "Warm up", de: "Aufwärmen" }, time: 240, items: [] }]);
  });

  it("writes a plain string in the Content-Language, and an object's default key in the default language", () => {
    const input = parsePhases([
      { title: "Aufwärmen!", time: 0, items: [] },
      { title: { default: "Main part", fr: "Partie principale" }, time: 0, items: [] },
    ]);
    expect(normalizePhases(input, undefined, { ...ctx, contentLanguage: "de" }).map((phase) => phase.title)).toEqual([
      { de: "Aufwärmen!" },
      { en: "Main part", fr: "Partie principale" },
    ]);
  });

  it("removes a translation written as an empty string", () => {
    const stored = normalizePhases(parsePhases([{ title: { de: "" }, time: 300, items: [] }]), [warmUp], ctx);
    expect(stored[0]!.title).toEqual({ en: "Warm-up" });
  });

  it("fills in kinds by position and keeps the written ones", () => {
    const stored = normalizePhases(
      parsePhases([
        { title: "A", time: 0, items: [] },
        { kind: "cool-down", title: "B", time: 0, items: [] },
      ]),
      undefined,
      ctx,
    );
    expect(stored.map((phase) => phase.kind)).toEqual(["warm-up", "cool-down"]);
  });

  it("merges a phase's texts with the stored phase of the same kind", () => {
    const current: StoredPhase[] = [
      warmUp,
      { kind: "training", title: { en: "Main part", de: "Hauptteil" }, time: 1200, items: [] },
      { kind: "cool-down", title: { en: "Cool-down", de: "Abkühlen" }, time: 300, items: [] },
    ];
    const input = parsePhases([
      { kind: "training", title: "Main", time: 1200, items: [] },
      { kind: "cool-down", title: "Stretch", time: 300, items: [] },
    ]);
    expect(normalizePhases(input, current, ctx).map((phase) => phase.title)).toEqual([
      { en: "Main", de: "Hauptteil" },
      { en: "Stretch", de: "Abkühlen" },
    ]);
  });

  it("keeps every German text of every item type when the English ones are written as plain strings", () => {
    const german = normalizePhases(parsePhases([phase(everyItem((name) => ({ de: `${name} DE` })))]), undefined, ctx);
    const stored = normalizePhases(parsePhases([phase(everyItem((name) => `${name} EN`), { title: "Training EN" })]), german, ctx);
    const texts = collectPhaseTexts(stored);
    expect(texts.map((entry) => entry.path)).toEqual(EVERY_TEXT_PATH);
    for (const { text } of texts.slice(1)) {
      expect(Object.keys(text).sort()).toEqual(["de", "en"]);
      expect(text.de!.replace(/ DE$/, "")).toBe(text.en!.replace(/ EN$/, ""));
    }
    expect(texts[0]!.text).toEqual({ en: "Training EN" });
  });

  const seItem = (exerciseId: string, notes: Record<string, Json>): Json => ({
    type: "SINGLE-EXERCISES",
    ...("item" in notes ? { notes: notes.item! } : {}),
    se_exercises: [
      {
        exercise_id: exerciseId,
        ...("exercise" in notes ? { notes: notes.exercise! } : {}),
        sets: [
          { rest: 30, ...("set0" in notes ? { notes: notes.set0! } : {}) },
          { rest: 30, ...("set1" in notes ? { notes: notes.set1! } : {}) },
        ],
      },
    ],
  });
  const germanSe = () =>
    normalizePhases(
      parsePhases([phase([seItem(SQUAT, { item: { de: "Kraft" }, exercise: { de: "Tief" }, set0: { de: "Langsam" }, set1: { de: "Schnell" } })])]),
      undefined,
      ctx,
    );
  const seTexts = (phases: StoredPhase[]) => collectPhaseTexts(phases).map(({ text }) => text);

  it("merges item, exercise and set notes at the same index, and clears notes left out", () => {
    const written = phase([seItem(SQUAT, { item: "Strength", exercise: "Deep", set1: "Fast" })]);
    expect(seTexts(normalizePhases(parsePhases([written]), germanSe(), ctx))).toEqual([
      { en: "Training" },
      { de: "Kraft", en: "Strength" },
      { de: "Tief", en: "Deep" },
      {},
      { de: "Schnell", en: "Fast" },
    ]);
  });

  it("does not hand an exercise's translations to another exercise at its index", () => {
    const written = phase([seItem(PUSH_UP, { item: "Strength", exercise: "Chest down", set0: "Slow", set1: "Fast" })]);
    expect(seTexts(normalizePhases(parsePhases([written]), germanSe(), ctx))).toEqual([
      { en: "Training" },
      { de: "Kraft", en: "Strength" },
      { en: "Chest down" },
      { en: "Slow" },
      { en: "Fast" },
    ]);
  });

  it("does not hand an item's translations to an item of another type at its index", () => {
    const current = normalizePhases(parsePhases([phase([{ ...(item("TIMER") as object), notes: { de: "Pause" }, timer_title: { de: "Atmen" } }])]), undefined, ctx);
    const written = phase([{ ...(item("AMRAP") as object), notes: "Go" }, { ...(item("TIMER") as object), notes: "Rest" }]);
    const stored = normalizePhases(parsePhases([written]), current, ctx);
    expect(stored[0]!.items.map((entry) => entry.notes)).toEqual([{ en: "Go" }, { en: "Rest" }]);
  });

  it("stores exercise ids in lower case", () => {
    const written = edit(item("RFT"), ["rft_exercises", 0, "exercise_id"], SQUAT.toUpperCase());
    const [stored] = normalizePhases(parsePhases([phase([written])]), undefined, ctx);
    expect(stored!.items[0]).toEqual({ type: "RFT", notes: {}, rft_rounds: 5, rft_exercises: [{ exercise_id: SQUAT, notes: {}, ...noTargets }] });
  });

  it("stores every item type with every field", () => {
    const [stored] = normalizePhases(parsePhases([phase(Object.values(minimalItems))]), undefined, ctx);
    expect(stored!.items).toEqual([
      {
        type: "SINGLE-EXERCISES",
        notes: {},
        se_exercises: [
          {
            exercise_id: SQUAT,
            notes: {},
            sets: [
              {
                notes: {},
                rest: 60,
                goal_targets: [{ type: "VALUE", metric: "repetitions", value: 10 }],
                resistance_targets: [{ type: "RANGE", metric: "weight", min: 20, max: 25 }],
              },
            ],
          },
        ],
      },
      {
        type: "SUPERSET",
        notes: {},
        ss_sets: 3,
        ss_rest: 60,
        ss_exercises: [
          { exercise_id: SQUAT, notes: {}, ...noTargets },
          { exercise_id: PUSH_UP, notes: {}, ...noTargets },
        ],
      },
      {
        type: "CIRCUIT-TIME",
        notes: {},
        ct_rounds: [{ rest_rounds: 60, work: 40, rest: 20, exercises: [{ exercise_id: SQUAT, notes: {}, rest: 0, resistance_targets: [] }] }],
      },
      {
        type: "CIRCUIT-REPETITIONS",
        notes: {},
        cr_rounds: [{ rest: 10, rest_round: 60, exercises: [{ exercise_id: SQUAT, notes: {}, rest: 15, ...noTargets }] }],
      },
      { type: "AMRAP", notes: {}, amrap_duration: 600, amrap_exercises: [{ exercise_id: SQUAT, notes: {}, rest: 0, ...noTargets }] },
      { type: "RFT", notes: {}, rft_rounds: 5, rft_exercises: [{ exercise_id: SQUAT, notes: {}, ...noTargets }] },
      { type: "EMOM", notes: {}, emom_rest: 30, emom_minutes: [{ exercise_id: SQUAT, notes: {}, rest: 0, ...noTargets }] },
      { type: "TIMER", notes: {}, timer_title: { en: "Breathe" }, timer_duration: 90 },
    ]);
  });

  it("answers one 422 naming every text problem by its pointer", () => {
    const written = phase([seItem(SQUAT, { set1: { xx: "?" } }), { ...(item("TIMER") as object), timer_title: "" }], { title: { de: "" } });
    expect(catchApiError(() => normalizePhases(parsePhases([written]), undefined, ctx))).toEqual({
      code: "unprocessable",
      status: 422,
      message: "3 problems in text fields; see details",
      details: [
        { path: "/phases/0/title", message: "must not be empty" },
        {
          path: "/phases/0/items/0/se_exercises/0/sets/1/notes/xx",
          message: "language 'xx' is not enabled for this organization; enabled: en, de, fr",
        },
        { path: "/phases/0/items/1/timer_title", message: "must not be empty" },
      ],
    });
  });

  it("names a single problem in the message", () => {
    expect(catchApiError(() => normalizePhases(parsePhases([{ title: "", time: 0, items: [] }]), undefined, ctx))).toEqual({
      code: "unprocessable",
      status: 422,
      message: "/phases/0/title: must not be empty",
      details: [{ path: "/phases/0/title", message: "must not be empty" }],
    });
  });

  it("places pointers under ctx.path", () => {
    expect(
      catchApiError(() => normalizePhases(parsePhases([{ title: { es: "Calentamiento" }, time: 0, items: [] }]), undefined, { ...ctx, path: "/data/phases" })),
    ).toMatchObject({ details: [{ path: "/data/phases/0/title/es" }] });
  });
});

describe("collectPhaseTexts", () => {
  it("lists every text field with its pointer, in document order, marking the required ones", () => {
    const stored = normalizePhases(parsePhases([phase(everyItem((name) => name))]), undefined, ctx);
    const texts = collectPhaseTexts(stored);
    expect(texts.map(({ path, required }) => [path, required])).toEqual(
      EVERY_TEXT_PATH.map((path) => [path, /(\/title|\/timer_title)$/.test(path)]),
    );
    expect(texts.slice(0, 4).map(({ text }) => text)).toEqual([{ en: "Training" }, { en: "se" }, { en: "se.0" }, { en: "se.0.set0" }]);
  });

  it("lists notes without text as {} and takes another base", () => {
    const stored = normalizePhases(parsePhases([phase([item("TIMER")])]), undefined, ctx);
    expect(collectPhaseTexts(stored, "/p")).toEqual([
      { path: "/p/0/title", text: { en: "Training" }, required: true },
      { path: "/p/0/items/0/notes", text: {}, required: false },
      { path: "/p/0/items/0/timer_title", text: { en: "Breathe" }, required: true },
    ]);
  });
});

describe("phaseExerciseIds", () => {
  const stored = () =>
    normalizePhases(
      parsePhases([
        phase([item("SUPERSET")]),
        phase([
          {
            type: "CIRCUIT-TIME",
            ct_rounds: [
              { rest_rounds: 0, work: 30, rest: 0, exercises: [{ exercise_id: LUNGE, rest: 0 }] },
              { rest_rounds: 0, work: 30, rest: 0, exercises: [{ exercise_id: SQUAT, rest: 0 }] },
            ],
          },
          item("TIMER"),
          { type: "EMOM", emom_rest: 0, emom_minutes: [{ exercise_id: PUSH_UP.toUpperCase(), rest: 0 }] },
        ]),
      ]),
      undefined,
      ctx,
    );

  it("lists each exercise once with every place that names it", () => {
    expect(phaseExerciseIds(stored())).toEqual([
      { id: SQUAT, paths: ["/phases/0/items/0/ss_exercises/0/exercise_id", "/phases/1/items/0/ct_rounds/1/exercises/0/exercise_id"] },
      { id: PUSH_UP, paths: ["/phases/0/items/0/ss_exercises/1/exercise_id", "/phases/1/items/2/emom_minutes/0/exercise_id"] },
      { id: LUNGE, paths: ["/phases/1/items/0/ct_rounds/0/exercises/0/exercise_id"] },
    ]);
  });

  it("finds the exercises of every item type", () => {
    const phases = normalizePhases(parsePhases([phase(everyItem(() => "x"))]), undefined, ctx);
    expect(phaseExerciseIds(phases).flatMap((use) => use.paths).sort()).toEqual(
      EVERY_TEXT_PATH.filter((path) => /\/(se|ss|amrap|rft)_exercises\/\d+\/notes$|\/exercises\/\d+\/notes$|emom_minutes\/\d+\/notes$/.test(path))
        .map((path) => path.replace(/notes$/, "exercise_id"))
        .sort(),
    );
  });
});

describe("renderPhases", () => {
  const stored: StoredPhase[] = [
    {
      kind: "training",
      title: { en: "Main part", de: "Hauptteil" },
      time: 900,
      items: [
        { type: "TIMER", notes: { en: "Rest" }, timer_title: { en: "Breathe", de: "Atmen" }, timer_duration: 60 },
        {
          type: "RFT",
          notes: {},
          rft_rounds: 3,
          rft_exercises: [{ exercise_id: SQUAT, notes: { de: "Tief" }, goal_targets: [{ type: "VALUE", metric: "repetitions", value: 10 }], resistance_targets: [] }],
        },
      ],
    },
  ];

  it("renders one language as plain strings, falling back to the default language", () => {
    const rendered = renderPhases(stored, { mode: "single", language: "de", defaultLanguage: "en" });
    expect(rendered).toEqual([
      {
        kind: "training",
        title: "Hauptteil",
        time: 900,
        items: [
          { type: "TIMER", notes: "Rest", timer_title: "Atmen", timer_duration: 60 },
          {
            type: "RFT",
            notes: "",
            rft_rounds: 3,
            rft_exercises: [{ exercise_id: SQUAT, notes: "Tief", goal_targets: [{ type: "VALUE", metric: "repetitions", value: 10 }], resistance_targets: [] }],
          },
        ],
      },
    ]);
    expect(phaseSchema.array().parse(rendered)).toEqual(rendered);
  });

  it("renders several languages as plain strings (phase texts are typed string): the first requested language with a text, else the default", () => {
    const rendered = renderPhases(stored, { mode: "multi", languages: ["fr", "de"], defaultLanguage: "en" });
    expect(rendered[0]!.title).toBe("Hauptteil");
    expect(rendered[0]!.items).toEqual([
      { type: "TIMER", notes: "Rest", timer_title: "Atmen", timer_duration: 60 },
      {
        type: "RFT",
        notes: "",
        rft_rounds: 3,
        rft_exercises: [{ exercise_id: SQUAT, notes: "Tief", goal_targets: [{ type: "VALUE", metric: "repetitions", value: 10 }], resistance_targets: [] }],
      },
    ]);
    expect(phaseSchema.array().parse(rendered)).toEqual(rendered);
  });

  it("renders every text as a MultiLangString with texts=all", () => {
    const rendered = renderPhases(stored, { mode: "multi", languages: ["de", "fr"], defaultLanguage: "en", allTexts: true });
    expect(rendered[0]!.title).toEqual({ default: "Main part", de: "Hauptteil", fr: "" });
    expect(rendered[0]!.items).toEqual([
      { type: "TIMER", notes: { default: "Rest", de: "", fr: "" }, timer_title: { default: "Breathe", de: "Atmen", fr: "" }, timer_duration: 60 },
      {
        type: "RFT",
        notes: { default: "", de: "", fr: "" },
        rft_rounds: 3,
        rft_exercises: [
          {
            exercise_id: SQUAT,
            notes: { default: "", de: "Tief", fr: "" },
            goal_targets: [{ type: "VALUE", metric: "repetitions", value: 10 }],
            resistance_targets: [],
          },
        ],
      },
    ]);
    expect(phaseAllTextsSchema.array().parse(rendered)).toEqual(rendered);
    expect(phaseSchema.array().safeParse(rendered).success).toBe(false);
  });

  it("renders every item type with every field the response schema has", () => {
    const phases = normalizePhases(parsePhases([phase(everyItem((name) => name))]), undefined, ctx);
    const rendered = renderPhases(phases, { mode: "single", language: "en", defaultLanguage: "en" });
    expect(phaseSchema.array().parse(rendered)).toEqual(rendered);
    expect(rendered[0]!.items.map((entry) => entry.notes)).toEqual(["se", "ss", "ct", "cr", "amrap", "rft", "emom", "timer"]);
  });

  it("gives back what a client can write again unchanged (texts=all)", () => {
    const phases = normalizePhases(parsePhases([phase(everyItem((name) => ({ en: name, de: `${name} DE` })))]), undefined, ctx);
    const rendered = renderPhases(phases, { mode: "multi", languages: ["en", "de"], defaultLanguage: "en", allTexts: true });
    expect(normalizePhases(parsePhases(rendered as Json[]), phases, ctx)).toEqual(phases);
  });
});

describe("response schemas", () => {
  it("describe the same shapes as the types", () => {
    expectTypeOf<z.output<typeof phaseSchema>>().toEqualTypeOf<PhaseOf<string>>();
    expectTypeOf<z.output<typeof phaseAllTextsSchema>>().toExtend<PhaseOf<MultiLangString>>();
    expectTypeOf<z.output<typeof workoutItemSchema>>().toEqualTypeOf<WorkoutItemOf<string>>();
    expectTypeOf<z.output<typeof workoutItemAllTextsSchema>>().toExtend<WorkoutItemOf<MultiLangString>>();
    expectTypeOf<z.output<typeof targetInputSchema>>().toEqualTypeOf<Target>();
    expectTypeOf<ReturnType<typeof normalizePhases>[number]["items"][number]>().toEqualTypeOf<StoredWorkoutItem>();
    expectTypeOf<StoredPhase["title"]>().toEqualTypeOf<LocalizedText>();
  });

  it.each([
    ["Phase", phaseSchema],
    ["WorkoutItem", workoutItemSchema],
    ["PhaseAllTexts", phaseAllTextsSchema],
    ["WorkoutItemAllTexts", workoutItemAllTextsSchema],
    ["Target", targetSchema],
  ])("%s has valid examples", (id, schema) => {
    const meta = z.globalRegistry.get(schema);
    const examples: unknown = meta?.examples;
    expect(meta?.id).toBe(id);
    expect(Array.isArray(examples) && examples.length > 0).toBe(true);
    for (const example of examples as unknown[]) expect(schema.safeParse(example).success).toBe(true);
  });

  it("appear in an OpenAPI document as named components", () => {
    const document = createDocument({
      openapi: "3.1.0",
      info: { title: "phases", version: "1" },
      paths: {
        "/workouts": {
          post: {
            requestBody: { content: { "application/json": { schema: z.object({ phases: phasesInputSchema }) } } },
            responses: { 200: { description: "ok", content: { "application/json": { schema: z.object({ phases: z.array(phaseSchema) }) } } } },
          },
        },
      },
    });
    const schemas = document.components?.schemas ?? {};
    expect(Object.keys(schemas).sort()).toEqual(["Phase", "PhaseInput", "Target", "TargetInput", "WorkoutItem", "WorkoutItemInput"]);
    expect(schemas.Phase).toMatchObject({ properties: { title: { type: "string" } } });
    expect(schemas.PhaseInput).toMatchObject({ required: ["title", "time", "items"] });
    expect(schemas.Phase).toMatchObject({ required: ["kind", "title", "time", "items"] });
    expect((schemas.WorkoutItem as { oneOf: unknown[] }).oneOf).toHaveLength(8);
  });
});
