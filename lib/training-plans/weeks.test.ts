import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import { createDocument } from "zod-openapi";
import type { TextInputContext } from "@/lib/i18n";
import { catchApiError } from "@/lib/i18n/test-utils";
import { validateInput } from "@/lib/validation";
import { TEXT_INPUT_MESSAGE } from "@/lib/i18n";
import {
  activityInputSchema,
  activityReferenceAllTextsSchema,
  activityReferenceSchema,
  collectWeekTexts,
  deriveTotals,
  generateFitnessActivityId,
  normalizeWeeks,
  planReferences,
  renderWeeks,
  trainingPlanWeekAllTextsSchema,
  trainingPlanWeekSchema,
  weeksInputSchema,
  type StoredWeek,
  type TrainingPlanWeekOf,
  type WeekInput,
} from "./weeks";
import type { MultiLangString } from "@/lib/i18n";

const WORKOUT = "3f1c2a9e-8b7d-4c6e-9f10-2a3b4c5d6e7f";
const OTHER_WORKOUT = "5b2e7c1a-9d4f-4e8b-a3c6-1f0d2e3b4a5c";
const ON_DEMAND = "8a6b4c2d-1e3f-4a5b-8c7d-9e0f1a2b3c4d";

const ctx: TextInputContext = { defaultLanguage: "en", enabled: ["en", "de", "fr"], path: "/weeks" };

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Path = (string | number)[];

const run = (title: Json, extra: { id?: Json; fields?: Record<string, Json> } = {}): Json => ({
  type: "fitness-activities",
  ...(extra.id === undefined ? {} : { id: extra.id }),
  fields: { title, ...extra.fields },
});
const workout = (id = WORKOUT): Json => ({ type: "workouts", id });
const onDemand = (id = ON_DEMAND): Json => ({ type: "on-demand", id });
const week = (...days: Json[][]): Json => ({ days: days.map((activities) => ({ activities })) });

function parseWeeks(weeks: Json[]): WeekInput[] {
  return weeksInputSchema.parse(weeks);
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

/** Hands out fa_1, fa_2, … */
function counter() {
  let next = 0;
  return () => `fa_${++next}`;
}

describe("weeksInputSchema", () => {
  it("accepts every activity type, empty days and empty weeks", () => {
    const weeks = [
      week([workout(), onDemand()], [], [run("Easy run", { id: "run-1", fields: { description: { de: "Locker" }, distance: 5000, duration: 1800 } })]),
      { days: [] },
      week([run({ default: "Walk" })]),
    ];
    expect(weeksInputSchema.parse(weeks)).toEqual(weeks);
  });

  it("accepts null distance and duration, as responses show them", () => {
    expect(activityInputSchema.parse(run("Swim", { fields: { distance: null, duration: null } }))).toEqual({
      type: "fitness-activities",
      fields: { title: "Swim", distance: null, duration: null },
    });
  });

  it("drops unknown members", () => {
    expect(activityInputSchema.parse({ type: "workouts", id: WORKOUT, fields: { title: "x" }, day: 3 })).toEqual({ type: "workouts", id: WORKOUT });
  });

  it.each<[string, Json, Path]>([
    ["a workout without id", { type: "workouts" }, ["id"]],
    ["an on-demand reference without id", { type: "on-demand" }, ["id"]],
    ["an activity without type", { id: WORKOUT }, ["type"]],
    ["a fitness activity without fields", { type: "fitness-activities" }, ["fields"]],
    ["a fitness activity without title", { type: "fitness-activities", fields: { distance: 100 } }, ["fields", "title"]],
  ])("reports %s as missing (400)", (_what, activity, path) => {
    expect(issuesOf(activityInputSchema, activity)).toEqual([{ path, code: "invalid_type", message: expect.any(String), missing: true }]);
    expect(catchApiError(() => validateInput(weeksInputSchema, [week([activity])], ["weeks"]))).toMatchObject({
      status: 400,
      details: [{ path: `/weeks/0/days/0/activities/0/${path.join("/")}`, message: "is required" }],
    });
  });

  it.each([["days"], ["activities"]])("reports a week or day without %s as missing", (key) => {
    const weeks = key === "days" ? [{}] : [{ days: [{}] }];
    expect(issuesOf(weeksInputSchema, weeks)).toEqual([
      { path: key === "days" ? [0, "days"] : [0, "days", 0, "activities"], code: "invalid_type", message: expect.any(String), missing: true },
    ]);
  });

  it.each<[string, Json, Path, string, string]>([
    ["a workout id that is no uuid", { type: "workouts", id: "42" }, ["id"], "invalid_format", "must be a uuid"],
    ["an on-demand id that is no uuid", { type: "on-demand", id: "video-1" }, ["id"], "invalid_format", "must be a uuid"],
    ["an unknown type", { type: "workout", id: WORKOUT }, ["type"], "invalid_value", "must be one of workouts, on-demand, fitness-activities"],
    ["a fitness id of 65 characters", run("Run", { id: "a".repeat(65) }), ["id"], "invalid_format", "must be 1 to 64 letters, digits, '_' or '-'"],
    ["an empty fitness id", run("Run", { id: "" }), ["id"], "invalid_format", "must be 1 to 64 letters, digits, '_' or '-'"],
    ["a fitness id with a space", run("Run", { id: "my run" }), ["id"], "invalid_format", "must be 1 to 64 letters, digits, '_' or '-'"],
    ["a numeric fitness id", run("Run", { id: 7 }), ["id"], "invalid_type", "must be a string"],
    ["a negative distance", run("Run", { fields: { distance: -1 } }), ["fields", "distance"], "too_small", "must be at least 0"],
    ["a fractional duration", run("Run", { fields: { duration: 90.5 } }), ["fields", "duration"], "invalid_type", "must be a whole number"],
    ["a title that is a number", run(5), ["fields", "title"], "invalid_type", TEXT_INPUT_MESSAGE],
    ["a description that is null", run("Run", { fields: { description: null } }), ["fields", "description"], "invalid_type", TEXT_INPUT_MESSAGE],
  ])("reports %s as invalid (422)", (_what, activity, path, code, message) => {
    expect(issuesOf(activityInputSchema, activity)).toEqual([{ path, code, message, missing: false }]);
  });

  it("accepts a fitness id of 64 characters", () => {
    expect(activityInputSchema.safeParse(run("Run", { id: "a".repeat(64) })).success).toBe(true);
  });

  it.each<[string, Json[], Path, string]>([
    ["105 weeks", Array.from({ length: 105 }, () => ({ days: [] })), [], "must have at most 104 entries"],
    ["8 days", [week([], [], [], [], [], [], [], [])], [0, "days"], "must have at most 7 entries"],
    ["21 activities a day", [week(Array.from({ length: 21 }, () => workout()))], [0, "days", 0, "activities"], "must have at most 20 entries"],
  ])("refuses %s", (_what, weeks, path, message) => {
    expect(issuesOf(weeksInputSchema, weeks)).toEqual([{ path, code: "too_big", message, missing: false }]);
  });

  it("accepts 104 weeks of 7 days", () => {
    expect(weeksInputSchema.safeParse(Array.from({ length: 104 }, () => week([], [], [], [], [], [], []))).success).toBe(true);
  });
});

describe("normalizeWeeks", () => {
  const stored: StoredWeek[] = [
    {
      days: [
        {
          activities: [
            { type: "workouts", id: WORKOUT },
            {
              type: "fitness-activities",
              id: "fa_run",
              fields: { title: { en: "Easy run", de: "Lockerer Lauf" }, description: { en: "Slow", de: "Langsam" }, distance: 5000, duration: null },
            },
          ],
        },
      ],
    },
  ];

  it("stores references in lower case and fills in a fitness activity's missing members", () => {
    const input = parseWeeks([week([workout(WORKOUT.toUpperCase()), onDemand(ON_DEMAND.toUpperCase()), run("Walk", { id: "walk" })])]);
    expect(normalizeWeeks(input, undefined, ctx)).toEqual([
      {
        days: [
          {
            activities: [
              { type: "workouts", id: WORKOUT },
              { type: "on-demand", id: ON_DEMAND },
              { type: "fitness-activities", id: "walk", fields: { title: { en: "Walk" }, description: {}, distance: null, duration: null } },
            ],
          },
        ],
      },
    ]);
  });

  it("gives a new fitness activity an id", () => {
    const input = parseWeeks([week([run("Walk"), run("Swim")], [run("Bike")])]);
    const weeks = normalizeWeeks(input, undefined, ctx, { generateId: counter() });
    expect(weeks.flatMap((w) => w.days.flatMap((day) => day.activities.map((activity) => activity.id)))).toEqual(["fa_1", "fa_2", "fa_3"]);
  });

  it("generates ids of fa_ and 8 base36 characters, different each time", () => {
    const ids = Array.from({ length: 200 }, generateFitnessActivityId);
    for (const id of ids) expect(id).toMatch(/^fa_[0-9a-z]{8}$/);
    expect(new Set(ids).size).toBe(200);
    const [generated] = normalizeWeeks(parseWeeks([week([run("Walk")])]), undefined, ctx);
    expect(generated!.days[0]!.activities[0]!.id).toMatch(/^fa_[0-9a-z]{8}$/);
  });

  it("keeps the German title when the English one is written as a plain string, and the id of the activity at that place", () => {
    const input = parseWeeks([week([workout(), run("Easy jog", { fields: { distance: 6000 } })])]);
    const [first] = normalizeWeeks(input, stored, ctx, { generateId: counter() });
    expect(first!.days[0]!.activities[1]).toEqual({
      type: "fitness-activities",
      id: "fa_run",
      fields: { title: { en: "Easy jog", de: "Lockerer Lauf" }, description: {}, distance: 6000, duration: null },
    });
  });

  it("merges an activity moved elsewhere with the stored one of its id", () => {
    const input = parseWeeks([week([workout()]), week([], [run("Long run", { id: "fa_run", fields: { description: "Slower" } })])]);
    const weeks = normalizeWeeks(input, stored, ctx);
    expect(weeks[1]!.days[1]!.activities[0]).toEqual({
      type: "fitness-activities",
      id: "fa_run",
      fields: { title: { en: "Long run", de: "Lockerer Lauf" }, description: { en: "Slower", de: "Langsam" }, distance: null, duration: null },
    });
  });

  it("does not merge with the activity at the same place when the write names another id", () => {
    const input = parseWeeks([week([workout(), run("Swim", { id: "fa_swim" })])]);
    expect(normalizeWeeks(input, stored, ctx)[0]!.days[0]!.activities[1]).toEqual({
      type: "fitness-activities",
      id: "fa_swim",
      fields: { title: { en: "Swim" }, description: {}, distance: null, duration: null },
    });
  });

  it("does not merge with a workout at the same place", () => {
    const input = parseWeeks([week([run("Swim")])]);
    expect(normalizeWeeks(input, stored, ctx, { generateId: counter() })[0]!.days[0]!.activities[0]).toEqual({
      type: "fitness-activities",
      id: "fa_1",
      fields: { title: { en: "Swim" }, description: {}, distance: null, duration: null },
    });
  });

  it("answers one 422 naming every text problem by its pointer", () => {
    const input = parseWeeks([week([], [run(""), run({ es: "Correr" })])]);
    expect(catchApiError(() => normalizeWeeks(input, undefined, ctx))).toEqual({
      code: "unprocessable",
      status: 422,
      message: "2 problems in text fields; see details",
      details: [
        { path: "/weeks/0/days/1/activities/0/fields/title", message: "must not be empty" },
        {
          path: "/weeks/0/days/1/activities/1/fields/title/es",
          message: "language 'es' is not enabled for this organization; enabled: en, de, fr",
        },
      ],
    });
  });
});

describe("deriveTotals", () => {
  it.each<[string, Json[], { weeks_total: number; days_total: number; max_days_per_week: number }]>([
    ["no weeks", [], { weeks_total: 0, days_total: 0, max_days_per_week: 0 }],
    ["weeks without days", [{ days: [] }, { days: [] }], { weeks_total: 2, days_total: 0, max_days_per_week: 0 }],
    ["weeks of rest days only", [week([], [], []), week([])], { weeks_total: 2, days_total: 0, max_days_per_week: 0 }],
    ["one activity", [week([workout()])], { weeks_total: 1, days_total: 1, max_days_per_week: 1 }],
    [
      "rest days and rest weeks between active ones",
      [week([workout(), onDemand()], [], [run("Run")]), { days: [] }, week([], [workout()], [workout()], [], [workout()])],
      { weeks_total: 3, days_total: 5, max_days_per_week: 3 },
    ],
    ["a full week", [week(...Array.from({ length: 7 }, () => [workout()]))], { weeks_total: 1, days_total: 7, max_days_per_week: 7 }],
  ])("%s", (_what, weeks, totals) => {
    const parsed = parseWeeks(weeks);
    expect(deriveTotals(parsed)).toEqual(totals);
    expect(deriveTotals(normalizeWeeks(parsed, undefined, ctx))).toEqual(totals);
  });
});

describe("planReferences", () => {
  it("lists each workout and on-demand record once with every place that names it", () => {
    const weeks = normalizeWeeks(
      parseWeeks([
        week([workout(), run("Run"), onDemand()], [workout(OTHER_WORKOUT)]),
        week([], [workout(WORKOUT.toUpperCase())]),
      ]),
      undefined,
      ctx,
    );
    expect(planReferences(weeks)).toEqual({
      workouts: [
        { id: WORKOUT, paths: ["/weeks/0/days/0/activities/0/id", "/weeks/1/days/1/activities/0/id"] },
        { id: OTHER_WORKOUT, paths: ["/weeks/0/days/1/activities/0/id"] },
      ],
      onDemand: [{ id: ON_DEMAND, paths: ["/weeks/0/days/0/activities/2/id"] }],
    });
  });

  it("finds nothing in a plan without references", () => {
    expect(planReferences([], "/data/weeks")).toEqual({ workouts: [], onDemand: [] });
  });
});

describe("collectWeekTexts", () => {
  it("lists each fitness activity's title and description with its pointer", () => {
    const weeks = normalizeWeeks(
      parseWeeks([week([workout(), run("Run", { fields: { description: { de: "Laufen" } } })]), week([], [run({ de: "Schwimmen" })])]),
      undefined,
      ctx,
    );
    expect(collectWeekTexts(weeks)).toEqual([
      { path: "/weeks/0/days/0/activities/1/fields/title", text: { en: "Run" }, required: true },
      { path: "/weeks/0/days/0/activities/1/fields/description", text: { de: "Laufen" }, required: false },
      { path: "/weeks/1/days/1/activities/0/fields/title", text: { de: "Schwimmen" }, required: true },
      { path: "/weeks/1/days/1/activities/0/fields/description", text: {}, required: false },
    ]);
  });
});

describe("renderWeeks", () => {
  const stored: StoredWeek[] = [
    {
      days: [
        {
          activities: [
            { type: "workouts", id: WORKOUT },
            {
              type: "fitness-activities",
              id: "fa_run",
              fields: { title: { en: "Easy run", de: "Lockerer Lauf" }, description: { en: "Slow" }, distance: 5000, duration: null },
            },
          ],
        },
        { activities: [] },
      ],
    },
  ];

  it("renders one language as plain strings", () => {
    const rendered = renderWeeks(stored, { mode: "single", language: "de", defaultLanguage: "en" });
    expect(rendered).toEqual([
      {
        days: [
          {
            activities: [
              { type: "workouts", id: WORKOUT },
              { type: "fitness-activities", id: "fa_run", fields: { title: "Lockerer Lauf", description: "Slow", distance: 5000, duration: null } },
            ],
          },
          { activities: [] },
        ],
      },
    ]);
    expect(trainingPlanWeekSchema.array().parse(rendered)).toEqual(rendered);
  });

  it("renders several languages as plain strings: the first requested language with a text, else the default", () => {
    const rendered = renderWeeks(stored, { mode: "multi", languages: ["fr", "de"], defaultLanguage: "en" });
    expect(rendered[0]!.days[0]!.activities[1]).toEqual({
      type: "fitness-activities",
      id: "fa_run",
      fields: { title: "Lockerer Lauf", description: "Slow", distance: 5000, duration: null },
    });
    expect(trainingPlanWeekSchema.array().parse(rendered)).toEqual(rendered);
  });

  it("renders every text as a MultiLangString with texts=all", () => {
    const rendered = renderWeeks(stored, { mode: "multi", languages: ["de", "fr"], defaultLanguage: "en", allTexts: true });
    expect(rendered[0]!.days[0]!.activities[1]).toEqual({
      type: "fitness-activities",
      id: "fa_run",
      fields: {
        title: { default: "Easy run", de: "Lockerer Lauf", fr: "" },
        description: { default: "Slow", de: "", fr: "" },
        distance: 5000,
        duration: null,
      },
    });
    expect(trainingPlanWeekAllTextsSchema.array().parse(rendered)).toEqual(rendered);
    expect(trainingPlanWeekSchema.array().safeParse(rendered).success).toBe(false);
  });

  it("gives back what a client can write again unchanged (texts=all)", () => {
    const rendered = renderWeeks(stored, { mode: "multi", languages: ["en", "de"], defaultLanguage: "en", allTexts: true });
    expect(normalizeWeeks(parseWeeks(rendered as Json[]), stored, ctx)).toEqual(stored);
  });
});

describe("response schemas", () => {
  it("describe the same shapes as the types", () => {
    expectTypeOf<z.output<typeof trainingPlanWeekSchema>>().toEqualTypeOf<TrainingPlanWeekOf<string>>();
    expectTypeOf<z.output<typeof trainingPlanWeekAllTextsSchema>>().toExtend<TrainingPlanWeekOf<MultiLangString>>();
  });

  it.each([
    ["TrainingPlanWeek", trainingPlanWeekSchema],
    ["ActivityReference", activityReferenceSchema],
    ["TrainingPlanWeekAllTexts", trainingPlanWeekAllTextsSchema],
    ["ActivityReferenceAllTexts", activityReferenceAllTextsSchema],
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
      info: { title: "weeks", version: "1" },
      paths: {
        "/training-plans": {
          post: {
            requestBody: { content: { "application/json": { schema: z.object({ weeks: weeksInputSchema }) } } },
            responses: {
              200: {
                description: "ok",
                content: { "application/json": { schema: z.object({ weeks: z.array(z.union([trainingPlanWeekSchema, trainingPlanWeekAllTextsSchema])) }) } },
              },
            },
          },
        },
      },
    });
    expect(Object.keys(document.components?.schemas ?? {}).sort()).toEqual([
      "ActivityReference",
      "ActivityReferenceAllTexts",
      "ActivityReferenceInput",
      "TrainingPlanWeek",
      "TrainingPlanWeekAllTexts",
      "TrainingPlanWeekInput",
    ]);
  });
});
