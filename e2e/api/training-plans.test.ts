import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, etagVersion, loginAs } from "../support/api";
import { UPLOADS } from "../support/fixtures";
import { startTestServer, type TestServer } from "../support/server";
import {
  MISSING_UUID,
  MISSING_UUID_2,
  UUID_PATTERN,
  create,
  expectResponse,
  fieldError,
  idsOf,
  list,
  ok,
  onDemandBody,
  planBody,
  read,
  run,
  seedCatalogue,
  sorted,
  unique,
  weeksWithActiveDays,
  workoutBody,
  type Catalogue,
  type Json,
  type Publishable,
} from "../support/catalogue";

/**
 * Training plans (docs/api.md "Training plan weeks"; docs/api.md "Content (lookups, exercises, equipment, instructors, workouts, training plans, on-demand)"; docs/api.md "Lists"): weeks of days of workouts, on-demand
 * items and fitness activities; totals derived from the weeks; list filters and order; references to
 * workouts checked on write and on delete; the `training-plan` parameter of the workout endpoint.
 */
let server: TestServer;
let editor: string;
let cat: Catalogue;
let workoutA: string;
let workoutB: string;
/** An on-demand item, when the on-demand collection accepts writes in this checkout. */
let onDemandId: string | undefined;

beforeAll(async () => {
  server = await startTestServer();
  editor = (await loginAs(server, "alphaEditor")).token;
  cat = await seedCatalogue(server, editor);
  workoutA = (await create<{ id: string }>(server, editor, "/content/workouts", workoutBody(cat))).id;
  workoutB = (await create<{ id: string }>(server, editor, "/content/workouts", workoutBody(cat))).id;
  const onDemand = await call<{ id: string }>(server, "POST", "/content/on-demand", { token: editor, body: onDemandBody(cat) });
  onDemandId = onDemand.status === 201 ? onDemand.body.id : undefined;
});
afterAll(async () => {
  await server?.stop();
});

type Plan = Publishable & { title: string; weeks: { days: { activities: Json[] }[] }[]; weeks_total: number; days_total: number; max_days_per_week: number };

const PLAN_PREVIEW_FIELDS = [
  "id",
  "title",
  "slug",
  "description",
  "weeks_total",
  "days_total",
  "max_days_per_week",
  "goals",
  "types",
  "level",
  "locations",
  "content_packages",
  "translation_status",
  "status",
  "created_at",
  "updated_at",
  "published_at",
];

describe("a plan of workouts, on-demand items and fitness activities", () => {
  let body: Json;
  let created: Plan;

  beforeAll(async () => {
    const secondDay = onDemandId
      ? [{ type: "workouts", id: workoutB }, { type: "on-demand", id: onDemandId }]
      : [{ type: "workouts", id: workoutB }];
    body = {
      title: "First 5K",
      slug: `first-5k-${Date.now().toString(36)}`,
      description: "From the couch to five kilometres",
      image: UPLOADS.alphaImage.id,
      goals: [cat.goals[1]],
      types: [cat.categories[0]],
      level: "beginner",
      locations: ["outdoor", "home"],
      content_packages: [cat.packages[0]],
      // Derived fields: the client's values are ignored.
      weeks_total: 99,
      days_total: 99,
      max_days_per_week: 7,
      weeks: [
        {
          days: [
            { activities: [{ type: "workouts", id: workoutA }] },
            { activities: [] },
            { activities: [{ type: "fitness-activities", id: "run-1", fields: { title: "Easy run", description: "Chatty pace", distance: 3000, duration: 1200 } }] },
          ],
        },
        {
          days: [
            { activities: secondDay },
            { activities: [{ type: "workouts", id: workoutA }] },
            { activities: [{ type: "fitness-activities", id: "run-2", fields: { title: "Tempo run", distance: 5000, duration: null } }] },
            { activities: [] },
          ],
        },
        { days: [] },
      ],
    };
    created = await create<Plan>(server, editor, "/content/training-plans", body);
  });

  it("derives weeks_total, days_total and max_days_per_week from the weeks (the client's values are ignored)", () => {
    expect({ weeks_total: created.weeks_total, days_total: created.days_total, max_days_per_week: created.max_days_per_week }).toEqual({
      weeks_total: 3,
      days_total: 5,
      max_days_per_week: 3,
    });
  });

  it("reads back field by field as written", async () => {
    const plan = await read<Plan>(server, editor, `/content/training-plans/${created.id}`);
    const { weeks_total: _w, days_total: _d, max_days_per_week: _m, ...input } = body;
    expect(plan).toEqual({
      ...input,
      id: expect.stringMatching(UUID_PATTERN),
      image: expect.objectContaining({ id: UPLOADS.alphaImage.id, name: UPLOADS.alphaImage.name }),
      weeks_total: 3,
      days_total: 5,
      max_days_per_week: 3,
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
      weeks: [
        (body.weeks as Json[])[0],
        {
          days: [
            (body.weeks as { days: Json[] }[])[1]!.days[0],
            (body.weeks as { days: Json[] }[])[1]!.days[1],
            { activities: [{ type: "fitness-activities", id: "run-2", fields: { title: "Tempo run", description: "", distance: 5000, duration: null } }] },
            { activities: [] },
          ],
        },
        { days: [] },
      ],
    });
    expect(plan).toEqual(created);
  });

  it("lists exactly the TrainingPlanPreview fields", async () => {
    const page = await list<Json>(server, editor, "/content/training-plans");
    const preview = page.data.find((item) => item.id === created.id);
    expect(Object.keys(preview ?? {}).sort()).toEqual([...PLAN_PREVIEW_FIELDS].sort());
    expect(preview).toEqual(Object.fromEntries(PLAN_PREVIEW_FIELDS.map((field) => [field, created[field]])));
  });

  it("recomputes the totals on PATCH", async () => {
    const patched = ok(await call<Plan>(server, "PATCH", `/content/training-plans/${created.id}`, { token: editor, body: { weeks: weeksWithActiveDays([1, 7]), days_total: 1 } }));
    expect([patched.weeks_total, patched.days_total, patched.max_days_per_week]).toEqual([2, 8, 7]);
  });

  it("returns MultiLangString objects inside the weeks with texts=all (plain strings with lang=de,fr), and keeps a generated activity id", async () => {
    const plan = await create<Plan>(server, editor, "/content/training-plans", planBody(cat, { title: "Lauf", weeks: [{ days: [{ activities: [run()] }] }] }));
    const activity = plan.weeks[0]!.days[0]!.activities[0]!;
    expect(activity.id).toMatch(/^fa_[0-9a-z]{8}$/);
    const spec = await read<Plan>(server, editor, `/content/training-plans/${plan.id}?lang=fr,de`);
    expect(spec.title).toEqual({ default: "Lauf", de: "", fr: "" });
    expect(spec.weeks[0]!.days[0]!.activities[0]).toEqual({
      type: "fitness-activities",
      id: activity.id,
      fields: { title: "Lockerer Lauf", description: "Plaudertempo", distance: 3000, duration: 1200 },
    });
    const multi = await read<Plan>(server, editor, `/content/training-plans/${plan.id}?lang=de,fr&texts=all`);
    expect(multi.title).toEqual({ default: "Lauf", de: "", fr: "" });
    expect(multi.weeks[0]!.days[0]!.activities[0]).toEqual({
      type: "fitness-activities",
      id: activity.id,
      fields: { title: { default: "Easy run", de: "Lockerer Lauf", fr: "" }, description: { default: "Chatty pace", de: "Plaudertempo", fr: "" }, distance: 3000, duration: 1200 },
    });
    // Written again without its id, the activity at the same place keeps it (and its German texts).
    const patched = ok(await call<Plan>(server, "PATCH", `/content/training-plans/${plan.id}?lang=en,de&texts=all`, { token: editor, body: { weeks: [{ days: [{ activities: [{ type: "fitness-activities", fields: { title: "Long run", distance: 8000 } }] }] }] } }));
    expect(patched.weeks[0]!.days[0]!.activities[0]).toEqual({
      type: "fitness-activities",
      id: activity.id,
      fields: { title: { default: "Long run", en: "Long run", de: "Lockerer Lauf" }, description: { default: "", en: "", de: "" }, distance: 8000, duration: null },
    });
  });

  it("opens a referenced on-demand item through the plan", async (ctx) => {
    if (!onDemandId) ctx.skip();
    const plan = await create<Plan>(server, editor, "/content/training-plans", planBody(cat, { weeks: [{ days: [{ activities: [{ type: "on-demand", id: onDemandId }] }] }] }));
    const other = await create<Plan>(server, editor, "/content/training-plans", planBody(cat));
    expect((await read<Json>(server, editor, `/content/on-demand/${onDemandId!}?training-plan=${plan.id}`)).id).toBe(onDemandId);
    expectResponse(await call(server, "GET", `/content/on-demand/${onDemandId!}?training-plan=${other.id}`, { token: editor }), 404, {
      code: "404",
      message: `not found in training plan ${other.id}`,
    });
  });
});

describe("references to workouts", () => {
  it("names each unknown workout (and on-demand item) with its pointer (422)", async () => {
    const weeks = [
      { days: [{ activities: [{ type: "workouts", id: workoutA }] }, { activities: [run(), { type: "workouts", id: MISSING_UUID }] }] },
      { days: [{ activities: [{ type: "on-demand", id: MISSING_UUID_2 }] }] },
    ];
    const response = await call(server, "POST", "/content/training-plans", { token: editor, body: planBody(cat, { weeks }) });
    expectResponse(response, 422, {
      code: "422",
      message: `/weeks/0/days/1/activities/1/id: unknown workout ${MISSING_UUID} (and 1 more)`,
      details: [
        { path: "/weeks/0/days/1/activities/1/id", message: `unknown workout ${MISSING_UUID}` },
        { path: "/weeks/1/days/0/activities/0/id", message: `unknown on-demand item ${MISSING_UUID_2}` },
      ],
    });
  });

  it("treats another organization's workout as unknown", async () => {
    const beta = (await loginAs(server, "betaAdmin")).token;
    const body = { ...planBody(cat), image: UPLOADS.betaImage.id, goals: [], types: [], weeks: [{ days: [{ activities: [{ type: "workouts", id: workoutA }] }] }] };
    const response = await call(server, "POST", "/content/training-plans", { token: beta, body });
    expectResponse(response, 422, fieldError(422, "/weeks/0/days/0/activities/0/id", `unknown workout ${workoutA}`));
  });

  it.each([
    ["an activity's type", { days: [{ activities: [{ id: MISSING_UUID }] }] }, "/weeks/0/days/0/activities/0/type"],
    ["a fitness activity's title", { days: [{ activities: [{ type: "fitness-activities", fields: { distance: 10 } }] }] }, "/weeks/0/days/0/activities/0/fields/title"],
    ["a day's activities", { days: [{}] }, "/weeks/0/days/0/activities"],
  ])("answers 400 naming a missing %s", async (_name, week, pointer) => {
    const response = await call(server, "POST", "/content/training-plans", { token: editor, body: planBody(cat, { weeks: [week] }) });
    expectResponse(response, 400, fieldError(400, pointer, "is required"));
  });

  it.each([
    ["eight days in a week", { days: Array.from({ length: 8 }, () => ({ activities: [] })) }, "/weeks/0/days", "must have at most 7 entries"],
    ["an unknown activity type", { days: [{ activities: [{ type: "rest", id: "x" }] }] }, "/weeks/0/days/0/activities/0/type", "must be one of workouts, on-demand, fitness-activities"],
    ["a workout id that is no uuid", { days: [{ activities: [{ type: "workouts", id: "squats" }] }] }, "/weeks/0/days/0/activities/0/id", "must be a uuid"],
  ])("answers 422 for %s", async (_name, week, pointer, message) => {
    const response = await call(server, "POST", "/content/training-plans", { token: editor, body: planBody(cat, { weeks: [week] }) });
    expectResponse(response, 422, fieldError(422, pointer, message));
  });

  it("deleting a workout a plan uses answers 409 naming the plan; unused, it is deleted", async () => {
    const workout = await create<{ id: string }>(server, editor, "/content/workouts", workoutBody(cat));
    const title = unique("Marathon");
    const plan = await create<Plan>(server, editor, "/content/training-plans", planBody(cat, { title, weeks: [{ days: [{ activities: [{ type: "workouts", id: workout.id }] }] }] }));
    expectResponse(await call(server, "DELETE", `/content/workouts/${workout.id}`, { token: editor }), 409, {
      code: "409",
      message: `this workout is still used by training plan ${plan.id} (${title}); remove those references first`,
    });
    ok(await call(server, "GET", `/content/workouts/${workout.id}`, { token: editor }));
    ok(await call(server, "PATCH", `/content/training-plans/${plan.id}`, { token: editor, body: { weeks: [] } }));
    ok(await call(server, "DELETE", `/content/workouts/${workout.id}`, { token: editor }), 204);
    expectResponse(await call(server, "GET", `/content/workouts/${workout.id}`, { token: editor }), 404, { code: "404", message: "workout not found" });
  });
});

describe("references to on-demand items", () => {
  it("deleting an on-demand item a plan uses answers 409 naming the plan", async (ctx) => {
    const item = await call<{ id: string }>(server, "POST", "/content/on-demand", { token: editor, body: onDemandBody(cat) });
    if (item.status !== 201) ctx.skip();
    const title = unique("Yoga month");
    const plan = await create<Plan>(server, editor, "/content/training-plans", planBody(cat, { title, weeks: [{ days: [{ activities: [{ type: "on-demand", id: item.body.id }] }] }] }));
    expectResponse(await call(server, "DELETE", `/content/on-demand/${item.body.id}`, { token: editor }), 409, {
      code: "409",
      message: `this on-demand item is still used by training plan ${plan.id} (${title}); remove those references first`,
    });
  });
});

describe("the training-plan parameter of GET /content/workouts/{id}", () => {
  let plan: Plan;
  let otherPlan: Plan;
  let betaPlan: string;

  beforeAll(async () => {
    plan = await create<Plan>(server, editor, "/content/training-plans", planBody(cat, { weeks: [{ days: [{ activities: [run()] }, { activities: [{ type: "workouts", id: workoutA }] }] }] }));
    otherPlan = await create<Plan>(server, editor, "/content/training-plans", planBody(cat, { weeks: [{ days: [{ activities: [{ type: "workouts", id: workoutB }] }] }] }));
    const beta = (await loginAs(server, "betaAdmin")).token;
    betaPlan = (await create<Plan>(server, beta, "/content/training-plans", { ...planBody(cat), image: UPLOADS.betaImage.id, goals: [], types: [] })).id;
  });

  it("answers the workout through a plan it belongs to (200)", async () => {
    const direct = await read<Json>(server, editor, `/content/workouts/${workoutA}`);
    const response = await call<Json>(server, "GET", `/content/workouts/${workoutA}?training-plan=${plan.id}`, { token: editor });
    expect(ok(response)).toEqual(direct);
    expect(etagVersion(response.headers.get("etag"))).toBe(`"${workoutA}.1"`);
  });

  it.each([
    ["a plan it does not belong to", () => otherPlan.id],
    ["another organization's plan", () => betaPlan],
    ["a plan that does not exist", () => MISSING_UUID],
  ])("answers 404 through %s", async (_name, planId) => {
    const response = await call(server, "GET", `/content/workouts/${workoutA}?training-plan=${planId()}`, { token: editor });
    expectResponse(response, 404, { code: "404", message: `not found in training plan ${planId()}` });
  });

  it("answers 422 for a training-plan that is no uuid", async () => {
    const response = await call(server, "GET", `/content/workouts/${workoutA}?training-plan=first-5k`, { token: editor });
    expectResponse(response, 422, fieldError(422, "/training-plan", "must be a uuid"));
  });
});

describe("list filters and order", () => {
  // The records of this block carry packages[1], which nothing else in this file uses.
  const scope = () => `filter[where][content_packages][eq]=${cat.packages[1]}`;
  const ids = {} as Record<"p1" | "p2" | "p3", string>;
  const names = (...keys: (keyof typeof ids)[]) => sorted(keys.map((key) => ids[key]));
  const query = async (filter: string) => sorted(idsOf(await list(server, editor, "/content/training-plans", `${scope()}&${filter}`)) as string[]);

  beforeAll(async () => {
    const [g1, g2] = cat.goals;
    const [c1, c2] = cat.categories;
    const make = async (overrides: Json) => (await create<Plan>(server, editor, "/content/training-plans", planBody(cat, { content_packages: [cat.packages[1]], ...overrides }))).id;
    ids.p1 = await make({ weeks: weeksWithActiveDays([1]), goals: [g1], locations: ["home"], level: "beginner", types: [c1] });
    ids.p2 = await make({ weeks: weeksWithActiveDays([2, 2]), goals: [g2], locations: ["club", "home"], level: "intermediate", types: [c2] });
    ids.p3 = await make({ weeks: weeksWithActiveDays([3, 0, 3, 3]), goals: [g1, g2], locations: ["outdoor"], level: "advanced", types: [c1, c2] });
  });

  it("derives the totals the filters look at", async () => {
    const page = await list<Plan>(server, editor, "/content/training-plans", `${scope()}&filter[order][created]=asc`);
    expect(page.data.map((plan) => [plan.weeks_total, plan.days_total, plan.max_days_per_week])).toEqual([
      [1, 1, 1],
      [2, 4, 2],
      [4, 9, 3],
    ]);
  });

  type Key = keyof typeof ids;
  const FILTERS: [string, () => string, Key[]][] = [
    ["days_total[gte]=4", () => "filter[where][days_total][gte]=4", ["p2", "p3"]],
    ["days_total[gte]=5", () => "filter[where][days_total][gte]=5", ["p3"]],
    ["weeks_total[gte]=2", () => "filter[where][weeks_total][gte]=2", ["p2", "p3"]],
    ["weeks_total[gte]=4", () => "filter[where][weeks_total][gte]=4", ["p3"]],
    ["max_days_per_week[eq]=2", () => "filter[where][max_days_per_week][eq]=2", ["p2"]],
    ["max_days_per_week[gte]=2", () => "filter[where][max_days_per_week][gte]=2", ["p2", "p3"]],
    ["max_days_per_week[lte]=2", () => "filter[where][max_days_per_week][lte]=2", ["p1", "p2"]],
    ["goals[in]", () => `filter[where][goals][in]=${cat.goals[1]},${cat.goals[2]}`, ["p2", "p3"]],
    ["goals[eq]", () => `filter[where][goals][eq]=${cat.goals[0]}`, ["p1", "p3"]],
    ["locations[eq]=home", () => "filter[where][locations][eq]=home", ["p1", "p2"]],
    ["level[eq]=advanced", () => "filter[where][level][eq]=advanced", ["p3"]],
    ["types[in]", () => `filter[where][types][in]=${cat.categories[1]}`, ["p2", "p3"]],
    ["gte and lte together", () => "filter[where][max_days_per_week][gte]=2&filter[where][max_days_per_week][lte]=2", ["p2"]],
    ["id[in] (the plans a calendar of schedules names, in one request)", () => `filter[where][id][in]=${ids.p1},${ids.p3}`, ["p1", "p3"]],
    ["id (bare eq)", () => `filter[where][id]=${ids.p2}`, ["p2"]],
  ];
  it.each(FILTERS)("%s", async (_name, filter, expected) => {
    expect(await query(filter())).toEqual(names(...expected));
  });

  it("orders by `created` ascending and descending", async () => {
    expect(idsOf(await list(server, editor, "/content/training-plans", `${scope()}&filter[order][created]=asc`))).toEqual([ids.p1, ids.p2, ids.p3]);
    expect(idsOf(await list(server, editor, "/content/training-plans", `${scope()}&filter[order][created]=desc`))).toEqual([ids.p3, ids.p2, ids.p1]);
  });

  it.each([
    ["days_total[gte]=many", "filter[where][days_total][gte]=many", "filter[where][days_total][gte]", "'many' is not a 32-bit integer"],
    ["max_days_per_week[in]", "filter[where][max_days_per_week][in]=1,2", "filter[where][max_days_per_week][in]", "operator 'in' is not allowed on 'max_days_per_week'; allowed: eq, gte, lte"],
    ["order[creatd]", "filter[order][creatd]=asc", "filter[order][creatd]", "unknown sort field 'creatd'; did you mean 'created'?"],
    ["order[weeks]", "filter[order][weeks]=asc", "filter[order][weeks]", "unknown sort field 'weeks'; allowed: created, updated, title, published"],
  ])("answers 400 naming the parameter for %s", async (_name, filter, parameter, message) => {
    const response = await call(server, "GET", `/content/training-plans?${filter}`, { token: editor });
    expectResponse(response, 400, { code: "400", message: `Invalid ${parameter}: ${message}`, details: [{ path: parameter, message }] });
  });
});
