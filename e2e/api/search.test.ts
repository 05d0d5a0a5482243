import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, loginAs, type ApiResponse } from "../support/api";
import { UPLOADS } from "../support/fixtures";
import { startTestServer, type TestServer } from "../support/server";

/**
 * Global search (docs/api.md "Search") over a catalogue built
 * through the API: relevance (title above description, typos, languages, related names), visibility,
 * cursors, `filter_by`, `sort_by`, the other described form, validation and suggestions.
 */

type Json = Record<string, unknown>;
type Labelled<T> = { id: T; label: string };
type Result = {
  collection: string;
  match_score: number;
  entity_id: string;
  title: string;
  duration: number | null;
  level: string;
  categories: Labelled<string>[];
  goals: Labelled<number>[];
  created_at: string;
  updated_at: string;
};
type Cursor = { collection: string; offset: number; limit: number; total: number };
type SearchBody = { results: Result[]; suggestions: { q: string; popularity: number }[]; cursors: Cursor[] };
type ErrorBody = { code: string; message: string; details?: { path: string; message: string }[] };

let server: TestServer;
let admin: string;
let member: string;
let integration: string;
let betaAdmin: string;
let betaMember: string;

const ids = {
  goals: {} as Record<"endurance" | "strength" | "mobility", number>,
  categories: {} as Record<"intervals" | "calm", { id: number; uuid: string }>,
  kettlebell: 0,
  marta: "",
  provider: 0,
};
/** Catalogue item key → its id, collection and creation response. */
const item: Record<string, { id: string; collection: string; created_at: string; updated_at: string }> = {};
const nameOf = (id: string) => Object.entries(item).find(([, entry]) => entry.id === id)?.[0] ?? `other ${id}`;

async function post(token: string, path: string, body: Json, headers: Record<string, string> = {}): Promise<Json> {
  const response = await call(server, "POST", path, { token, body, headers });
  if (response.status !== 201) throw new Error(`POST ${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

async function publish(token: string, path: string, id: string, status: Json = { default: "published" }): Promise<void> {
  const response = await call(server, "PATCH", `${path}/${id}/status`, { token, body: status });
  if (response.status !== 200) throw new Error(`publish ${path}/${id}: ${response.status} ${JSON.stringify(response.body)}`);
}

const PATHS = { workouts: "/content/workouts", "training-plans": "/content/training-plans", video: "/content/on-demand", audio: "/content/on-demand" } as const;

/** Creates a catalogue item through the API and publishes it in `default` unless told otherwise. */
async function add(key: string, collection: keyof typeof PATHS, body: Json, options: { token?: string; publish?: Json | false } = {}): Promise<void> {
  const token = options.token ?? admin;
  const record = await post(token, PATHS[collection], body);
  item[key] = { id: record.id as string, collection, created_at: record.created_at as string, updated_at: record.updated_at as string };
  if (options.publish !== false) await publish(token, PATHS[collection], record.id as string, options.publish);
}

function workout(overrides: Json): Json {
  return {
    title: "Untitled workout",
    description: "A workout.",
    image: UPLOADS.alphaImage.id,
    gender: "female",
    level: "beginner",
    types: [],
    goals: [],
    body_parts: [],
    locations: ["home"],
    duration: "16-30",
    phases: [],
    ...overrides,
  };
}

function plan(overrides: Json): Json {
  return { title: "Untitled plan", description: "A plan.", image: UPLOADS.alphaImage.id, goals: [], types: [], level: "beginner", locations: ["home"], weeks: [], ...overrides };
}

function onDemand(type: "video" | "audio", overrides: Json): Json {
  return {
    type: type === "video" ? "virtual-class" : "audio-workout",
    title: "Untitled class",
    video: type === "video" ? UPLOADS.alphaVideo.id : UPLOADS.alphaAudio.id,
    image: UPLOADS.alphaImage.id,
    duration: "16-30",
    level: "beginner",
    goals: [],
    equipment: [],
    categories: [],
    languages: ["en"],
    content_provider: ids.provider,
    ...overrides,
  };
}

function search(token: string, body: unknown, options: { headers?: Record<string, string>; query?: string } = {}): Promise<ApiResponse<SearchBody>> {
  return call<SearchBody>(server, "POST", `/content/search${options.query ? `?${options.query}` : ""}`, { token, body, headers: options.headers });
}

/** A successful search's body. */
async function found(token: string, body: unknown, options: { headers?: Record<string, string>; query?: string } = {}): Promise<SearchBody> {
  const response = await search(token, body, options);
  expect({ status: response.status, body: response.status === 200 ? "(ok)" : response.body }).toEqual({ status: 200, body: "(ok)" });
  return response.body;
}

/** The catalogue keys of the results, in order. */
const keysOf = (body: SearchBody) => body.results.map((result) => nameOf(result.entity_id));
const sorted = (values: string[]) => [...values].sort();

// The "drill" family: one of every collection, with levels, durations, goals and categories that
// make each filter operator select a different subset.
const DRILLS = ["sprint", "ladder", "agility", "balance", "skipping", "drill-weeks", "footwork", "breathing"] as const;
const DRILL_WORKOUTS = ["sprint", "ladder", "agility", "balance", "skipping"];

beforeAll(async () => {
  server = await startTestServer();
  admin = (await loginAs(server, "alphaAdmin")).token;
  member = (await loginAs(server, "alphaMember", "mobile")).token;
  betaAdmin = (await loginAs(server, "betaAdmin")).token;
  betaMember = (await loginAs(server, "betaMember", "mobile")).token;
  integration = (await post(admin, "/auth/integration", { name: "search partner" })).token as string;

  const goal = async (name: Json) => (await post(admin, "/content/goals", { name })).id as number;
  ids.goals = {
    endurance: await goal({ en: "Endurance", de: "Ausdauer" }),
    strength: await goal({ en: "Strength", de: "Kraft" }),
    mobility: await goal({ en: "Mobility", de: "Beweglichkeit" }),
  };
  const category = async (name: Json) => {
    const record = await post(admin, "/content/categories", { name });
    return { id: record.id as number, uuid: record.uuid as string };
  };
  ids.categories = { intervals: await category({ en: "Intervals", de: "Intervalle" }), calm: await category({ en: "Calm", de: "Ruhe" }) };
  ids.provider = (await post(admin, "/content/providers", { name: "In-house studio" })).id as number;
  const brand = (await post(admin, "/content/equipment/brands", { name: "Acme" })).id as number;
  const equipmentCategory = (await post(admin, "/content/equipment/categories", { name: "Free weights" })).id as number;
  ids.kettlebell = (await post(admin, "/content/equipment", { name: "Kettlebell", brand_id: brand, categories: [equipmentCategory], image: UPLOADS.alphaImage.id })).id as number;
  ids.marta = (await post(admin, "/content/instructors", { name: "Marta Quintero" })).id as string;
  const muscle = (await post(admin, "/content/muscle-groups", { name: "Posterior chain" })).id as number;
  const swing = (
    await post(admin, "/content/exercises", {
      name: "Two-hand swing",
      summary: "Hips drive the bell",
      level: "intermediate",
      gender: "male",
      orientation: null,
      muscle_groups: [muscle],
      equipment: [ids.kettlebell],
      types: [],
      video: UPLOADS.alphaVideo.id,
      gif: UPLOADS.alphaGif.id,
      image: UPLOADS.alphaImage.id,
      steps: ["Hinge", "Snap the hips"],
    })
  ).id as string;

  const { endurance, strength, mobility } = ids.goals;
  const { intervals, calm } = ids.categories;
  await add(
    "hiit",
    "workouts",
    workout({
      title: { en: "HIIT Cardio", de: "HIIT Ausdauertraining" },
      description: { en: "Short bursts of hard work.", de: "Kurze harte Belastungen." },
      level: "intermediate",
      duration: "16-30",
      estimated_duration: 25,
      goals: [endurance],
      types: [intervals.id],
    }),
    { publish: { default: "published", de: "published" } },
  );
  await add("crusher", "workouts", workout({ title: "Core Crusher", description: "Planks and hollow holds.", duration: "0-15", goals: [strength] }));
  await add("crusher-plan", "training-plans", plan({ title: "Core Crusher Plan", description: "Four weeks of it.", goals: [strength] }));
  await add("stretch", "workouts", workout({ title: "Evening Stretch", description: "Ends with the core crusher finisher.", level: "advanced", duration: "31-45" }));
  await add(
    "burner",
    "workouts",
    workout({
      title: { en: "Full Body Burner", de: "Ganzkörper Brenner" },
      description: { en: "Every muscle, one session.", de: "Übungen für den ganzen Körper." },
    }),
    { publish: { default: "published", de: "published" } },
  );
  await add("secret", "workouts", workout({ title: "HIIT Secret Draft" }), { publish: false });
  // Published in the default language, withdrawn in German: members reading German must not find it.
  await add("tempo", "workouts", workout({ title: { en: "Tempo Run", de: "Tempolauf" }, description: { en: "Steady.", de: "Gleichmäßig." } }), {
    publish: { default: "published", de: "published" },
  });
  await publish(admin, PATHS.workouts, item.tempo!.id, { de: "unpublished" });
  await add(
    "kettlebell",
    "video",
    onDemand("video", { title: "Kettlebell Flow", instructor_id: ids.marta, equipment: [ids.kettlebell], categories: [intervals.uuid], duration: "31-45", level: "intermediate" }),
  );
  await add(
    "swing",
    "workouts",
    workout({
      title: "Swing Session",
      description: "Power from the hips.",
      phases: [
        {
          title: "Training",
          time: 600,
          items: [{ type: "AMRAP", notes: "", amrap_duration: 600, amrap_exercises: [{ exercise_id: swing, notes: "", rest: 10, goal_targets: [], resistance_targets: [] }] }],
        },
      ],
    }),
  );
  await add("run", "audio", onDemand("audio", { title: "Morning Run Coach", description: "Easy running with music.", duration: "0-15" }));

  await add("sprint", "workouts", workout({ title: "Sprint Drill", level: "beginner", duration: "0-15", goals: [endurance], types: [intervals.id] }));
  await add("ladder", "workouts", workout({ title: "Ladder Drill", level: "intermediate", duration: "16-30", estimated_duration: 20, goals: [strength] }));
  await add("agility", "workouts", workout({ title: "Agility Drill", level: "advanced", duration: "46-60", goals: [endurance, strength] }));
  await add("balance", "workouts", workout({ title: "Balance Drill", level: "beginner", duration: "61+" }));
  await add("skipping", "workouts", workout({ title: "Skipping Drill", level: "intermediate", duration: "31-45", estimated_duration: 40, goals: [mobility] }));
  await add("drill-weeks", "training-plans", plan({ title: "Drill Weeks", level: "advanced", goals: [strength], types: [calm.id] }));
  await add("footwork", "video", onDemand("video", { title: "Footwork Drill", level: "beginner", duration: "16-30", goals: [endurance], categories: [intervals.uuid] }));
  await add("breathing", "audio", onDemand("audio", { title: "Breathing Drill", level: "advanced", duration: "0-15", goals: [mobility] }));
});

afterAll(async () => {
  await server?.stop();
});

describe("relevance", () => {
  it("ranks an exact title above a title that contains the words, and both above a description match", async () => {
    const body = await found(member, { q: "Core Crusher" });
    expect(keysOf(body)).toEqual(["crusher", "crusher-plan", "stretch"]);
    const [exact, longer, description] = body.results.map((result) => result.match_score);
    expect(exact).toBe(1);
    expect(longer).toBeGreaterThan(description!);
    expect(longer).toBeLessThan(1);
    expect(description).toBeLessThan(0.5);
  });

  it("finds HIIT Cardio for the typo 'hiit cardoi', first", async () => {
    const body = await found(member, { q: "hiit cardoi" });
    expect(body.results[0]).toMatchObject({ collection: "workouts", entity_id: item.hiit!.id, title: "HIIT Cardio" });
    expect(keysOf(body)).toEqual(["hiit"]);
  });

  it("answers a German query with Accept-Language de with the German title, labels in German", async () => {
    const response = await search(member, { q: "Ausdauertraining" }, { headers: { "Accept-Language": "de" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-language")).toBe("de");
    expect(response.body.results).toEqual([
      {
        collection: "workouts",
        match_score: expect.any(Number),
        entity_id: item.hiit!.id,
        title: "HIIT Ausdauertraining",
        duration: 25,
        level: "intermediate",
        categories: [{ id: ids.categories.intervals.uuid, label: "Intervalle" }],
        goals: [{ id: ids.goals.endurance, label: "Ausdauer" }],
        created_at: item.hiit!.created_at,
        updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      },
    ]);
    // Every word is in the title; the whole title is longer than the query.
    expect(response.body.results[0]!.match_score).toBeGreaterThan(0.85);
    expect(response.body.results[0]!.match_score).toBeLessThan(1);
  });

  it("stems in the response language: 'Übungs' finds 'Übungen' in a German description, but not in English", async () => {
    // "übungs" begins no word of the catalogue and is two typos from "übungen": only the German stemmer relates them.
    const german = await found(member, { q: "Übungs" }, { headers: { "Accept-Language": "de" } });
    expect(german.results.map((result) => [nameOf(result.entity_id), result.title])).toEqual([["burner", "Ganzkörper Brenner"]]);
    const english = await found(member, { q: "Übungs" }, { headers: { "Accept-Language": "en" } });
    expect(english.results).toEqual([]);
  });

  it("finds items through the names of their instructor, equipment (also through a workout's exercises) and goals", async () => {
    // A platform caller searches here: member searches are recorded, and the suggestions test counts them.
    expect(keysOf(await found(admin, { q: "quintero" }))).toEqual(["kettlebell"]);
    const kettlebell = await found(admin, { q: "kettlebel" });
    expect(keysOf(kettlebell)).toEqual(["kettlebell", "swing"]);
    expect(kettlebell.results[0]!.match_score).toBeGreaterThan(kettlebell.results[1]!.match_score);
    const beweglichkeit = await found(member, { q: "Beweglichkeit" }, { headers: { "Accept-Language": "de" } });
    expect(sorted(keysOf(beweglichkeit))).toEqual(["breathing", "skipping"]);
  });

  it("orders by match_score descending by default, across collections", async () => {
    const body = await found(admin, { q: "drill core crusher" });
    const scores = body.results.map((result) => result.match_score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(new Set(body.results.map((result) => result.collection))).toEqual(new Set(["workouts", "training-plans", "video", "audio"]));
    for (const score of scores) expect(score).toBeGreaterThan(0);
    for (const score of scores) expect(score).toBeLessThanOrEqual(1);
  });
});

describe("visibility", () => {
  it("shows drafts to platform callers only", async () => {
    expect(sorted(keysOf(await found(admin, { q: "hiit" })))).toEqual(["hiit", "secret"]);
    expect(keysOf(await found(member, { q: "hiit" }))).toEqual(["hiit"]);
    expect(keysOf(await found(integration, { q: "hiit" }))).toEqual(["hiit"]);
  });

  it("follows the response language's status: withdrawn in German, still found in English", async () => {
    expect(keysOf(await found(member, { q: "tempo" }))).toEqual(["tempo"]);
    expect(keysOf(await found(member, { q: "tempo" }, { headers: { "Accept-Language": "de" } }))).toEqual([]);
    expect(keysOf(await found(admin, { q: "tempo" }, { headers: { "Accept-Language": "de" } }))).toEqual(["tempo"]);
  });

  it("never finds another organization's records", async () => {
    const body = await found(betaMember, { q: "drill" });
    expect(body.results).toEqual([]);
    expect(body.cursors.map((cursor) => cursor.total)).toEqual([0, 0, 0, 0]);
  });

  it("needs a token", async () => {
    const response = await call(server, "POST", "/content/search", { body: { q: "drill" } });
    expect(response.status).toBe(401);
  });
});

describe("cursors", () => {
  it("searches all four collections with limit 10 by default and returns every cursor advanced, with its total", async () => {
    const body = await found(member, { q: "drill" });
    expect(body.cursors).toEqual([
      { collection: "workouts", offset: 5, limit: 10, total: 5 },
      { collection: "training-plans", offset: 1, limit: 10, total: 1 },
      { collection: "video", offset: 1, limit: 10, total: 1 },
      { collection: "audio", offset: 1, limit: 10, total: 1 },
    ]);
    expect(sorted(keysOf(body))).toEqual(sorted([...DRILLS]));
  });

  it.each([
    ["match_score", { match_score: "desc" }],
    ["title", { title: "asc" }],
    ["created_at", { created_at: "desc" }],
  ])("pages through one collection visiting every match exactly once (sort %s)", async (_name, sortBy) => {
    const seen: string[] = [];
    let cursors: unknown[] = [{ collection: "workouts", offset: 0, limit: 2 }];
    const offsets: number[] = [];
    for (let page = 0; page < 4; page += 1) {
      const body = await found(member, { q: "drill", cursors, sort_by: sortBy });
      seen.push(...keysOf(body));
      expect(body.cursors).toHaveLength(1);
      expect(body.cursors[0]).toMatchObject({ collection: "workouts", limit: 2, total: 5 });
      offsets.push(body.cursors[0]!.offset);
      cursors = body.cursors;
    }
    expect(offsets).toEqual([2, 4, 5, 5]);
    expect(seen).toHaveLength(5);
    expect(sorted(seen)).toEqual(sorted(DRILL_WORKOUTS));
    const whole = await found(member, { q: "drill", cursors: [{ collection: "workouts", offset: 0, limit: 50 }], sort_by: sortBy });
    expect(keysOf(whole)).toEqual(seen);
  });

  it("advances each collection by what it returned when several are paged together", async () => {
    const first = await found(member, { q: "drill", cursors: [{ collection: "workouts", limit: 3 }, { collection: "audio", limit: 3 }] });
    expect(first.cursors).toEqual([
      { collection: "workouts", offset: 3, limit: 3, total: 5 },
      { collection: "audio", offset: 1, limit: 3, total: 1 },
    ]);
    const second = await found(member, { q: "drill", cursors: first.cursors });
    expect(second.cursors).toEqual([
      { collection: "workouts", offset: 5, limit: 3, total: 5 },
      { collection: "audio", offset: 1, limit: 3, total: 1 },
    ]);
    expect(sorted([...keysOf(first), ...keysOf(second)])).toEqual(sorted([...DRILL_WORKOUTS, "breathing"]));
  });

  it("accepts the other described form: type with filter[limit]/filter[offset], in the body or the query string", async () => {
    const reference = keysOf(await found(member, { q: "drill", cursors: [{ collection: "workouts", offset: 2, limit: 2 }] }));
    const flat = await found(member, { q: "drill", type: "workouts", "filter[limit]": 2, "filter[offset]": 2 });
    expect(flat.cursors).toEqual([{ collection: "workouts", offset: 4, limit: 2, total: 5 }]);
    expect(keysOf(flat)).toEqual(reference);
    const nested = await found(member, { q: "drill", type: "workouts", filter: { limit: 2, offset: 2 } });
    expect(keysOf(nested)).toEqual(reference);
    const query = await found(member, { q: "drill" }, { query: "type=workouts&filter[limit]=2&filter[offset]=2" });
    expect(keysOf(query)).toEqual(reference);
    const several = await found(member, { q: "drill" }, { query: "type=video,audio&filter[limit]=1" });
    expect(several.cursors).toEqual([
      { collection: "video", offset: 1, limit: 1, total: 1 },
      { collection: "audio", offset: 1, limit: 1, total: 1 },
    ]);
  });

  it("runs the same number of statements whatever the page size (one per collection, no query per result)", async () => {
    // Each measured request follows a warming one, so the organization's settings (cached for five
    // seconds) are never read by a measured request, however slow the machine.
    const measured = async (body: Json) => {
      await search(member, { q: "drill" });
      return search(member, body);
    };
    const small = await measured({ q: "drill", cursors: [{ collection: "workouts", limit: 1 }, { collection: "video", limit: 1 }, { collection: "audio", limit: 1 }, { collection: "training-plans", limit: 1 }] });
    const large = await measured({ q: "drill", cursors: [{ collection: "workouts", limit: 50 }, { collection: "video", limit: 50 }, { collection: "audio", limit: 50 }, { collection: "training-plans", limit: 50 }] });
    const one = await measured({ q: "drill", cursors: [{ collection: "workouts", limit: 50 }] });
    expect(large.body.results).toHaveLength(8);
    const count = (response: ApiResponse<unknown>) => Number(response.headers.get("x-query-count"));
    expect(count(large)).toBe(count(small));
    // Each further collection costs exactly one statement; the rest (transaction set-up, the word
    // analysis, labels, suggestions) is the same for any search.
    expect(count(large) - count(one)).toBe(3);
    expect(count(one)).toBeGreaterThanOrEqual(5);
  });
});

describe("filter_by", () => {
  const cases: [string, Json, string[]][] = [
    ["level eq", { level: { eq: "intermediate" } }, ["ladder", "skipping"]],
    ["level in", { level: { in: ["beginner", "advanced"] } }, ["agility", "balance", "breathing", "drill-weeks", "footwork", "sprint"]],
    ["level gte", { level: { gte: "intermediate" } }, ["agility", "breathing", "drill-weeks", "ladder", "skipping"]],
    ["level lte", { level: { lte: "intermediate" } }, ["balance", "footwork", "ladder", "skipping", "sprint"]],
    ["duration eq (range)", { duration: { eq: "16-30" } }, ["footwork", "ladder"]],
    ["duration in (ranges)", { duration: { in: ["0-15", "61+"] } }, ["balance", "breathing", "sprint"]],
    ["duration gte (minutes)", { duration: { gte: 30 } }, ["agility", "balance", "footwork", "skipping"]],
    ["duration lte (range)", { duration: { lte: "31-45" } }, ["breathing", "footwork", "ladder", "skipping", "sprint"]],
    ["duration lte (minutes)", { duration: { lte: 20 } }, ["breathing", "ladder", "sprint"]],
    ["duration eq (minutes)", { duration: { eq: 61 } }, ["balance"]],
    ["goals eq", { goals: { eq: "endurance" } }, ["agility", "footwork", "sprint"]],
    ["goals in", { goals: { in: ["strength", "mobility"] } }, ["agility", "breathing", "drill-weeks", "ladder", "skipping"]],
    ["types eq (int id, every collection)", { types: { eq: "intervals" } }, ["footwork", "sprint"]],
    ["categories in (uuid, every collection)", { categories: { in: ["calm", "intervals"] } }, ["drill-weeks", "footwork", "sprint"]],
    ["several fields together (AND)", { level: { eq: "beginner" }, duration: { lte: "16-30" } }, ["footwork", "sprint"]],
  ];

  /** Replaces goal and category names in a case by their ids (known only once the catalogue exists). */
  function resolve(filter: Json): Json {
    const mapped: Json = { ...filter };
    const lookups: [string, (name: unknown) => number | string][] = [
      ["goals", (name) => ids.goals[name as keyof typeof ids.goals]],
      ["types", (name) => ids.categories[name as "intervals"].id],
      ["categories", (name) => ids.categories[name as "intervals"].uuid],
    ];
    for (const [field, toId] of lookups) {
      const conditions = filter[field] as Json | undefined;
      if (!conditions) continue;
      mapped[field] = Object.fromEntries(Object.entries(conditions).map(([operator, value]) => [operator, Array.isArray(value) ? value.map((one) => toId(one)) : toId(value)]));
    }
    return mapped;
  }

  it.each(cases)("%s returns exactly the matching items", async (_name, filter, expected) => {
    const body = await found(member, { q: "drill", filter_by: resolve(filter) });
    expect(sorted(keysOf(body))).toEqual(expected);
    expect(body.cursors.reduce((sum, cursor) => sum + cursor.total, 0)).toBe(expected.length);
  });

  it("compares dates to the millisecond (eq, in, gte, lte) and takes a date for its whole UTC day", async () => {
    const at = (key: string) => item[key]!.created_at;
    const ladder = at("ladder");
    const drills = [...DRILLS];
    const names = async (filter: Json) => sorted(keysOf(await found(member, { q: "drill", filter_by: filter })));
    expect(await names({ created_at: { eq: ladder } })).toEqual(sorted(drills.filter((key) => at(key) === ladder)));
    expect(await names({ created_at: { in: [ladder, at("breathing")] } })).toEqual(sorted(drills.filter((key) => at(key) === ladder || at(key) === at("breathing"))));
    expect(await names({ created_at: { gte: ladder } })).toEqual(sorted(drills.filter((key) => at(key) >= ladder)));
    expect(await names({ created_at: { lte: ladder } })).toEqual(sorted(drills.filter((key) => at(key) <= ladder)));
    expect(await names({ created_at: { gte: ladder, lte: at("skipping") } })).toEqual(sorted(drills.filter((key) => at(key) >= ladder && at(key) <= at("skipping"))));
    // The created_at filters above must have selected proper subsets to prove anything.
    expect(drills.filter((key) => at(key) >= ladder).length).toBeLessThan(drills.length);
    const day = ladder.slice(0, 10);
    expect(await names({ created_at: { eq: day } })).toEqual(sorted(drills.filter((key) => at(key).startsWith(day))));
    expect(await names({ updated_at: { gte: "2999-01-01" } })).toEqual([]);
  });

  it("finds a record by its updated_at after an edit", async () => {
    const patched = await call<Json>(server, "PATCH", `/content/workouts/${item.agility!.id}`, { token: admin, body: { description: "Cones and quick feet." } });
    expect(patched.status).toBe(200);
    const updated = patched.body.updated_at as string;
    expect(keysOf(await found(member, { q: "drill", filter_by: { updated_at: { eq: updated } } }))).toEqual(["agility"]);
    expect(keysOf(await found(member, { q: "drill", filter_by: { updated_at: { gte: updated } } }))).toEqual(["agility"]);
  });
});

describe("sort_by", () => {
  const keys = async (sortBy: Json) => keysOf(await found(member, { q: "drill", sort_by: sortBy }));

  it("orders by duration with ties broken by the next field, and items without a duration last", async () => {
    // Minutes: breathing 15 (0-15), sprint 15 (0-15), ladder 20 (estimated), footwork 30, skipping 40 (estimated),
    // agility 60, balance 61 (61+), the plan none.
    expect(await keys({ duration: "asc", title: "desc" })).toEqual(["sprint", "breathing", "ladder", "footwork", "skipping", "agility", "balance", "drill-weeks"]);
    expect(await keys({ duration: "desc", title: "asc" })).toEqual(["balance", "agility", "skipping", "footwork", "ladder", "breathing", "sprint", "drill-weeks"]);
  });

  it("orders by title in the response language", async () => {
    expect(await keys({ title: "asc" })).toEqual(["agility", "balance", "breathing", "drill-weeks", "footwork", "ladder", "skipping", "sprint"]);
    expect(await keys({ title: "desc" })).toEqual(["sprint", "skipping", "ladder", "footwork", "drill-weeks", "breathing", "balance", "agility"]);
  });

  it("orders by dates and breaks ties with the later fields, then the id", async () => {
    const body = await found(member, { q: "drill", sort_by: { created_at: "asc" } });
    const expected = [...DRILLS].sort((a, b) => item[a]!.created_at.localeCompare(item[b]!.created_at) || item[a]!.id.localeCompare(item[b]!.id));
    expect(keysOf(body)).toEqual(expected);
    const threeFields = await found(member, { q: "drill", sort_by: { duration: "asc", match_score: "desc", updated_at: "desc" } });
    const results = threeFields.results;
    for (let index = 1; index < results.length; index += 1) {
      const [previous, current] = [results[index - 1]!, results[index]!];
      if (previous.duration === current.duration && previous.match_score === current.match_score) {
        expect(previous.updated_at >= current.updated_at).toBe(true);
      }
    }
    expect(keysOf(threeFields).slice(0, 2).sort()).toEqual(["breathing", "sprint"]);
  });
});

describe("validation", () => {
  const error = (status: number, path: string, message: string): ErrorBody => ({ code: String(status), message: `${path}: ${message}`, details: [{ path, message }] });
  const SORT_FIELD_HELP = "use match_score, title, duration, created_at, updated_at";

  it.each<[string, unknown, number, ErrorBody]>([
    ["a missing q", {}, 400, error(400, "/q", "is required")],
    ["an empty q", { q: "  " }, 422, error(422, "/q", "must not be empty")],
    ["a q that is not a string", { q: 5 }, 422, error(422, "/q", "must be a string")],
    [
      "four sort_by fields",
      { q: "drill", sort_by: { match_score: "desc", title: "asc", duration: "asc", created_at: "desc" } },
      422,
      error(422, "/sort_by", "must name 1 to 3 fields (4 given)"),
    ],
    ["no sort_by field", { q: "drill", sort_by: {} }, 422, error(422, "/sort_by", "must name 1 to 3 fields (0 given)")],
    ["an unknown sort_by field", { q: "drill", sort_by: { popularity: "desc" } }, 422, error(422, "/sort_by/popularity", `popularity is not a sort field; ${SORT_FIELD_HELP}`)],
    ["a bad direction", { q: "drill", sort_by: { title: "up" } }, 422, error(422, "/sort_by/title", "must be asc or desc")],
    ["a limit above 50", { q: "drill", cursors: [{ collection: "workouts", limit: 51 }] }, 422, error(422, "/cursors/0/limit", "must be at most 50")],
    ["a negative offset", { q: "drill", cursors: [{ collection: "workouts", offset: -1 }] }, 422, error(422, "/cursors/0/offset", "must be 0 or more")],
    [
      "an unknown collection",
      { q: "drill", cursors: [{ collection: "books" }] },
      422,
      error(422, "/cursors/0/collection", "must be one of workouts, training-plans, video, audio"),
    ],
    [
      "a collection twice",
      { q: "drill", cursors: [{ collection: "video" }, { collection: "video" }] },
      422,
      error(422, "/cursors/1/collection", "video is given twice"),
    ],
    [
      "an unknown filter field",
      { q: "drill", filter_by: { color: { eq: "red" } } },
      422,
      error(422, "/filter_by/color", "color is not a search filter; use level, duration, goals, categories, types, created_at, updated_at"),
    ],
    ["an operator a field does not take", { q: "drill", filter_by: { goals: { gte: 2 } } }, 422, error(422, "/filter_by/goals/gte", "gte is not an operator of goals; use eq, in")],
    ["a filter without an operator", { q: "drill", filter_by: { level: {} } }, 422, error(422, "/filter_by/level", "needs an operator: eq, in, gte, lte")],
    [
      "a bad date",
      { q: "drill", filter_by: { created_at: { gte: "yesterday" } } },
      422,
      error(422, "/filter_by/created_at/gte", "must be a date-time (2025-01-31T12:00:00Z) or a date (2025-01-31)"),
    ],
    [
      "a bad duration",
      { q: "drill", filter_by: { duration: { eq: "1-2" } } },
      422,
      error(422, "/filter_by/duration/eq", "must be a Duration range (0-15, 16-30, 31-45, 46-60, 61+) or whole minutes (0 to 1440)"),
    ],
    ["an empty in", { q: "drill", filter_by: { goals: { in: [] } } }, 422, error(422, "/filter_by/goals/in", "must list at least one value")],
    [
      "cursors and type together",
      { q: "drill", cursors: [{ collection: "video" }], type: "workouts" },
      422,
      error(422, "/cursors", "cannot be combined with type, filter[limit] or filter[offset]"),
    ],
    ["a type that is no collection", { q: "drill", type: "books" }, 422, error(422, "/type", "must be one of workouts, training-plans, video, audio, or an array of them")],
    ["filter[limit] above 50 in the body", { q: "drill", type: "video", "filter[limit]": 51 }, 422, error(422, "/filter[limit]", "must be at most 50")],
  ])("answers %s with %i naming the field", async (_name, body, status, expected) => {
    const response = await search(member, body);
    expect({ status: response.status, body: response.body }).toEqual({ status, body: expected });
  });

  it.each([
    ["filter[limit]=abc", "filter[limit]", "must be a whole number"],
    ["filter[limit]=99", "filter[limit]", "must be at most 50"],
    ["filter[offset]=-3", "filter[offset]", "must be a whole number"],
    ["type=books", "type", "books is not one of workouts, training-plans, video, audio"],
  ])("answers the query string %s with 400 naming the parameter", async (query, parameter, message) => {
    const response = await search(member, { q: "drill" }, { query });
    expect({ status: response.status, body: response.body }).toEqual({
      status: 400,
      body: { code: "400", message: `Invalid ${parameter}: ${message}`, details: [{ path: parameter, message }] },
    });
  });

  it("answers a malformed body with 400", async () => {
    const response = await call(server, "POST", "/content/search", { token: member, rawBody: "{", headers: { "Content-Type": "application/json" } });
    expect(response.status).toBe(400);
  });
});

describe("suggestions", () => {
  // Far beyond the last page, so that asking for suggestions never records a query itself.
  const suggestionsFor = async (token: string, q: string) => (await found(token, { q, cursors: [{ collection: "audio", offset: 1000, limit: 1 }] })).suggestions;

  it("returns earlier successful queries of the organization by popularity, typo-tolerant, never another organization's", async () => {
    await add("beta-bell", "workouts", { ...workout({ title: "Kettlebell Beta Blast" }), image: UPLOADS.betaImage.id }, { token: betaAdmin });
    for (let time = 0; time < 4; time += 1) await found(betaMember, { q: "kettlebell beta" });
    for (let time = 0; time < 3; time += 1) await found(member, { q: "Kettlebell  Flow" });
    for (let time = 0; time < 2; time += 1) await found(member, { q: "kettlebell" });
    // Not recorded: no results; a later page; a platform caller's search (it may see drafts).
    expect((await found(member, { q: "xylophone" })).results).toEqual([]);
    await found(member, { q: "kettle swing", cursors: [{ collection: "workouts", offset: 5 }] });
    await found(admin, { q: "kettlebell secret" });

    const expected = [
      { q: "kettlebell flow", popularity: 3 },
      { q: "kettlebell", popularity: 2 },
    ];
    await expect.poll(() => suggestionsFor(member, "kettle"), { timeout: 5_000, interval: 100 }).toEqual(expected);
    expect(await suggestionsFor(member, "ketlebell")).toEqual(expected);
    expect(await suggestionsFor(integration, "KETTLEBELL")).toEqual(expected);
    expect(await suggestionsFor(member, "kettlebell f")).toEqual([{ q: "kettlebell flow", popularity: 3 }]);
    expect(await suggestionsFor(member, "flow")).toEqual([]);
    expect(await suggestionsFor(betaMember, "kettle")).toEqual([{ q: "kettlebell beta", popularity: 4 }]);
  });

  it("returns at most five, the most popular first", async () => {
    // Every word of each query is in the catalogue as written, so each is recorded.
    const seconds = ["session", "power", "hips", "drill", "core", "kettlebell"];
    for (const [index, second] of seconds.entries()) {
      for (let time = 0; time <= index; time += 1) await found(integration, { q: `swing ${second}` });
    }
    const expected = [6, 5, 4, 3, 2].map((popularity) => ({ q: `swing ${seconds[popularity - 1]}`, popularity }));
    await expect.poll(() => suggestionsFor(member, "swing"), { timeout: 5_000, interval: 100 }).toEqual(expected);
  });
});
