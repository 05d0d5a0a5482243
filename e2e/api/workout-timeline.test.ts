import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { estimateWorkoutSeconds } from "@/lib/workouts/timeline";
import type { PhaseOf } from "@/lib/workouts/phases";
import { call, etagVersion, loginAs } from "../support/api";
import { startTestServer, type TestServer } from "../support/server";
import {
  MISSING_UUID,
  changeStatus,
  create,
  createIntegrationToken,
  expectResponse,
  fieldError,
  ok,
  planBody,
  read,
  seedCatalogue,
  workoutBody,
  type Catalogue,
  type Json,
} from "../support/catalogue";

/**
 * `GET /content/workouts/{id}/timeline` (docs/api.md "Workout timelines"): a workout of each item type
 * and the segments it plays as, the total equal to the admin's estimate (the same function), and the
 * workout's own visibility rules: `lang`, `texts`, `training-plan`, publishing, tenancy.
 */
let server: TestServer;
let editor: string;
let member: string;
let integration: string;
let beta: string;
let cat: Catalogue;

beforeAll(async () => {
  server = await startTestServer();
  editor = (await loginAs(server, "alphaEditor")).token;
  member = (await loginAs(server, "alphaMember", "mobile")).token;
  beta = (await loginAs(server, "betaAdmin")).token;
  integration = await createIntegrationToken(server, (await loginAs(server, "alphaAdmin")).token);
  cat = await seedCatalogue(server, editor);
});
afterAll(async () => {
  await server?.stop();
});

type Segment = Json & {
  kind: string;
  start: number;
  end: number;
  timing: string;
  is_open: boolean;
  exercise_id: string | null;
  cue: string | Json | null;
  block: Json | null;
};
type Timeline = { id: string; total_seconds: number; segments: Segment[] };

const value = (metric: string, amount: number) => ({ type: "VALUE", metric, value: amount });
const range = (metric: string, min: number, max: number) => ({ type: "RANGE", metric, min, max });

async function makeWorkout(phases: Json[], overrides: Json = {}): Promise<Json & { id: string; phases: PhaseOf<string>[] }> {
  return create(server, editor, "/content/workouts", workoutBody(cat, { phases, ...overrides }));
}

const timelineOf = (id: string, token = editor, query = "", headers?: Record<string, string>) =>
  call<Timeline>(server, "GET", `/content/workouts/${id}/timeline${query}`, { token, headers });

/** A segment as a table row: kind, start, end, timing, indexes (round/set/minute/exercise), exercise and cue. */
function rowOf(segment: Segment): unknown[] {
  const indexes = (["round", "set", "minute", "exercise"] as const)
    .filter((key) => segment[key] !== null)
    .map((key) => `${key} ${segment[key] as number}`)
    .join(", ");
  const exercise = segment.exercise_id === null ? null : `exercise ${cat.exercises.indexOf(segment.exercise_id)}`;
  return [segment.kind, segment.start, segment.end, segment.timing, indexes, exercise, segment.cue];
}

describe("one workout per item type, and the segments it plays as", () => {
  const ex = () => cat.exercises;
  const cases: [string, () => Json, unknown[][]][] = [
    [
      "SINGLE-EXERCISES",
      () => ({
        type: "SINGLE-EXERCISES",
        notes: "Controlled",
        se_exercises: [
          {
            exercise_id: ex()[0],
            notes: "Slow descent",
            sets: [
              { notes: "Heavy", rest: 60, goal_targets: [value("repetitions", 8)], resistance_targets: [value("weight", 40)] },
              { notes: "", rest: 30, goal_targets: [value("duration", 30)], resistance_targets: [] },
            ],
          },
          { exercise_id: ex()[1], notes: "", sets: [{ notes: "", rest: 0, goal_targets: [range("duration", 20, 25)], resistance_targets: [] }] },
        ],
      }),
      [
        ["work", 0, 0, "repetitions", "set 0, exercise 0", "exercise 0", "Controlled\nSlow descent\nHeavy"],
        ["rest", 0, 60, "fixed", "set 0, exercise 0", null, null],
        ["work", 60, 90, "duration-goal", "set 1, exercise 0", "exercise 0", "Controlled\nSlow descent"],
        ["rest", 90, 120, "fixed", "set 1, exercise 0", null, null],
        ["work", 120, 143, "duration-goal-range", "set 0, exercise 1", "exercise 1", "Controlled"],
      ],
    ],
    [
      "SUPERSET",
      () => ({
        type: "SUPERSET",
        notes: "",
        ss_sets: 2,
        ss_rest: 90,
        ss_exercises: [
          { notes: "", exercise_id: ex()[0], goal_targets: [value("repetitions", 10)], resistance_targets: [] },
          { notes: "Hold", exercise_id: ex()[1], goal_targets: [value("duration", 30)], resistance_targets: [] },
        ],
      }),
      [
        ["work", 0, 0, "repetitions", "round 0, exercise 0", "exercise 0", null],
        ["work", 0, 30, "duration-goal", "round 0, exercise 1", "exercise 1", "Hold"],
        ["rest", 30, 120, "fixed", "round 0", null, null],
        ["work", 120, 120, "repetitions", "round 1, exercise 0", "exercise 0", null],
        ["work", 120, 150, "duration-goal", "round 1, exercise 1", "exercise 1", "Hold"],
        ["rest", 150, 240, "fixed", "round 1", null, null],
      ],
    ],
    [
      "CIRCUIT-TIME",
      () => ({
        type: "CIRCUIT-TIME",
        notes: "Tabata",
        ct_rounds: [
          {
            rest_rounds: 60,
            work: 20,
            rest: 10,
            exercises: [
              { notes: "", exercise_id: ex()[0], rest: 0, resistance_targets: [] },
              { notes: "", exercise_id: ex()[1], rest: 15, resistance_targets: [] },
            ],
          },
          { rest_rounds: 0, work: 30, rest: 0, exercises: [{ notes: "Last", exercise_id: ex()[2], rest: 0, resistance_targets: [value("weight", 8)] }] },
        ],
      }),
      [
        ["work", 0, 20, "fixed", "round 0, exercise 0", "exercise 0", "Tabata"],
        ["rest", 20, 30, "fixed", "round 0, exercise 0", null, null],
        ["work", 30, 50, "fixed", "round 0, exercise 1", "exercise 1", "Tabata"],
        ["rest", 50, 65, "fixed", "round 0, exercise 1", null, null],
        ["rest", 65, 125, "fixed", "round 0", null, null],
        ["work", 125, 155, "fixed", "round 1, exercise 0", "exercise 2", "Tabata\nLast"],
      ],
    ],
    [
      "CIRCUIT-REPETITIONS",
      () => ({
        type: "CIRCUIT-REPETITIONS",
        notes: "",
        cr_rounds: [
          {
            rest: 10,
            rest_round: 60,
            exercises: [
              { notes: "", rest: 0, exercise_id: ex()[0], goal_targets: [value("repetitions", 15)], resistance_targets: [] },
              { notes: "", rest: 20, exercise_id: ex()[1], goal_targets: [value("duration", 40)], resistance_targets: [] },
            ],
          },
        ],
      }),
      [
        ["work", 0, 0, "repetitions", "round 0, exercise 0", "exercise 0", null],
        ["rest", 0, 10, "fixed", "round 0, exercise 0", null, null],
        ["work", 10, 50, "duration-goal", "round 0, exercise 1", "exercise 1", null],
        ["rest", 50, 70, "fixed", "round 0, exercise 1", null, null],
        ["rest", 70, 130, "fixed", "round 0", null, null],
      ],
    ],
    [
      "AMRAP",
      () => ({ type: "AMRAP", notes: "Steady", amrap_duration: 600, amrap_exercises: [{ notes: "", rest: 0, exercise_id: ex()[0], goal_targets: [value("repetitions", 12)], resistance_targets: [] }] }),
      [["work", 0, 600, "time-cap", "", null, "Steady"]],
    ],
    [
      "RFT",
      () => ({
        type: "RFT",
        notes: "For time",
        rft_rounds: 5,
        rft_exercises: [
          { notes: "", exercise_id: ex()[0], goal_targets: [value("repetitions", 10)], resistance_targets: [] },
          { notes: "", exercise_id: ex()[1], goal_targets: [value("duration", 20)], resistance_targets: [] },
        ],
      }),
      [["work", 0, 100, "rounds-for-time", "", null, "For time"]],
    ],
    [
      "EMOM",
      () => ({
        type: "EMOM",
        notes: "On the minute",
        emom_rest: 30,
        emom_minutes: [
          { notes: "", rest: 0, exercise_id: ex()[0], goal_targets: [value("duration", 40)], resistance_targets: [] },
          { notes: "", rest: 25, exercise_id: ex()[1], goal_targets: [value("repetitions", 12)], resistance_targets: [] },
          { notes: "Hard", rest: 0, exercise_id: ex()[2], goal_targets: [value("repetitions", 15)], resistance_targets: [] },
        ],
      }),
      [
        ["work", 0, 40, "duration-goal", "minute 0, exercise 0", "exercise 0", "On the minute"],
        ["rest", 40, 60, "fixed", "minute 0, exercise 0", null, null],
        ["work", 60, 95, "fixed", "minute 1, exercise 0", "exercise 1", "On the minute"],
        ["rest", 95, 120, "fixed", "minute 1, exercise 0", null, null],
        ["work", 120, 180, "emom-minute", "minute 2, exercise 0", "exercise 2", "On the minute\nHard"],
        ["rest", 180, 210, "fixed", "", null, null],
      ],
    ],
    ["TIMER", () => ({ type: "TIMER", notes: "Easy", timer_title: "Mobilise", timer_duration: 240 }), [["work", 0, 240, "fixed", "", null, "Mobilise\nEasy"]]],
  ];

  it.each(cases)("%s", async (type, item, rows) => {
    const workout = await makeWorkout([{ kind: "training", title: "Main", time: 0, items: [item()] }]);
    const timeline = ok(await timelineOf(workout.id));
    expect(timeline.id).toBe(workout.id);
    expect(timeline.segments.map(rowOf)).toEqual(rows);
    for (const segment of timeline.segments) expect(segment).toMatchObject({ phase: 0, phase_kind: "training", item: 0, item_type: type });
    // The admin's editor estimates with the same function, from the record as the API serves it.
    const record = await read<{ phases: PhaseOf<string>[] }>(server, editor, `/content/workouts/${workout.id}`);
    expect(timeline.total_seconds).toBe(estimateWorkoutSeconds(record.phases));
    expect(timeline.total_seconds).toBe(rows.at(-1)![2]);
  });

  it("gives blocks their exercises and target, and every work segment its exercise and targets", async () => {
    const workout = await makeWorkout([
      {
        kind: "training",
        title: "Main",
        time: 0,
        items: [
          {
            type: "SINGLE-EXERCISES",
            notes: "",
            se_exercises: [{ exercise_id: cat.exercises[2], notes: "", sets: [{ notes: "", rest: 0, goal_targets: [value("repetitions", 5)], resistance_targets: [range("weight", 80, 90)] }] }],
          },
          { type: "AMRAP", notes: "", amrap_duration: 300, amrap_exercises: [{ notes: "Chest to floor", rest: 10, exercise_id: cat.exercises[1], goal_targets: [value("repetitions", 8)], resistance_targets: [] }] },
          { type: "RFT", notes: "", rft_rounds: 3, rft_exercises: [{ notes: "", exercise_id: cat.exercises[0], goal_targets: [value("repetitions", 5)], resistance_targets: [value("weight", 60)] }] },
        ],
      },
    ]);
    const { segments } = ok(await timelineOf(workout.id));
    expect(segments).toEqual([
      {
        kind: "work",
        start: 0,
        end: 0,
        timing: "repetitions",
        is_open: true,
        phase: 0,
        phase_kind: "training",
        item: 0,
        item_type: "SINGLE-EXERCISES",
        round: null,
        set: 0,
        minute: null,
        exercise: 0,
        exercise_id: cat.exercises[2],
        goal_targets: [value("repetitions", 5)],
        resistance_targets: [range("weight", 80, 90)],
        block: null,
        cue: null,
      },
      {
        kind: "work",
        start: 0,
        end: 300,
        timing: "time-cap",
        is_open: false,
        phase: 0,
        phase_kind: "training",
        item: 1,
        item_type: "AMRAP",
        round: null,
        set: null,
        minute: null,
        exercise: null,
        exercise_id: null,
        goal_targets: [],
        resistance_targets: [],
        block: {
          rounds: null,
          time_cap: 300,
          exercises: [{ exercise: 0, exercise_id: cat.exercises[1], goal_targets: [value("repetitions", 8)], resistance_targets: [], rest: 10, cue: "Chest to floor" }],
        },
        cue: null,
      },
      {
        kind: "work",
        start: 300,
        end: 300,
        timing: "rounds-for-time",
        is_open: true,
        phase: 0,
        phase_kind: "training",
        item: 2,
        item_type: "RFT",
        round: null,
        set: null,
        minute: null,
        exercise: null,
        exercise_id: null,
        goal_targets: [],
        resistance_targets: [],
        block: { rounds: 3, time_cap: null, exercises: [{ exercise: 0, exercise_id: cat.exercises[0], goal_targets: [value("repetitions", 5)], resistance_targets: [value("weight", 60)], rest: 0, cue: null }] },
        cue: null,
      },
    ]);
  });

  it("plays three phases in order, spreading a phase's time over its open segments or ending it with a transition", async () => {
    const workout = await makeWorkout([
      { kind: "warm-up", title: "Warm up", time: 300, items: [{ type: "TIMER", notes: "", timer_title: "Mobilise", timer_duration: 240 }] },
      {
        kind: "training",
        title: "Main",
        time: 200,
        items: [
          {
            type: "SINGLE-EXERCISES",
            notes: "",
            se_exercises: [
              {
                exercise_id: cat.exercises[0],
                notes: "",
                sets: [
                  { notes: "", rest: 60, goal_targets: [value("repetitions", 10)], resistance_targets: [] },
                  { notes: "", rest: 0, goal_targets: [value("repetitions", 10)], resistance_targets: [] },
                ],
              },
            ],
          },
        ],
      },
      { kind: "cool-down", title: "Cool down", time: 0, items: [{ type: "TIMER", notes: "", timer_title: "Stretch", timer_duration: 120 }] },
    ]);
    const timeline = ok(await timelineOf(workout.id));
    expect(timeline.segments.map((segment) => [segment.phase_kind, segment.kind, segment.start, segment.end, segment.timing, segment.is_open])).toEqual([
      ["warm-up", "work", 0, 240, "fixed", false],
      ["warm-up", "transition", 240, 300, "phase-time", false],
      ["training", "work", 300, 370, "repetitions", true],
      ["training", "rest", 370, 430, "fixed", false],
      ["training", "work", 430, 500, "repetitions", true],
      ["cool-down", "work", 500, 620, "fixed", false],
    ]);
    expect(timeline.total_seconds).toBe(620);
    expect(estimateWorkoutSeconds(workout.phases)).toBe(620);
  });

  it("answers 409 for a workout with more segments than a timeline plays", async () => {
    const superset = {
      type: "SUPERSET",
      notes: "",
      ss_sets: 100,
      ss_rest: 10,
      ss_exercises: Array.from({ length: 50 }, (_, index) => ({ notes: "", exercise_id: cat.exercises[index % 3], goal_targets: [], resistance_targets: [] })),
    };
    const workout = await makeWorkout([{ kind: "training", title: "Endless", time: 0, items: [superset, superset] }]);
    expectResponse(await timelineOf(workout.id), 409, { code: "409", message: "the workout has more than 10000 segments; a timeline plays at most that many" });
  });
});

describe("the workout's own rules", () => {
  let workout: Json & { id: string };

  beforeAll(async () => {
    workout = await makeWorkout(
      [
        {
          kind: "training",
          title: { en: "Main", de: "Haupt" },
          time: 0,
          items: [{ type: "TIMER", notes: { en: "Easy", de: "Locker" }, timer_title: { en: "Mobilise", de: "Mobilisieren" }, timer_duration: 60 }],
        },
      ],
      { title: { en: "Timeline", de: "Zeitleiste" }, description: { en: "Play", de: "Spielen" } },
    );
  });

  it("renders cues in the response language, the first of `lang`, or every language with texts=all", async () => {
    const cueOf = async (query: string, headers?: Record<string, string>) => ok(await timelineOf(workout.id, editor, query, headers)).segments[0]!.cue;
    expect(await cueOf("")).toBe("Mobilise\nEasy");
    expect(await cueOf("", { "Accept-Language": "de" })).toBe("Mobilisieren\nLocker");
    expect(await cueOf("?lang=fr,de")).toBe("Mobilisieren\nLocker");
    // MultiLangStrings hold "" where a language has no text (docs/api.md "Languages").
    expect(await cueOf("?texts=all&lang=de,fr")).toEqual({ default: "Mobilise\nEasy", de: "Mobilisieren\nLocker", fr: "" });
    const response = await timelineOf(workout.id, editor, "", { "Accept-Language": "de" });
    expect(response.headers.get("content-language")).toBe("de");
    const refused = await call(server, "GET", `/content/workouts/${workout.id}?lang=xx`, { token: editor });
    expect(refused.status).toBe(400);
    expectResponse(await timelineOf(workout.id, editor, "?lang=xx"), 400, refused.body);
  });

  it("is visible to mobile and integration tokens exactly when the workout is", async () => {
    const notFound = { code: "404", message: "workout not found" };
    for (const token of [member, integration]) expectResponse(await timelineOf(workout.id, token), 404, notFound);
    ok(await changeStatus(server, editor, "workouts", workout.id, { default: "published" }));
    for (const token of [member, integration]) expect(ok(await timelineOf(workout.id, token)).segments).toHaveLength(1);
    // Hidden in German: published there, then unpublished.
    ok(await changeStatus(server, editor, "workouts", workout.id, { de: "published" }));
    ok(await changeStatus(server, editor, "workouts", workout.id, { de: "unpublished" }));
    expectResponse(await timelineOf(workout.id, member, "", { "Accept-Language": "de" }), 404, notFound);
    expect((await call(server, "GET", `/content/workouts/${workout.id}`, { token: member, headers: { "Accept-Language": "de" } })).status).toBe(404);
    expect(ok(await timelineOf(workout.id, member, "?lang=de,en")).segments).toHaveLength(1);
  });

  it("is read through a training plan only when the workout belongs to that visible plan", async () => {
    const plan = await create<{ id: string }>(server, editor, "/content/training-plans", planBody(cat, { weeks: [{ days: [{ activities: [{ type: "workouts", id: workout.id }] }] }] }));
    const other = await create<{ id: string }>(server, editor, "/content/training-plans", planBody(cat));
    expect(ok(await timelineOf(workout.id, editor, `?training-plan=${plan.id}`)).id).toBe(workout.id);
    expectResponse(await timelineOf(workout.id, editor, `?training-plan=${other.id}`), 404, { code: "404", message: `not found in training plan ${other.id}` });
    // A mobile caller needs the plan published too.
    expectResponse(await timelineOf(workout.id, member, `?training-plan=${plan.id}`), 404, { code: "404", message: `not found in training plan ${plan.id}` });
    ok(await changeStatus(server, editor, "training-plans", plan.id, { default: "published" }));
    expect(ok(await timelineOf(workout.id, member, `?training-plan=${plan.id}`)).id).toBe(workout.id);
    expectResponse(await timelineOf(workout.id, editor, "?training-plan=nope"), 422, fieldError(422, "/training-plan", "must be a uuid"));
  });

  it("answers 404 for unknown ids and other organizations, and 422 for an id that is no uuid", async () => {
    expectResponse(await timelineOf(MISSING_UUID), 404, { code: "404", message: "workout not found" });
    expectResponse(await timelineOf(workout.id, beta), 404, { code: "404", message: "workout not found" });
    expectResponse(await timelineOf("not-a-uuid"), 422, fieldError(422, "/id", "must be a uuid"));
  });

  it("has an ETag of the workout's version: 304 while it holds, a new one after a change", async () => {
    const first = await timelineOf(workout.id);
    const etag = first.headers.get("etag")!;
    expect(etagVersion(etag)).toBe(etagVersion((await call(server, "GET", `/content/workouts/${workout.id}`, { token: editor })).headers.get("etag")));
    expect(first.headers.get("cache-control")).toBe("private, no-cache");
    const again = await timelineOf(workout.id, editor, "", { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    ok(await call(server, "PATCH", `/content/workouts/${workout.id}`, { token: editor, body: { estimated_duration: 5 } }));
    const changed = await timelineOf(workout.id, editor, "", { "If-None-Match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
  });
});
