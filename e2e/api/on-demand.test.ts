import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/lib/db/client";
import * as schema from "@/lib/db/schema";
import { call, etagVersion, loginAs } from "../support/api";
import { UPLOADS } from "../support/fixtures";
import { prepareDatabase, startTestServer, type TestServer } from "../support/server";

/**
 * The on-demand collection (docs/api.md "Content (lookups, exercises, equipment, instructors, workouts, training plans, on-demand)"): virtual classes and audio workouts. A catalogue
 * of six items that differ in every filterable field proves each filter operator returns exactly the
 * matching items. Publishing has no endpoint yet, so statuses for the status filter and the mobile
 * visibility checks are written into the database while the server is stopped.
 */

type Json = Record<string, unknown>;
type Preview = Json & { id: string; title: string };
type ListBody = { total: number; data: Preview[] };
type ErrorBody = { code: string; message: string; details?: { path: string; message: string }[] };

const PREVIEW_FIELDS = [
  "id",
  "title",
  "type",
  "duration",
  "level",
  "goals",
  "content_provider",
  "categories",
  "equipment",
  "instructor_id",
  "content_packages",
  "translation_status",
  "languages",
  "status",
  "created_at",
  "updated_at",
  "published_at",
].sort();
const FULL_FIELDS = [...PREVIEW_FIELDS, "description", "slug", "video", "image"].sort();
const STALE = { code: "412", message: "the record has changed since it was read: reload it, or send its current ETag in If-Match" };

let prepared: Awaited<ReturnType<typeof prepareDatabase>>;
let server: TestServer;
let admin: string;
let betaAdmin: string;
let mobile: string;

const ids = {
  goals: [] as number[],
  categories: [] as string[],
  provider: 0,
  equipment: [] as number[],
  instructors: [] as string[],
  packages: [] as string[],
};
/** Catalogue item name → id. */
const item: Record<string, string> = {};

async function create(token: string, path: string, body: Json): Promise<Json> {
  const response = await call(server, "POST", path, { token, body });
  if (response.status !== 201) throw new Error(`POST ${path}: ${response.status} ${JSON.stringify(response.body)}\n${server.output().slice(-4000)}`);
  return response.body;
}

function baseBody(overrides: Json = {}): Json {
  return {
    type: "virtual-class",
    title: "Untitled class",
    video: UPLOADS.alphaVideo.id,
    image: UPLOADS.alphaImage.id,
    duration: "16-30",
    level: "beginner",
    goals: [ids.goals[0]],
    equipment: [],
    categories: [],
    languages: ["en"],
    content_provider: ids.provider,
    ...overrides,
  };
}

async function list(query: string, token = admin, headers: Record<string, string> = {}) {
  const response = await call<ListBody>(server, "GET", `/content/on-demand${query ? `?${query}` : ""}`, { token, headers });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response;
}

/** The catalogue names a filtered list returns, sorted, after checking `total` agrees. */
async function names(where: string): Promise<string[]> {
  const { body } = await list(`${where}&filter[limit]=250`);
  const byId = new Map(Object.entries(item).map(([name, id]) => [id, name]));
  expect(body.total).toBe(body.data.length);
  return body.data.map((preview) => byId.get(preview.id) ?? `other ${preview.id}`).sort();
}

const CATALOGUE = ["Morning Flow", "Run Coach", "Power Yoga", "Sleep Stretch", "HIIT Blast", "Core Basics"] as const;

/** The six catalogue items; built lazily because they need the lookups. */
function catalogueBodies(): Record<(typeof CATALOGUE)[number], Json> {
  const [g1, g2, g3] = ids.goals;
  const [c1, c2, c3] = ids.categories;
  const [e1, e2] = ids.equipment;
  const [i1, i2] = ids.instructors;
  const [k1, k2] = ids.packages;
  return {
    "Morning Flow": baseBody({
      title: { en: "Morning Flow", de: "Morgenfluss" },
      description: { en: "Gentle mobility to wake up", de: "Sanfte Mobilität zum Aufwachen" },
      level: "beginner",
      duration: "0-15",
      categories: [c1],
      equipment: [e1],
      goals: [g1],
      instructor_id: i1,
      content_packages: [k1],
      languages: ["en"],
    }),
    "Run Coach": baseBody({
      type: "audio-workout",
      video: UPLOADS.alphaAudio.id,
      title: "Run Coach",
      description: "Interval running with music",
      level: "intermediate",
      duration: "16-30",
      categories: [c1, c2],
      equipment: [e2],
      goals: [g1, g2],
      instructor_id: i2,
      content_packages: [k1, k2],
      languages: ["en", "de"],
    }),
    "Power Yoga": baseBody({
      title: { en: "Power Yoga", de: "Kraftyoga" },
      description: "A strong flow",
      level: "advanced",
      duration: "31-45",
      categories: [c2],
      equipment: [e1, e2],
      goals: [g2],
      languages: ["de"],
    }),
    "Sleep Stretch": baseBody({
      type: "audio-workout",
      video: UPLOADS.alphaAudio.id,
      title: "Sleep Stretch",
      level: "beginner",
      duration: "46-60",
      categories: [c3],
      equipment: [],
      goals: [g3],
      instructor_id: i1,
      content_packages: [k2],
      languages: ["en", "pt-BR"],
    }),
    "HIIT Blast": baseBody({
      title: "HIIT Blast",
      description: "Short and sharp",
      level: "intermediate",
      duration: "61+",
      categories: [c1, c3],
      equipment: [e2],
      goals: [g1, g3],
      instructor_id: i2,
      content_packages: [k1],
      languages: ["en"],
    }),
    "Core Basics": baseBody({
      title: "Core Basics",
      level: "beginner",
      duration: "16-30",
      categories: [],
      equipment: [e1],
      goals: [],
      languages: ["en"],
    }),
  };
}

function queryCount(response: { headers: Headers }): number {
  const value = response.headers.get("x-query-count");
  expect(value).toMatch(/^\d+$/);
  return Number(value);
}

/** Statements a list runs, measured on a warm organization cache (the second of two calls in a row). */
async function listQueryCount(): Promise<number> {
  await list("filter[limit]=250");
  return queryCount(await list("filter[limit]=250"));
}

beforeAll(async () => {
  prepared = await prepareDatabase();
  server = await startTestServer({ reuse: prepared });
  admin = (await loginAs(server, "alphaAdmin")).token;
  betaAdmin = (await loginAs(server, "betaAdmin")).token;
  mobile = (await loginAs(server, "alphaMember", "mobile")).token;

  for (const name of ["Strength", "Endurance", "Relaxation"]) ids.goals.push((await create(admin, "/content/goals", { name })).id as number);
  for (const name of ["Yoga", "Cardio", "Mindfulness"]) ids.categories.push((await create(admin, "/content/categories", { name })).uuid as string);
  ids.provider = (await create(admin, "/content/providers", { name: "In-house studio" })).id as number;
  const brand = (await create(admin, "/content/equipment/brands", { name: "Acme" })).id as number;
  const category = (await create(admin, "/content/equipment/categories", { name: "Free weights" })).id as number;
  for (const name of ["Yoga mat", "Kettlebell"]) {
    ids.equipment.push((await create(admin, "/content/equipment", { name, brand_id: brand, categories: [category], image: UPLOADS.alphaImage.id })).id as number);
  }
  for (const name of ["Mara Lind", "Jonas Berg"]) ids.instructors.push((await create(admin, "/content/instructors", { name })).id as string);
  for (const name of ["Premium", "Studio"]) ids.packages.push((await create(admin, "/content/packages", { name })).id as string);
});

afterAll(async () => {
  await server?.stop();
  await prepared?.drop();
});

describe("the catalogue", () => {
  it("lists with the same number of statements for 2 items as for 6 (no query per item)", async () => {
    const bodies = catalogueBodies();
    for (const name of CATALOGUE.slice(0, 2)) item[name] = (await create(admin, "/content/on-demand", bodies[name])).id as string;
    const withTwo = await listQueryCount();
    for (const name of CATALOGUE.slice(2)) item[name] = (await create(admin, "/content/on-demand", bodies[name])).id as string;
    const withSix = await listQueryCount();
    expect((await list("")).body.total).toBe(6);
    expect(withSix).toBe(withTwo);
  });

  it("answers previews with exactly the OnDemandPreview fields, texts as plain strings, newest change first", async () => {
    const { body, headers } = await list("lang=de,fr");
    expect(headers.get("content-language")).toBe("en");
    expect(body.total).toBe(6);
    expect(body.data.map((preview) => preview.id)).toEqual([...CATALOGUE].reverse().map((name) => item[name]));
    for (const preview of body.data) expect(Object.keys(preview).sort()).toEqual(PREVIEW_FIELDS);
    const run = body.data.find((preview) => preview.id === item["Run Coach"])!;
    expect(run).toEqual({
      id: item["Run Coach"],
      title: "Run Coach",
      type: "audio-workout",
      duration: "16-30",
      level: "intermediate",
      goals: [ids.goals[0], ids.goals[1]],
      content_provider: ids.provider,
      categories: [ids.categories[0], ids.categories[1]],
      equipment: [ids.equipment[1]],
      instructor_id: ids.instructors[1],
      content_packages: [ids.packages[0], ids.packages[1]],
      translation_status: [
        { locale: "en", status: "full" },
        { locale: "de", status: "none" },
        { locale: "fr", status: "none" },
        { locale: "es", status: "none" },
      ],
      languages: ["en", "de"],
      status: { default: "draft" },
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      published_at: null,
    });
    const yoga = body.data.find((preview) => preview.id === item["Power Yoga"])!;
    expect(yoga.title).toBe("Power Yoga");
    expect(yoga.instructor_id).toBeNull();
    expect(yoga.content_packages).toEqual([]);
    const flow = body.data.find((preview) => preview.id === item["Morning Flow"])!;
    expect(flow.translation_status).toEqual([
      { locale: "en", status: "full" },
      { locale: "de", status: "full" },
      { locale: "fr", status: "none" },
      { locale: "es", status: "none" },
    ]);
  });

  it("lists in the Accept-Language language, falling back to the default language", async () => {
    const { body, headers } = await list("filter[order][created]=asc", admin, { "Accept-Language": "de-CH, de;q=0.9, en;q=0.5" });
    expect(headers.get("content-language")).toBe("de");
    expect(body.data.map((preview) => preview.title)).toEqual(["Morgenfluss", "Run Coach", "Kraftyoga", "Sleep Stretch", "HIIT Blast", "Core Basics"]);
  });

  const cases: [string, () => string, string[]][] = [
    ["level[eq]", () => "filter[where][level][eq]=beginner", ["Core Basics", "Morning Flow", "Sleep Stretch"]],
    ["level (bare)", () => "filter[where][level]=advanced", ["Power Yoga"]],
    ["level[in]", () => "filter[where][level][in]=intermediate,advanced", ["HIIT Blast", "Power Yoga", "Run Coach"]],
    ["duration[eq]", () => "filter[where][duration][eq]=16-30", ["Core Basics", "Run Coach"]],
    ["duration[in]", () => "filter[where][duration][in]=0-15,61%2B", ["HIIT Blast", "Morning Flow"]],
    ["categories[eq]", () => `filter[where][categories][eq]=${ids.categories[0]}`, ["HIIT Blast", "Morning Flow", "Run Coach"]],
    ["categories (bare)", () => `filter[where][categories]=${ids.categories[2]}`, ["HIIT Blast", "Sleep Stretch"]],
    ["categories[in]", () => `filter[where][categories][in]=${ids.categories[1]},${ids.categories[2]}`, ["HIIT Blast", "Power Yoga", "Run Coach", "Sleep Stretch"]],
    ["categories[and]", () => `filter[where][categories][and]=${ids.categories[0]},${ids.categories[2]}`, ["HIIT Blast"]],
    ["category[eq]", () => `filter[where][category][eq]=${ids.categories[1]}`, ["Power Yoga", "Run Coach"]],
    ["title[contains]", () => "filter[where][title][contains]=YOGA", ["Power Yoga"]],
    ["title[contains] reads every language", () => "filter[where][title][contains]=fluss", ["Morning Flow"]],
    ["title[contains] ignores the description", () => "filter[where][title][contains]=running", []],
    ["title[contains] takes % literally", () => "filter[where][title][contains]=%25", []],
    ["equipment[eq]", () => `filter[where][equipment][eq]=${ids.equipment[1]}`, ["HIIT Blast", "Power Yoga", "Run Coach"]],
    ["equipment[in]", () => `filter[where][equipment][in]=${ids.equipment[0]},${ids.equipment[1]}`, ["Core Basics", "HIIT Blast", "Morning Flow", "Power Yoga", "Run Coach"]],
    ["equipment[and]", () => `filter[where][equipment][and]=${ids.equipment[0]},${ids.equipment[1]}`, ["Power Yoga"]],
    ["instructor[eq]", () => `filter[where][instructor][eq]=${ids.instructors[0]}`, ["Morning Flow", "Sleep Stretch"]],
    ["instructor[in]", () => `filter[where][instructor][in]=${ids.instructors[0]},${ids.instructors[1]}`, ["HIIT Blast", "Morning Flow", "Run Coach", "Sleep Stretch"]],
    ["content_packages[eq]", () => `filter[where][content_packages][eq]=${ids.packages[0]}`, ["HIIT Blast", "Morning Flow", "Run Coach"]],
    ["content_packages[in]", () => `filter[where][content_packages][in]=${ids.packages[0]},${ids.packages[1]}`, ["HIIT Blast", "Morning Flow", "Run Coach", "Sleep Stretch"]],
    ["content_packages[and]", () => `filter[where][content_packages][and]=${ids.packages[0]},${ids.packages[1]}`, ["Run Coach"]],
    ["type[eq]", () => "filter[where][type][eq]=audio-workout", ["Run Coach", "Sleep Stretch"]],
    ["type (bare)", () => "filter[where][type]=virtual-class", ["Core Basics", "HIIT Blast", "Morning Flow", "Power Yoga"]],
    ["goals[eq]", () => `filter[where][goals][eq]=${ids.goals[0]}`, ["HIIT Blast", "Morning Flow", "Run Coach"]],
    ["goals[in]", () => `filter[where][goals][in]=${ids.goals[1]},${ids.goals[2]}`, ["HIIT Blast", "Power Yoga", "Run Coach", "Sleep Stretch"]],
    ["goals[and]", () => `filter[where][goals][and]=${ids.goals[0]},${ids.goals[2]}`, ["HIIT Blast"]],
    ["q on the title", () => "filter[where][q]=blast", ["HIIT Blast"]],
    ["q on the description", () => "filter[where][q]=running", ["Run Coach"]],
    ["q on a translation", () => "filter[where][q]=aufwachen", ["Morning Flow"]],
    ["q on title and description together", () => "filter[where][q]=flow", ["Morning Flow", "Power Yoga"]],
    ["q on the instructor's name", () => "filter[where][q]=mara", ["Morning Flow", "Sleep Stretch"]],
    ["q[contains]", () => "filter[where][q][contains]=STRETCH", ["Sleep Stretch"]],
    ["status (bare, all drafts)", () => "filter[where][status]=draft", [...CATALOGUE].sort()],
    ["status=published before publishing", () => "filter[where][status]=published", []],
    ["id[in] (the items a training plan names, in one request)", () => `filter[where][id][in]=${item["Run Coach"]},${item["Core Basics"]}`, ["Core Basics", "Run Coach"]],
    ["id (bare eq)", () => `filter[where][id]=${item["Power Yoga"]}`, ["Power Yoga"]],
    [
      "filters combine with AND",
      () => `filter[where][level][eq]=beginner&filter[where][equipment][eq]=${ids.equipment[0]}&filter[where][type][eq]=virtual-class`,
      ["Core Basics", "Morning Flow"],
    ],
  ];
  it.each(cases)("filters by %s", async (_name, where, expected) => {
    expect(await names(where())).toEqual([...expected].sort());
  });

  it("refuses unknown filter fields, operators and values with 400", async () => {
    for (const query of [
      "filter[where][instructor_id][eq]=x",
      "filter[where][level][and]=beginner",
      "filter[where][duration][eq]=10-20",
      "filter[where][categories][eq]=1",
      "filter[where][status]=live",
      "filter[order][name]=asc",
    ]) {
      const response = await call<ErrorBody>(server, "GET", `/content/on-demand?${query}`, { token: admin });
      expect(response.status, query).toBe(400);
      expect(response.body.code).toBe("400");
    }
  });

  it("orders by title (default language), created and published, with the id as tie-breaker", async () => {
    const titles = async (order: string) => (await list(`${order}&filter[limit]=250`)).body.data.map((preview) => preview.title);
    expect(await titles("filter[order][title]=asc")).toEqual(["Core Basics", "HIIT Blast", "Morning Flow", "Power Yoga", "Run Coach", "Sleep Stretch"]);
    expect(await titles("filter[order][title]=desc")).toEqual(["Sleep Stretch", "Run Coach", "Power Yoga", "Morning Flow", "HIIT Blast", "Core Basics"]);
    // German titles (Kraftyoga, Morgenfluss) do not change the order: it is the default-language title.
    const german = await list("filter[order][title]=asc", admin, { "Accept-Language": "de" });
    expect(german.body.data.map((preview) => preview.id)).toEqual(["Core Basics", "HIIT Blast", "Morning Flow", "Power Yoga", "Run Coach", "Sleep Stretch"].map((name) => item[name]));
    expect(await titles("filter[order][created]=asc")).toEqual([...CATALOGUE]);
    expect(await titles("filter[order][created]=desc")).toEqual([...CATALOGUE].reverse());

    // Nothing is published yet: every item ties on `published`, so the id decides, in the same direction.
    const sortedIds = Object.values(item).sort();
    const byPublished = async (direction: string) => (await list(`filter[order][published]=${direction}`)).body.data.map((preview) => preview.id);
    expect(await byPublished("asc")).toEqual(sortedIds);
    expect(await byPublished("desc")).toEqual([...sortedIds].reverse());

    // Pages of a tied order neither overlap nor skip.
    const pages: string[] = [];
    for (const offset of [0, 2, 4]) {
      const page = await list(`filter[order][published]=asc&filter[limit]=2&filter[offset]=${offset}`);
      expect(page.body.total).toBe(6);
      pages.push(...page.body.data.map((preview) => preview.id));
    }
    expect(pages).toEqual(sortedIds);
  });

  it("shows a mobile token nothing while every item is a draft", async () => {
    const listed = await list("", mobile);
    expect(listed.body).toEqual({ total: 0, data: [] });
    const got = await call<ErrorBody>(server, "GET", `/content/on-demand/${item["Morning Flow"]}`, { token: mobile });
    expect(got.status).toBe(404);
    expect(got.body).toEqual({ code: "404", message: "on-demand item not found" });
    // The platform token of the same organization sees it.
    expect((await call(server, "GET", `/content/on-demand/${item["Morning Flow"]}`, { token: admin })).status).toBe(200);
  });

  it("refuses writes with a mobile token", async () => {
    const response = await call<ErrorBody>(server, "POST", "/content/on-demand", { token: mobile, body: baseBody() });
    expect(response.status).toBe(403);
  });
});

describe("status, visibility and training plans (statuses written into the database)", () => {
  let planId: string;
  const published = { flow: new Date("2025-01-10T08:00:00.000Z"), run: new Date("2025-03-05T08:00:00.000Z"), yoga: new Date("2025-02-01T08:00:00.000Z") };

  beforeAll(async () => {
    await server.stop();
    const database = await openDatabase({ dataDir: prepared.dataDir, DATABASE_URL: prepared.databaseUrl, DATABASE_POOL_MAX: 1 });
    try {
      const od = schema.onDemand;
      await database.db.update(od).set({ status: { default: "published" }, publishedAt: published.flow }).where(eq(od.id, item["Morning Flow"]!));
      await database.db.update(od).set({ status: { default: "published", de: "draft" }, publishedAt: published.run }).where(eq(od.id, item["Run Coach"]!));
      await database.db.update(od).set({ status: { default: "draft", de: "published" }, publishedAt: published.yoga }).where(eq(od.id, item["Power Yoga"]!));
      const [alpha] = await database.db.select().from(schema.organizations).where(eq(schema.organizations.code, "alpha"));
      const [plan] = await database.db
        .insert(schema.trainingPlans)
        .values({ organizationId: alpha!.id, title: { en: "Four weeks of calm" }, slug: "four-weeks-of-calm", level: "beginner", onDemandIds: [item["Sleep Stretch"]!] })
        .returning();
      planId = plan!.id;
    } finally {
      await database.close();
    }
    server = await startTestServer({ reuse: prepared });
  });

  const cases: [string, string, string[]][] = [
    ["a bare `published` (= default:published)", "filter[where][status]=published", ["Morning Flow", "Run Coach"]],
    ["a language entry", "filter[where][status]=de:published", ["Power Yoga"]],
    ["the default language's code (= default)", "filter[where][status][eq]=en:published", ["Morning Flow", "Run Coach"]],
    ["any of several entries", "filter[where][status]=de:draft,de:published", ["Power Yoga", "Run Coach"]],
    ["any of several entries, [in]", "filter[where][status][in]=default:published,de:published", ["Morning Flow", "Power Yoga", "Run Coach"]],
    ["all entries, [and]", "filter[where][status][and]=default:published,de:draft", ["Run Coach"]],
    ["drafts", "filter[where][status]=default:draft", ["Core Basics", "HIIT Blast", "Power Yoga", "Sleep Stretch"]],
  ];
  it.each(cases)("filters by status: %s", async (_name, where, expected) => {
    expect(await names(where)).toEqual([...expected].sort());
  });

  it("orders by first publication, never-published items as the earliest", async () => {
    const drafts = ["Core Basics", "HIIT Blast", "Sleep Stretch"].map((name) => item[name]!).sort();
    const desc = (await list("filter[order][published]=desc")).body.data.map((preview) => preview.id);
    expect(desc).toEqual([item["Run Coach"], item["Power Yoga"], item["Morning Flow"], ...[...drafts].reverse()]);
    const asc = (await list("filter[order][published]=asc")).body.data.map((preview) => preview.id);
    expect(asc).toEqual([...drafts, item["Morning Flow"], item["Power Yoga"], item["Run Coach"]]);
    const flow = await call<Json>(server, "GET", `/content/on-demand/${item["Morning Flow"]}`, { token: admin });
    expect(flow.body.published_at).toBe(published.flow.toISOString());
    expect(flow.body.status).toEqual({ default: "published" });
  });

  it("shows a mobile token what is published in its language, or in default where the language has no entry", async () => {
    const visible = async (language: string) => {
      const { body } = await list("filter[order][title]=asc", mobile, { "Accept-Language": language });
      expect(body.total).toBe(body.data.length);
      return body.data.map((preview) => preview.id);
    };
    expect(await visible("en")).toEqual([item["Morning Flow"], item["Run Coach"]]);
    expect(await visible("de")).toEqual([item["Morning Flow"], item["Power Yoga"]]);
    const hidden = await call(server, "GET", `/content/on-demand/${item["Run Coach"]}`, { token: mobile, headers: { "Accept-Language": "de" } });
    expect(hidden.status).toBe(404);
    const shown = await call<Json>(server, "GET", `/content/on-demand/${item["Power Yoga"]}`, { token: mobile, headers: { "Accept-Language": "de" } });
    expect(shown.status).toBe(200);
    expect(shown.body.title).toBe("Kraftyoga");
  });

  it("opens an item through the training plan it belongs to, and 404 through another plan", async () => {
    const through = await call<Json>(server, "GET", `/content/on-demand/${item["Sleep Stretch"]}?training-plan=${planId}`, { token: admin });
    expect(through.status).toBe(200);
    expect(through.body.id).toBe(item["Sleep Stretch"]);
    const notInPlan = await call(server, "GET", `/content/on-demand/${item["Morning Flow"]}?training-plan=${planId}`, { token: admin });
    expect(notInPlan.status).toBe(404);
    const unknownPlan = await call(server, "GET", `/content/on-demand/${item["Sleep Stretch"]}?training-plan=${randomUUID()}`, { token: admin });
    expect(unknownPlan.status).toBe(404);
    const badPlan = await call(server, "GET", `/content/on-demand/${item["Sleep Stretch"]}?training-plan=nope`, { token: admin });
    expect(badPlan.status).toBe(422);
  });

  it("refuses to delete an item a training plan uses (409 naming the plan)", async () => {
    const response = await call<ErrorBody>(server, "DELETE", `/content/on-demand/${item["Sleep Stretch"]}`, { token: admin });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      code: "409",
      message: `this on-demand item is still used by training plan ${planId} (Four weeks of calm); remove those references first`,
    });
  });
});

describe("create", () => {
  it("creates a virtual class: 201 with Location, ETag and the full record", async () => {
    const response = await call<Json>(server, "POST", "/content/on-demand", {
      token: admin,
      body: baseBody({
        title: { default: "Evening Unwind", de: "Abendentspannung" },
        description: "Slow stretches before bed",
        slug: null,
        instructor_id: ids.instructors[0],
        content_packages: [ids.packages[1]],
        duration: "31-45",
        level: "intermediate",
        goals: [ids.goals[2]],
        equipment: [ids.equipment[0]],
        categories: [ids.categories[2]],
        languages: ["en", "de", "pt-BR"],
      }),
    });
    expect(response.status).toBe(201);
    const id = response.body.id as string;
    expect(response.headers.get("location")).toBe(`/api/v3/content/on-demand/${id}`);
    expect(etagVersion(response.headers.get("etag"))).toBe(`"${id}.1"`);
    expect(Object.keys(response.body).sort()).toEqual(FULL_FIELDS);
    expect(response.body).toMatchObject({
      type: "virtual-class",
      title: "Evening Unwind",
      description: "Slow stretches before bed",
      slug: "evening-unwind",
      instructor_id: ids.instructors[0],
      content_packages: [ids.packages[1]],
      duration: "31-45",
      level: "intermediate",
      goals: [ids.goals[2]],
      equipment: [ids.equipment[0]],
      categories: [ids.categories[2]],
      languages: ["en", "de", "pt-BR"],
      content_provider: ids.provider,
      status: { default: "draft" },
      published_at: null,
      translation_status: [
        { locale: "en", status: "full" },
        { locale: "de", status: "partial" },
        { locale: "fr", status: "none" },
        { locale: "es", status: "none" },
      ],
    });
    expect(response.body.video).toMatchObject({ id: UPLOADS.alphaVideo.id, name: "demo.mp4", mime: "video/mp4", url: expect.stringContaining("/uploads/") });
    expect(response.body.image).toMatchObject({ id: UPLOADS.alphaImage.id, mime: "image/png" });

    const got = await call<Json>(server, "GET", `/content/on-demand/${id}`, { token: admin });
    expect(got.status).toBe(200);
    expect(etagVersion(got.headers.get("etag"))).toBe(`"${id}.1"`);
    expect(got.body).toEqual(response.body);
  });

  it("creates an audio workout with an audio upload; optional fields default to none", async () => {
    const response = await call<Json>(server, "POST", "/content/on-demand", {
      token: admin,
      body: baseBody({ type: "audio-workout", title: "Breathing Break", video: { id: UPLOADS.alphaAudio.id } }),
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ type: "audio-workout", description: "", instructor_id: null, content_packages: [], slug: "breathing-break" });
    expect(response.body.video).toMatchObject({ id: UPLOADS.alphaAudio.id, mime: "audio/mpeg" });
  });

  const missing: [string, string][] = [
    ["video", "/video"],
    ["image", "/image"],
    ["type", "/type"],
    ["title", "/title"],
    ["duration", "/duration"],
    ["level", "/level"],
    ["goals", "/goals"],
    ["equipment", "/equipment"],
    ["categories", "/categories"],
    ["languages", "/languages"],
    ["content_provider", "/content_provider"],
  ];
  it.each(missing)("answers 400 when %s is missing", async (field, path) => {
    const body = baseBody();
    delete body[field];
    const response = await call<ErrorBody>(server, "POST", "/content/on-demand", { token: admin, body });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code: "400", message: `${path}: is required`, details: [{ path, message: "is required" }] });
  });

  const invalid: [string, Json, string, string | RegExp][] = [
    ["an image as the video", { video: UPLOADS.alphaImage.id }, "/video", "must be a video upload (image/png)"],
    ["audio as a virtual class's video", { video: UPLOADS.alphaAudio.id }, "/video", "must be a video upload (audio/mpeg)"],
    ["an image as an audio workout's media", { type: "audio-workout", video: UPLOADS.alphaImage.id }, "/video", "must be a video or audio upload (image/png)"],
    ["a video as the image", { image: UPLOADS.alphaVideo.id }, "/image", "must be an image upload (video/mp4)"],
    ["another organization's upload", { image: UPLOADS.betaImage.id }, "/image", `unknown upload ${UPLOADS.betaImage.id}`],
    ["an unknown type", { type: "podcast" }, "/type", /virtual-class/],
    ["an unknown duration", { duration: "10-20" }, "/duration", /0-15/],
    ["a malformed language", { languages: ["en", "english"] }, "/languages/1", "must be a language code such as en or pt-BR"],
    ["a repeated language", { languages: ["en", "en"] }, "/languages", "must not repeat a language"],
    ["a category int id instead of its uuid", { categories: [1] }, "/categories/0", /uuid/],
    ["a text without the default language", { title: { de: "Nur Deutsch" } }, "/title", "a value in the default language (en) is required"],
    ["a bad slug", { slug: "Not A Slug" }, "/slug", /lowercase/],
  ];
  it.each(invalid)("answers 422 for %s", async (_name, overrides, path, message) => {
    const response = await call<ErrorBody>(server, "POST", "/content/on-demand", { token: admin, body: baseBody(overrides) });
    expect(response.status, JSON.stringify(response.body)).toBe(422);
    expect(response.body.code).toBe("422");
    expect(response.body.details).toEqual([{ path, message: typeof message === "string" ? message : expect.stringMatching(message) }]);
  });

  it("answers 422 naming every unknown reference with its JSON Pointer", async () => {
    const [unknownCategory, unknownPackage, unknownInstructor] = [randomUUID(), randomUUID(), randomUUID()];
    const response = await call<ErrorBody>(server, "POST", "/content/on-demand", {
      token: admin,
      body: baseBody({
        goals: [ids.goals[0], 999_001],
        equipment: [999_002],
        categories: [ids.categories[0], unknownCategory],
        content_packages: [unknownPackage],
        instructor_id: unknownInstructor,
        content_provider: 999_003,
      }),
    });
    expect(response.status).toBe(422);
    expect(response.body.details).toEqual(
      expect.arrayContaining([
        { path: "/goals/1", message: "unknown fitness goal 999001" },
        { path: "/equipment/0", message: "unknown equipment 999002" },
        { path: "/categories/1", message: `unknown content category ${unknownCategory}` },
        { path: "/content_packages/0", message: `unknown content package ${unknownPackage}` },
        { path: "/instructor_id", message: `unknown instructor ${unknownInstructor}` },
        { path: "/content_provider", message: "unknown content provider 999003" },
      ]),
    );
    expect(response.body.details).toHaveLength(6);
    expect(response.body.message).toMatch(/\(and 5 more\)$/);
  });

  it("treats another organization's lookups as unknown", async () => {
    const betaGoal = (await create(betaAdmin, "/content/goals", { name: "Beta goal" })).id as number;
    const response = await call<ErrorBody>(server, "POST", "/content/on-demand", { token: admin, body: baseBody({ goals: [betaGoal] }) });
    expect(response.status).toBe(422);
    expect(response.body.details).toEqual([{ path: "/goals/0", message: `unknown fitness goal ${betaGoal}` }]);
  });

  it("answers 409 for a taken slug", async () => {
    const first = await call<Json>(server, "POST", "/content/on-demand", { token: admin, body: baseBody({ title: "Slug Owner", slug: "taken-slug" }) });
    expect(first.status).toBe(201);
    const second = await call<ErrorBody>(server, "POST", "/content/on-demand", { token: admin, body: baseBody({ title: "Slug Thief", slug: "taken-slug" }) });
    expect(second.status).toBe(409);
  });
});

describe("one record: languages, replace, patch, delete", () => {
  let id: string;
  let etag: string;

  beforeAll(async () => {
    const response = await call<Json>(server, "POST", "/content/on-demand", {
      token: admin,
      body: baseBody({
        title: { en: "Lunch Pilates", de: "Mittagspilates" },
        description: { en: "Core work for the lunch break" },
        instructor_id: ids.instructors[1],
      }),
    });
    expect(response.status).toBe(201);
    id = response.body.id as string;
    etag = response.headers.get("etag")!;
  });

  it("answers MultiLangString objects for lang=de,fr on get, with default and empty strings for missing translations", async () => {
    const response = await call<Json>(server, "GET", `/content/on-demand/${id}?lang=de,fr`, { token: admin });
    expect(response.status).toBe(200);
    expect(response.body.title).toEqual({ default: "Lunch Pilates", de: "Mittagspilates", fr: "" });
    expect(response.body.description).toEqual({ default: "Core work for the lunch break", de: "", fr: "" });
    const listed = await list("lang=de,fr&filter[where][title][contains]=pilates");
    expect(listed.body.data.map((preview) => preview.title)).toEqual(["Lunch Pilates"]);
  });

  it("answers in the Accept-Language language with fallback to the default for missing translations", async () => {
    const response = await call<Json>(server, "GET", `/content/on-demand/${id}`, { token: admin, headers: { "Accept-Language": "de" } });
    expect(response.headers.get("content-language")).toBe("de");
    expect(response.body.title).toBe("Mittagspilates");
    expect(response.body.description).toBe("Core work for the lunch break");
    const french = await call<Json>(server, "GET", `/content/on-demand/${id}`, { token: admin, headers: { "Accept-Language": "fr" } });
    expect(french.body.title).toBe("Lunch Pilates");
  });

  it("patches with If-Match and answers 412 with the old ETag", async () => {
    const patched = await call<Json>(server, "PATCH", `/content/on-demand/${id}`, {
      token: admin,
      body: { title: { fr: "Pilates du midi" }, level: "advanced", instructor_id: null },
      headers: { "If-Match": etag },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(etagVersion(patched.headers.get("etag"))).toBe(`"${id}.2"`);
    expect(patched.body).toMatchObject({ title: "Lunch Pilates", level: "advanced", instructor_id: null, duration: "16-30" });
    const stale = await call<ErrorBody>(server, "PATCH", `/content/on-demand/${id}`, { token: admin, body: { level: "beginner" }, headers: { "If-Match": etag } });
    expect(stale.status).toBe(412);
    expect(stale.body).toEqual(STALE);
    etag = patched.headers.get("etag")!;

    const all = await call<Json>(server, "GET", `/content/on-demand/${id}?lang=de,fr`, { token: admin });
    expect(all.body.title).toEqual({ default: "Lunch Pilates", de: "Mittagspilates", fr: "Pilates du midi" });
    expect(all.body.level).toBe("advanced");
  });

  it("patches a plain-string text in the Content-Language language", async () => {
    const response = await call<Json>(server, "PATCH", `/content/on-demand/${id}?lang=de`, {
      token: admin,
      body: { description: "Rumpftraining für die Mittagspause" },
      headers: { "If-Match": etag, "Content-Language": "de" },
    });
    expect(response.status).toBe(200);
    expect(response.body.description).toEqual({ default: "Core work for the lunch break", de: "Rumpftraining für die Mittagspause" });
    etag = response.headers.get("etag")!;
  });

  it("validates the merged record on PATCH (422 invalid, 400 for a removed required field)", async () => {
    const invalid = await call<ErrorBody>(server, "PATCH", `/content/on-demand/${id}`, { token: admin, body: { video: UPLOADS.alphaImage.id } });
    expect(invalid.status).toBe(422);
    expect(invalid.body.details).toEqual([{ path: "/video", message: "must be a video upload (image/png)" }]);
    const removed = await call<ErrorBody>(server, "PATCH", `/content/on-demand/${id}`, { token: admin, body: { video: null } });
    expect(removed.status).toBe(400);
    expect(removed.body.details).toEqual([{ path: "/video", message: "is required" }]);
    const unchanged = await call(server, "GET", `/content/on-demand/${id}`, { token: admin });
    expect(etagVersion(unchanged.headers.get("etag"))).toBe(etagVersion(etag));
  });

  it("replaces with If-Match, answering 412 for a stale one", async () => {
    const body = baseBody({ type: "audio-workout", title: "Lunch Pilates (audio)", video: UPLOADS.alphaAudio.id, languages: ["de"] });
    const stale = await call<ErrorBody>(server, "PUT", `/content/on-demand/${id}`, { token: admin, body, headers: { "If-Match": `"${id}.1"` } });
    expect(stale.status).toBe(412);
    expect(stale.body).toEqual(STALE);
    const replaced = await call<Json>(server, "PUT", `/content/on-demand/${id}?lang=de,fr`, { token: admin, body, headers: { "If-Match": etag } });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    const version = Number(etagVersion(etag).split(".")[1]!.slice(0, -1));
    expect(etagVersion(replaced.headers.get("etag"))).toBe(`"${id}.${version + 1}"`);
    // A plain string sets its language and keeps the other translations; an absent text is emptied;
    // an absent slug is generated again from the new title.
    expect(replaced.body).toMatchObject({
      type: "audio-workout",
      title: { default: "Lunch Pilates (audio)", de: "Mittagspilates", fr: "Pilates du midi" },
      description: { default: "", de: "", fr: "" },
      languages: ["de"],
      instructor_id: null,
      slug: "lunch-pilates-audio",
      status: { default: "draft" },
    });
    etag = replaced.headers.get("etag")!;
  });

  it("hides the record from another organization (404 on get, patch and delete)", async () => {
    const got = await call<ErrorBody>(server, "GET", `/content/on-demand/${id}`, { token: betaAdmin });
    expect(got.status).toBe(404);
    expect(got.body).toEqual({ code: "404", message: "on-demand item not found" });
    expect((await call(server, "PATCH", `/content/on-demand/${id}`, { token: betaAdmin, body: { level: "beginner" } })).status).toBe(404);
    expect((await call(server, "PUT", `/content/on-demand/${id}`, { token: betaAdmin, body: baseBody() })).status).not.toBe(200);
    expect((await call(server, "DELETE", `/content/on-demand/${id}`, { token: betaAdmin })).status).toBe(404);
    const betaList = await list("", betaAdmin);
    expect(betaList.body).toEqual({ total: 0, data: [] });
    expect(etagVersion((await call(server, "GET", `/content/on-demand/${id}`, { token: admin })).headers.get("etag"))).toBe(etagVersion(etag));
  });

  it("deletes with If-Match (412 when stale), then answers 404", async () => {
    const stale = await call<ErrorBody>(server, "DELETE", `/content/on-demand/${id}`, { token: admin, headers: { "If-Match": `"${id}.1"` } });
    expect(stale.status).toBe(412);
    expect(stale.body).toEqual(STALE);
    const deleted = await call(server, "DELETE", `/content/on-demand/${id}`, { token: admin, headers: { "If-Match": etag } });
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeUndefined();
    const got = await call<ErrorBody>(server, "GET", `/content/on-demand/${id}`, { token: admin });
    expect(got.status).toBe(404);
    expect((await call(server, "DELETE", `/content/on-demand/${id}`, { token: admin })).status).toBe(404);
  });

  it("answers 422 for a malformed id", async () => {
    const response = await call<ErrorBody>(server, "GET", "/content/on-demand/not-a-uuid", { token: admin });
    expect(response.status).toBe(422);
  });
});
