import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, etagVersion, loginAs } from "../support/api";
import { UPLOADS } from "../support/fixtures";
import { startTestServer, type TestServer } from "../support/server";
import {
  MISSING_UUID,
  MISSING_UUID_2,
  UUID_PATTERN,
  allItemPhases,
  changeStatus,
  create,
  expectResponse,
  fieldError,
  idsOf,
  list,
  ok,
  queryCount,
  read,
  seedCatalogue,
  sorted,
  unique,
  workoutBody,
  type Catalogue,
  type Json,
  type Publishable,
} from "../support/catalogue";

/**
 * Workouts (docs/api.md "Content (lookups, exercises, equipment, instructors, workouts, training plans, on-demand)"; docs/api.md "Workout phases"; docs/api.md "Languages"; docs/api.md "Lists"): the record with its phases and all
 * eight item types, phase and item validation, previews, list filters and order, merge patches of
 * texts, languages, referenced exercises and the cost of a list page.
 */
let server: TestServer;
let editor: string;
let cat: Catalogue;

beforeAll(async () => {
  server = await startTestServer();
  editor = (await loginAs(server, "alphaEditor")).token;
  cat = await seedCatalogue(server, editor);
});
afterAll(async () => {
  await server?.stop();
});

type Workout = Publishable & { title: string; phases: Json[] };

const WORKOUT_PREVIEW_FIELDS = [
  "id",
  "title",
  "slug",
  "gender",
  "level",
  "goals",
  "types",
  "locations",
  "body_parts",
  "duration",
  "content_packages",
  "translation_status",
  "status",
  "created_at",
  "updated_at",
  "published_at",
];

const KINDS = ["warm-up", "training", "cool-down"];

describe("a workout with three phases and all eight item types", () => {
  let body: Json;
  let created: Workout;

  beforeAll(async () => {
    body = {
      title: "Full body burner",
      slug: `full-body-${Date.now().toString(36)}`,
      description: "Everything at once",
      image: UPLOADS.alphaImage.id,
      gender: "non-binary",
      level: "advanced",
      types: [cat.categories[0], cat.categories[1]],
      goals: [cat.goals[0], cat.goals[2]],
      body_parts: [cat.bodyParts[1]],
      locations: ["home", "club"],
      duration: "31-45",
      estimated_duration: 37,
      template: true,
      content_packages: [cat.packages[0]],
      phases: allItemPhases(cat.exercises),
    };
    const response = await call<Workout>(server, "POST", "/content/workouts", { token: editor, body });
    created = ok(response, 201);
    expect(response.headers.get("location")).toBe(`/api/v3/content/workouts/${created.id}`);
    expect(etagVersion(response.headers.get("etag"))).toBe(`"${created.id}.1"`);
  });

  it("reads back field by field as written, with each phase's kind filled in from its position", async () => {
    const response = await call<Workout>(server, "GET", `/content/workouts/${created.id}`, { token: editor });
    const workout = ok(response);
    expect(etagVersion(response.headers.get("etag"))).toBe(`"${created.id}.1"`);
    expect(response.headers.get("content-language")).toBe("en");
    const phases: Json[] = (body.phases as Json[]).map((phase, index) => ({ kind: KINDS[index], ...phase }));
    expect(workout).toEqual({
      id: expect.stringMatching(UUID_PATTERN),
      title: "Full body burner",
      slug: body.slug,
      description: "Everything at once",
      image: expect.objectContaining({ id: UPLOADS.alphaImage.id, name: UPLOADS.alphaImage.name, mime: UPLOADS.alphaImage.mime }),
      gender: "non-binary",
      level: "advanced",
      types: [cat.categories[0], cat.categories[1]],
      goals: [cat.goals[0], cat.goals[2]],
      body_parts: [cat.bodyParts[1]],
      locations: ["home", "club"],
      duration: "31-45",
      estimated_duration: 37,
      template: true,
      content_packages: [cat.packages[0]],
      translation_status: [
        { locale: "en", status: "full" },
        { locale: "de", status: "none" },
        { locale: "fr", status: "none" },
        { locale: "es", status: "none" },
      ],
      status: { default: "draft" },
      created_at: created.created_at,
      updated_at: created.created_at,
      published_at: null,
      phases,
    });
    // Field by field, so that a difference names the item type it is in.
    for (const [p, phase] of phases.entries()) {
      for (const [i, item] of (phase.items as Json[]).entries()) {
        expect(workout.phases[p]!.items as Json[], `phase ${p} item ${i} (${item.type as string})`).toContainEqual(item);
        expect((workout.phases[p]!.items as Json[])[i], `phase ${p} item ${i}`).toEqual(item);
      }
    }
    expect(sorted((workout.phases as Json[]).flatMap((phase) => (phase.items as Json[]).map((item) => item.type as string)))).toEqual(
      sorted(["SINGLE-EXERCISES", "SUPERSET", "CIRCUIT-TIME", "CIRCUIT-REPETITIONS", "AMRAP", "RFT", "EMOM", "TIMER"]),
    );
    expect(workout).toEqual(created);
  });

  it("answers the same record, as it was stored, to a PUT of what was read (round trip)", async () => {
    const { id, created_at: _c, updated_at: _u, published_at: _p, status: _s, translation_status: _t, ...input } = created;
    const replaced = ok(await call<Workout>(server, "PUT", `/content/workouts/${id}`, { token: editor, body: input }));
    expect({ ...replaced, updated_at: created.updated_at }).toEqual(created);
  });

  it("lists exactly the WorkoutPreview fields", async () => {
    const page = await list<Json>(server, editor, "/content/workouts", `filter[where][content_packages][eq]=${cat.packages[0]}&filter[where][template]=true`);
    const preview = page.data.find((item) => item.id === created.id);
    expect(Object.keys(preview ?? {}).sort()).toEqual([...WORKOUT_PREVIEW_FIELDS].sort());
    const full = await read<Workout>(server, editor, `/content/workouts/${created.id}`);
    expect(preview).toEqual(Object.fromEntries(WORKOUT_PREVIEW_FIELDS.map((field) => [field, full[field]])));
  });

  it("with lang=de,fr answers title and description as MultiLangStrings and the phases' texts (typed string) as plain strings", async () => {
    await call(server, "PATCH", `/content/workouts/${created.id}`, {
      token: editor,
      body: { title: { de: "Ganzkörper-Brenner" } },
    });
    const workout = await read<Workout>(server, editor, `/content/workouts/${created.id}?lang=de,fr`);
    expect(workout.title).toEqual({ default: "Full body burner", de: "Ganzkörper-Brenner", fr: "" });
    expect(workout.description).toEqual({ default: "Everything at once", de: "", fr: "" });
    const [warmUp] = workout.phases as Json[];
    expect(warmUp!.title).toBe("Warm up");
    const [timer] = warmUp!.items as Json[];
    expect(timer).toEqual({ type: "TIMER", notes: "Breathe", timer_title: "Joint circles", timer_duration: 120 });
  });

  it("returns MultiLangString objects inside the phases too with texts=all", async () => {
    const workout = await read<Workout>(server, editor, `/content/workouts/${created.id}?lang=de,fr&texts=all`);
    expect(workout.title).toEqual({ default: "Full body burner", de: "Ganzkörper-Brenner", fr: "" });
    expect(workout.description).toEqual({ default: "Everything at once", de: "", fr: "" });
    const [warmUp, main, coolDown] = workout.phases as Json[];
    expect(warmUp!.title).toEqual({ default: "Warm up", de: "", fr: "" });
    expect(main!.title).toEqual({ default: "Main block", de: "", fr: "" });
    expect(coolDown!.title).toEqual({ default: "Cool down", de: "", fr: "" });
    const [timer, single] = warmUp!.items as Json[];
    expect(timer).toEqual({ type: "TIMER", notes: { default: "Breathe", de: "", fr: "" }, timer_title: { default: "Joint circles", de: "", fr: "" }, timer_duration: 120 });
    const setNotes = ((single!.se_exercises as Json[])[0]!.sets as Json[]).map((set) => set.notes);
    expect(setNotes).toEqual([
      { default: "Set one", de: "", fr: "" },
      { default: "", de: "", fr: "" },
    ]);
    // Lists stay plain strings whatever `lang` says.
    const page = await list<Json>(server, editor, "/content/workouts", `lang=de,fr&filter[where][content_packages][eq]=${cat.packages[0]}&filter[where][template]=1`);
    expect(page.data.find((item) => item.id === created.id)?.title).toBe("Full body burner");
  });
});

describe("phases: kinds and their order", () => {
  const phase = (extra: Json = {}) => ({ title: "Phase", time: 60, items: [], ...extra });
  const kindsOf = (workout: Json) => (workout.phases as Json[]).map((item) => item.kind);

  it.each([
    ["one phase is the warm-up", [phase()], ["warm-up"]],
    ["two phases are warm-up and training", [phase(), phase()], ["warm-up", "training"]],
    ["three phases are warm-up, training, cool-down", [phase(), phase(), phase()], KINDS],
    ["given kinds may skip one", [phase({ kind: "training" }), phase({ kind: "cool-down" })], ["training", "cool-down"]],
    ["a phase without a kind after a given one takes its position's", [phase({ kind: "warm-up" }), phase()], ["warm-up", "training"]],
    ["no phases at all", [], []],
  ])("fills `kind` from the position: %s", async (_name, phases, kinds) => {
    const workout = await create<Json>(server, editor, "/content/workouts", workoutBody(cat, { phases }));
    expect(kindsOf(workout)).toEqual(kinds);
    expect(kindsOf(await read(server, editor, `/content/workouts/${workout.id as string}`))).toEqual(kinds);
  });

  const ORDER = "phases are ordered warm-up, training, cool-down";
  const BY_POSITION = " (the kind its position gives; set `kind` to place it)";
  it.each([
    ["a fourth phase", [phase(), phase(), phase(), phase()], "/phases", "must have at most 3 entries"],
    ["training before warm-up", [phase({ kind: "training" }), phase({ kind: "warm-up" })], "/phases/1/kind", `'warm-up' must come before 'training': ${ORDER}`],
    ["cool-down before training", [phase({ kind: "cool-down" }), phase({ kind: "training" })], "/phases/1/kind", `'training' must come before 'cool-down': ${ORDER}`],
    ["a kind twice", [phase({ kind: "training" }), phase({ kind: "training" })], "/phases/1/kind", "'training' is already phase 0; each kind may appear once"],
    ["a position's kind out of order", [phase({ kind: "cool-down" }), phase()], "/phases/1/kind", `'training' must come before 'cool-down': ${ORDER}${BY_POSITION}`],
    ["an unknown kind", [phase({ kind: "stretch" })], "/phases/0/kind", "must be one of warm-up, training, cool-down"],
  ])("refuses %s (422 at its pointer)", async (_name, phases, pointer, message) => {
    const response = await call(server, "POST", "/content/workouts", { token: editor, body: workoutBody(cat, { phases }) });
    expectResponse(response, 422, fieldError(422, pointer, message));
  });
});

describe("phases: items and targets", () => {
  const amrap = (extra: Json = {}, exercise: Json = {}) => ({
    type: "AMRAP",
    notes: "",
    amrap_duration: 300,
    amrap_exercises: [{ notes: "", rest: 0, exercise_id: cat.exercises[0], goal_targets: [], resistance_targets: [], ...exercise }],
    ...extra,
  });
  const withItems = (...items: Json[]) => workoutBody(cat, { phases: [{ title: "Only", time: 300, items }] });
  const item0 = "/phases/0/items/0";

  it.each([
    ["a RANGE with min above max", () => withItems(amrap({}, { goal_targets: [{ type: "RANGE", metric: "repetitions", min: 12, max: 8 }] })), `${item0}/amrap_exercises/0/goal_targets/0/max`, "must be at least min"],
    [
      "a RANGE with min above max in a SINGLE-EXERCISES set",
      () =>
        withItems({
          type: "SINGLE-EXERCISES",
          se_exercises: [{ exercise_id: cat.exercises[0], sets: [{ rest: 0, goal_targets: [], resistance_targets: [{ type: "RANGE", metric: "weight", min: 30, max: 20 }] }] }],
        }),
      `${item0}/se_exercises/0/sets/0/resistance_targets/0/max`,
      "must be at least min",
    ],
    ["an unknown metric", () => withItems(amrap({}, { goal_targets: [{ type: "VALUE", metric: "speed", value: 3 }] })), `${item0}/amrap_exercises/0/goal_targets/0/metric`, "must be one of weight, repetitions, duration"],
    ["an unknown target type", () => withItems(amrap({}, { goal_targets: [{ type: "EXACT", metric: "weight", value: 3 }] })), `${item0}/amrap_exercises/0/goal_targets/0/type`, "must be one of VALUE, RANGE"],
    ["an unknown item type", () => withItems({ type: "TABATA", notes: "" }), `${item0}/type`, "must be one of SINGLE-EXERCISES, SUPERSET, CIRCUIT-TIME, CIRCUIT-REPETITIONS, AMRAP, RFT, EMOM, TIMER"],
    ["a superset of one exercise", () => withItems({ type: "SUPERSET", ss_sets: 3, ss_rest: 30, ss_exercises: [{ exercise_id: cat.exercises[0] }] }), `${item0}/ss_exercises`, "must have at least 2 entries"],
    ["a negative duration", () => withItems(amrap({ amrap_duration: -5 })), `${item0}/amrap_duration`, "must be at least 1"],
  ])("refuses %s (422 at its pointer)", async (_name, body, pointer, message) => {
    const response = await call(server, "POST", "/content/workouts", { token: editor, body: body() });
    expectResponse(response, 422, fieldError(422, pointer, message));
  });

  it.each([
    ["`phases`", () => { const { phases: _phases, ...body } = workoutBody(cat); return body; }, "/phases"],
    ["`amrap_duration`", () => { const { amrap_duration: _d, ...item } = amrap(); return withItems(item); }, `${item0}/amrap_duration`],
    ["`timer_title`", () => withItems({ type: "TIMER", timer_duration: 60 }), `${item0}/timer_title`],
    ["`ss_sets`", () => withItems({ type: "SUPERSET", ss_rest: 30, ss_exercises: [{ exercise_id: cat.exercises[0] }, { exercise_id: cat.exercises[1] }] }), `${item0}/ss_sets`],
    ["`ct_rounds`", () => withItems({ type: "CIRCUIT-TIME" }), `${item0}/ct_rounds`],
    ["an item's `type`", () => withItems({ notes: "" }), `${item0}/type`],
    ["a phase's `title`", () => workoutBody(cat, { phases: [{ time: 60, items: [] }] }), "/phases/0/title"],
    ["a target's `max`", () => withItems(amrap({}, { goal_targets: [{ type: "RANGE", metric: "weight", min: 1 }] })), `${item0}/amrap_exercises/0/goal_targets/0/max`],
  ])("answers 400 naming a missing %s", async (_name, body, pointer) => {
    const response = await call(server, "POST", "/content/workouts", { token: editor, body: body() });
    expectResponse(response, 400, fieldError(400, pointer, "is required"));
  });

  it("names each unknown exercise with the pointer of its first use (422)", async () => {
    const body = withItems(
      amrap({}, { exercise_id: cat.exercises[0] }),
      { type: "RFT", rft_rounds: 3, rft_exercises: [{ exercise_id: MISSING_UUID }, { exercise_id: MISSING_UUID_2 }, { exercise_id: MISSING_UUID }] },
    );
    const response = await call(server, "POST", "/content/workouts", { token: editor, body });
    expectResponse(response, 422, {
      code: "422",
      message: `/phases/0/items/1/rft_exercises/0/exercise_id: unknown exercise ${MISSING_UUID} (and 1 more)`,
      details: [
        { path: "/phases/0/items/1/rft_exercises/0/exercise_id", message: `unknown exercise ${MISSING_UUID}` },
        { path: "/phases/0/items/1/rft_exercises/1/exercise_id", message: `unknown exercise ${MISSING_UUID_2}` },
      ],
    });
  });

  it("treats another organization's exercise as unknown", async () => {
    const beta = (await loginAs(server, "betaAdmin")).token;
    const response = await call(server, "POST", "/content/workouts", {
      token: beta,
      body: { ...workoutBody(cat), image: UPLOADS.betaImage.id, types: [], goals: [], body_parts: [] },
    });
    expectResponse(response, 422, fieldError(422, "/phases/1/items/0/amrap_exercises/0/exercise_id", `unknown exercise ${cat.exercises[0]}`));
  });
});

describe("deleting an exercise a workout uses", () => {
  it("answers 409 naming the workout, and deletes it once unused", async () => {
    const exercise = await create<{ id: string }>(server, editor, "/content/exercises", {
      name: unique("Burpee"),
      slug: null,
      level: "beginner",
      gender: "male",
      muscle_groups: [],
      equipment: [],
      types: [],
      video: UPLOADS.alphaVideo.id,
      gif: UPLOADS.alphaGif.id,
      image: UPLOADS.alphaImage.id,
      steps: [],
    });
    const title = unique("Burpee hell");
    const workout = await create<Workout>(
      server,
      editor,
      "/content/workouts",
      workoutBody(cat, {
        title,
        phases: [{ title: "Go", time: 60, items: [{ type: "RFT", rft_rounds: 3, rft_exercises: [{ exercise_id: exercise.id }] }] }],
      }),
    );
    const response = await call(server, "DELETE", `/content/exercises/${exercise.id}`, { token: editor });
    expectResponse(response, 409, {
      code: "409",
      message: `this exercise is still used by workout ${workout.id} (${title}); remove those references first`,
    });
    ok(await call(server, "GET", `/content/exercises/${exercise.id}`, { token: editor }));

    ok(await call(server, "DELETE", `/content/workouts/${workout.id}`, { token: editor }), 204);
    ok(await call(server, "DELETE", `/content/exercises/${exercise.id}`, { token: editor }), 204);
  });
});

describe("texts: merge patches and Content-Language", () => {
  it("PATCH {title: {de}} adds German and keeps English (and the rest)", async () => {
    const workout = await create<Workout>(server, editor, "/content/workouts", workoutBody(cat, { title: "Leg day", description: "Squats" }));
    const before = await read<Workout>(server, editor, `/content/workouts/${workout.id}?lang=en,de&texts=all`);
    const patched = ok(await call<Workout>(server, "PATCH", `/content/workouts/${workout.id}`, { token: editor, body: { title: { de: "Beintag" } } }));
    expect(patched.title).toBe("Leg day");
    const after = await read<Workout>(server, editor, `/content/workouts/${workout.id}?lang=en,de&texts=all`);
    expect(after).toEqual({ ...before, title: { default: "Leg day", en: "Leg day", de: "Beintag" }, updated_at: after.updated_at });
    expect(Date.parse(after.updated_at)).toBeGreaterThan(Date.parse(before.updated_at));
    expect(await read<Json>(server, editor, `/content/workouts/${workout.id}`, { "Accept-Language": "de" })).toMatchObject({ title: "Beintag", description: "Squats" });
  });

  it("a plain-string phase title sent with Content-Language: de sets German and keeps the English phase title", async () => {
    const workout = await create<Workout>(
      server,
      editor,
      "/content/workouts",
      workoutBody(cat, {
        phases: [
          { title: "Warm up", time: 120, items: [] },
          { title: "Main", time: 600, items: [] },
        ],
      }),
    );
    const response = await call<Workout>(server, "PATCH", `/content/workouts/${workout.id}`, {
      token: editor,
      headers: { "Content-Language": "de" },
      body: {
        phases: [
          { title: "Aufwärmen", time: 120, items: [] },
          { title: { en: "Main" }, time: 600, items: [] },
        ],
      },
    });
    ok(response);
    expect(response.headers.get("content-language")).toBe("en");
    const after = await read<Workout>(server, editor, `/content/workouts/${workout.id}?lang=en,de&texts=all`);
    expect(after.phases).toEqual([
      { kind: "warm-up", title: { default: "Warm up", en: "Warm up", de: "Aufwärmen" }, time: 120, items: [] },
      { kind: "training", title: { default: "Main", en: "Main", de: "" }, time: 600, items: [] },
    ]);
  });
});

describe("list filters and order", () => {
  // Every record of this block carries packages[1], which nothing else in this file uses.
  const scope = () => `filter[where][content_packages][in]=${cat.packages[1]}`;
  const ids = {} as Record<"w1" | "w2" | "w3" | "w4", string>;
  const names = (...keys: (keyof typeof ids)[]) => sorted(keys.map((key) => ids[key]));
  const query = async (filter: string) => sorted(idsOf(await list(server, editor, "/content/workouts", filter ? `${scope()}&${filter}` : scope())) as string[]);

  beforeAll(async () => {
    const [b1, b2, b3] = cat.bodyParts;
    const [g1, g2, g3] = cat.goals;
    const [pA, pB] = cat.packages;
    const make = async (overrides: Json) => (await create<Workout>(server, editor, "/content/workouts", workoutBody(cat, overrides))).id;
    ids.w1 = await make({ level: "beginner", body_parts: [b1], goals: [g1], template: false, content_packages: [pB] });
    ids.w2 = await make({ level: "intermediate", body_parts: [b1, b2], goals: [g2], template: true, content_packages: [pB, pA] });
    ids.w3 = await make({ level: "advanced", body_parts: [b2, b3], goals: [g1, g3], content_packages: [pB] });
    ids.w4 = await make({ level: "beginner", body_parts: [b3], goals: [g3], template: true, content_packages: [pA, pB] });
    const status = async (id: string, body: Json) => ok(await changeStatus(server, editor, "workouts", id, body));
    await status(ids.w1, { default: "published" });
    await status(ids.w2, { default: "published", de: "published" });
    await status(ids.w3, { de: "published" });
    await status(ids.w4, { de: "published" });
    await status(ids.w4, { de: "unpublished" });
    await status(ids.w4, { de: "draft" });
  });

  it("the scope holds exactly the four records", async () => {
    expect(await query("")).toEqual(names("w1", "w2", "w3", "w4"));
  });

  type Key = keyof typeof ids;
  const FILTERS: [string, () => string, Key[]][] = [
    ["level[eq]=beginner", () => `filter[where][level][eq]=beginner`, ["w1", "w4"]],
    ["level=advanced (bare eq)", () => `filter[where][level]=advanced`, ["w3"]],
    ["body_parts[in] matches any", () => `filter[where][body_parts][in]=${cat.bodyParts[0]},${cat.bodyParts[1]}`, ["w1", "w2", "w3"]],
    ["body_parts[and] matches all", () => `filter[where][body_parts][and]=${cat.bodyParts[0]},${cat.bodyParts[1]}`, ["w2"]],
    ["body_parts[and] of another pair", () => `filter[where][body_parts][and]=${cat.bodyParts[1]},${cat.bodyParts[2]}`, ["w3"]],
    ["template=true", () => "filter[where][template]=true", ["w2", "w4"]],
    ["template=1", () => "filter[where][template]=1", ["w2", "w4"]],
    ["template=false (absent counts as false)", () => "filter[where][template]=false", ["w1", "w3"]],
    ["template=0", () => "filter[where][template]=0", ["w1", "w3"]],
    ["goals[in]", () => `filter[where][goals][in]=${cat.goals[0]},${cat.goals[1]}`, ["w1", "w2", "w3"]],
    ["goals[in] of one", () => `filter[where][goals][in]=${cat.goals[2]}`, ["w3", "w4"]],
    ["content_packages (bare eq)", () => `filter[where][content_packages]=${cat.packages[0]}`, ["w2", "w4"]],
    ["content_packages[and]", () => `filter[where][content_packages][and]=${cat.packages[0]},${cat.packages[1]}`, ["w2", "w4"]],
    ["status (any of)", () => "filter[where][status]=default:published,de:draft", ["w1", "w2", "w4"]],
    ["status[and] (all of)", () => "filter[where][status][and]=default:published,de:published", ["w2"]],
    ["status[and] default draft and de published", () => "filter[where][status][and]=default:draft,de:published", ["w3"]],
    ["status: the default language's code means `default`", () => "filter[where][status]=en:published", ["w1", "w2"]],
    ["two filters combine with AND", () => `filter[where][level][eq]=beginner&filter[where][template]=true`, ["w4"]],
    ["id[in] (the records a training plan names, in one request)", () => `filter[where][id][in]=${ids.w1},${ids.w3}`, ["w1", "w3"]],
    ["id (bare eq)", () => `filter[where][id]=${ids.w2}`, ["w2"]],
  ];
  it.each(FILTERS)("%s", async (_name, filter, expected) => {
    expect(await query(filter())).toEqual(names(...expected));
  });

  it("counts every match in `total`, whatever the page", async () => {
    const page = ok(await call<{ total: number; data: unknown[] }>(server, "GET", `/content/workouts?${scope()}&filter[where][body_parts][in]=${cat.bodyParts[0]},${cat.bodyParts[1]}&filter[limit]=1&filter[offset]=1`, { token: editor }));
    expect({ total: page.total, length: page.data.length }).toEqual({ total: 3, length: 1 });
  });

  it.each([
    ["template=yes", "filter[where][template]=yes", "filter[where][template]", "'yes' is not a boolean (true, false, 1 or 0)"],
    ["level[eq]=expert", "filter[where][level][eq]=expert", "filter[where][level][eq]", "'expert' is not one of beginner, intermediate, advanced"],
    ["body_parts[gte]", "filter[where][body_parts][gte]=1", "filter[where][body_parts][gte]", "operator 'gte' is not allowed on 'body_parts'; allowed: eq, in, and"],
    ["status=de:live", "filter[where][status]=de:live", "filter[where][status]", "'de:live' is not a status entry such as 'default:published' or 'de:draft'"],
  ])("answers 400 naming the parameter for %s", async (_name, filter, parameter, message) => {
    const response = await call(server, "GET", `/content/workouts?${filter}`, { token: editor });
    expectResponse(response, 400, { code: "400", message: `Invalid ${parameter}: ${message}`, details: [{ path: parameter, message }] });
  });

  it("orders by title with the id as tie-breaker, and pages neither overlap nor skip", async () => {
    const title = unique("Same title");
    const twins: string[] = [];
    for (let i = 0; i < 3; i += 1) twins.push((await create<Workout>(server, editor, "/content/workouts", workoutBody(cat, { title, content_packages: [cat.packages[1]] }))).id);
    const asc = await list<Workout>(server, editor, "/content/workouts", `${scope()}&filter[order][title]=asc`);
    const titles = asc.data.map((item) => item.title.toLowerCase());
    expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(asc.data.filter((item) => item.title === title).map((item) => item.id)).toEqual(sorted(twins));
    const desc = await list<Workout>(server, editor, "/content/workouts", `${scope()}&filter[order][title]=desc`);
    expect(desc.data.filter((item) => item.title === title).map((item) => item.id)).toEqual(sorted(twins).reverse());

    const paged: unknown[] = [];
    for (let offset = 0; offset < asc.total; offset += 2) {
      const page = ok(await call<{ data: { id: string }[] }>(server, "GET", `/content/workouts?${scope()}&filter[order][title]=asc&filter[limit]=2&filter[offset]=${offset}`, { token: editor }));
      paged.push(...idsOf(page));
    }
    expect(paged).toEqual(idsOf(asc));
  });

  it("orders by `updated` descending by default, and by `created` either way", async () => {
    const byDefault = await list<Workout>(server, editor, "/content/workouts", scope());
    const updated = byDefault.data.map((item) => Date.parse(item.updated_at));
    expect(updated).toEqual([...updated].sort((a, b) => b - a));
    const created = await list<Workout>(server, editor, "/content/workouts", `${scope()}&filter[order][created]=asc`);
    const createdAt = created.data.map((item) => Date.parse(item.created_at as string));
    expect(createdAt).toEqual([...createdAt].sort((a, b) => a - b));
    expect(idsOf(await list(server, editor, "/content/workouts", `${scope()}&filter[order][created]=desc`))).toEqual(idsOf(created).reverse());
  });
});

describe("reads", () => {
  it("answers 404 for an unknown id and for another organization's workout", async () => {
    const workout = await create<Workout>(server, editor, "/content/workouts", workoutBody(cat));
    const beta = (await loginAs(server, "betaAdmin")).token;
    expectResponse(await call(server, "GET", `/content/workouts/${MISSING_UUID}`, { token: editor }), 404, { code: "404", message: "workout not found" });
    expectResponse(await call(server, "GET", `/content/workouts/${workout.id}`, { token: beta }), 404, { code: "404", message: "workout not found" });
    expect(idsOf(await list(server, beta, "/content/workouts"))).not.toContain(workout.id);
  });

  it("costs the same number of SQL statements for a list page of 2 and of 10 workouts", async () => {
    const marker = await create<{ id: string }>(server, editor, "/content/packages", { name: unique("N+1"), description: "x" });
    for (let i = 0; i < 10; i += 1) {
      await create(server, editor, "/content/workouts", workoutBody(cat, { content_packages: [marker.id], phases: allItemPhases(cat.exercises) }));
    }
    const member = (await loginAs(server, "alphaMember", "mobile")).token;
    for (const token of [editor, member]) {
      // The organization's settings are cached for a few seconds: the least of three calls is the list itself.
      const cost = async (limit: number) => {
        const counts: number[] = [];
        for (let i = 0; i < 3; i += 1) {
          const response = await call<{ data: unknown[] }>(server, "GET", `/content/workouts?filter[where][content_packages][eq]=${marker.id}&filter[limit]=${limit}`, { token });
          ok(response);
          if (token === editor) expect(response.body.data).toHaveLength(limit);
          counts.push(queryCount(response));
        }
        return Math.min(...counts);
      };
      const [two, ten] = [await cost(2), await cost(10)];
      expect(two).toBeGreaterThan(0);
      expect(ten).toBe(two);
    }
  });
});
