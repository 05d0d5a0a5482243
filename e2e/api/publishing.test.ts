import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, etagVersion, loginAs } from "../support/api";
import { USERS } from "../support/fixtures";
import { startTestServer, type TestServer } from "../support/server";
import {
  MISSING_UUID,
  ON_DEMAND_STATUS_AVAILABLE,
  PUBLISHABLE,
  changeStatus,
  create,
  createIntegrationToken,
  expectResponse,
  ok,
  read,
  seedCatalogue,
  statusHistory,
  userIdOf,
  type Catalogue,
  type Json,
  type Publishable,
  type PublishableKind,
} from "../support/catalogue";

/**
 * Per-language publishing (docs/api.md "Publishing"): the status state
 * machine over HTTP for every publishable collection, atomic multi-key changes, translation
 * completeness, `published_at`, versions and ETags, the status history, and the translator's limits.
 * Visibility and status filters: publishing-visibility.test.ts.
 */
let server: TestServer;
let editor: string;
let admin: string;
let translator: string;
let cat: Catalogue;

beforeAll(async () => {
  server = await startTestServer();
  editor = (await loginAs(server, "alphaEditor")).token;
  admin = (await loginAs(server, "alphaAdmin")).token;
  translator = (await loginAs(server, "alphaTranslator")).token;
  cat = await seedCatalogue(server, editor);
});
afterAll(async () => {
  await server?.stop();
});

type State = "draft" | "published" | "unpublished";

/** The allowed transitions that bring a new record's key to `state`. */
const PATH_TO: Record<State, State[]> = { draft: [], published: ["published"], unpublished: ["published", "unpublished"] };

const transitionError = (key: string, from: State, to: State) => ({
  code: "422",
  message: `${key}: cannot change from ${from} to ${to}`,
  details: [{ path: `/${key}`, message: `cannot change from ${from} to ${to}` }],
});

/**
 * The required texts a record of each kind, written in English only, lacks in another language: its own
 * title and description (texts inside phases and weeks fall back to the default language).
 */
const REQUIRED_TEXTS: Record<PublishableKind["collection"], string[]> = {
  workouts: ["/title", "/description"],
  "training-plans": ["/title", "/description"],
  "on-demand": ["/title"],
};

const missingTranslations = (language: string, paths: string[]) => ({
  code: "422",
  message: `cannot publish before these fields are translated: ${language}: ${paths.join(", ")}`,
  details: paths.map((path) => ({ path, message: `has no ${language} text` })),
});

it("covers the on-demand status endpoints only where they exist", () => {
  // Another engineer is building them; PUBLISHABLE includes on-demand as soon as the route file exists.
  expect(PUBLISHABLE.map((kind) => kind.collection)).toEqual(ON_DEMAND_STATUS_AVAILABLE ? ["workouts", "training-plans", "on-demand"] : ["workouts", "training-plans"]);
});

describe.each(PUBLISHABLE)("the status of $collection", (kind) => {
  const base = `/content/${kind.collection}`;
  const make = async (overrides: Json = {}) => create<Publishable>(server, editor, base, kind.body(cat, overrides));
  const get = async (id: string) => {
    const response = await call<Publishable>(server, "GET", `${base}/${id}`, { token: editor });
    return { record: ok(response), etag: response.headers.get("etag") };
  };
  const reach = async (id: string, key: string, state: State) => {
    for (const step of PATH_TO[state]) ok(await changeStatus(server, editor, kind.collection, id, { [key]: step }));
  };

  it("starts as {default: draft}, unpublished nowhere, without published_at", async () => {
    const record = await make();
    expect({ status: record.status, published_at: record.published_at }).toEqual({ status: { default: "draft" }, published_at: null });
    expect((await statusHistory(server, editor, kind.collection, record.id)).body).toEqual({ total: 0, data: [] });
  });

  it.each(["default", "de"])("walks every allowed transition of `%s` over HTTP", async (key) => {
    const record = await make();
    const steps: [State, State][] = [
      ["draft", "published"],
      ["published", "unpublished"],
      ["unpublished", "published"],
      ["published", "unpublished"],
      ["unpublished", "draft"],
      ["draft", "published"],
    ];
    for (const [from, to] of steps) {
      const before = await get(record.id);
      expect(before.record.status[key] ?? "draft", `before ${from} → ${to}`).toBe(from);
      const response = await changeStatus(server, editor, kind.collection, record.id, { [key]: to });
      const body = ok(response) as Publishable;
      const expectedStatus = key === "default" ? { default: to } : { default: "draft", de: to };
      expect(body.status, `${from} → ${to}`).toEqual(expectedStatus);
      expect((await get(record.id)).record.status).toEqual(expectedStatus);
    }
    const history = ok(await statusHistory(server, editor, kind.collection, record.id));
    expect(history.data.map((entry) => [entry.language, entry.from, entry.to]).reverse()).toEqual(
      steps.map(([from, to], index) => [key, index === 0 && key === "de" ? null : from, to]),
    );
  });

  const FORBIDDEN: [State, State][] = [
    ["draft", "unpublished"],
    ["draft", "draft"],
    ["published", "draft"],
    ["published", "published"],
    ["unpublished", "unpublished"],
  ];
  describe.each(["default", "de"])("forbidden transitions of `%s`", (key) => {
    it.each(FORBIDDEN)("%s → %s is a 422 naming the key and both states, and changes nothing", async (from, to) => {
      const record = await make();
      await reach(record.id, key, from);
      const before = await get(record.id);
      const history = ok(await statusHistory(server, editor, kind.collection, record.id));
      const response = await changeStatus(server, editor, kind.collection, record.id, { [key]: to });
      expectResponse(response, 422, transitionError(key, from, to));
      expect(await get(record.id)).toEqual(before);
      expect(ok(await statusHistory(server, editor, kind.collection, record.id))).toEqual(history);
    });
  });

  it("applies several keys at once, in one version and one history step", async () => {
    const record = await make();
    const response = await changeStatus(server, editor, kind.collection, record.id, { default: "published", de: "published" });
    expect(ok(response).status).toEqual({ default: "published", de: "published" });
    expect(etagVersion(response.headers.get("etag"))).toBe(`"${record.id}.2"`);
    const history = ok(await statusHistory(server, editor, kind.collection, record.id));
    expect(history.total).toBe(2);
    expect(history.data.map((entry) => [entry.language, entry.from, entry.to]).sort()).toEqual([
      ["de", null, "published"],
      ["default", "draft", "published"],
    ]);
    expect(history.data[0]!.changed_at).toBe(history.data[1]!.changed_at);
  });

  it.each([
    ["one key's transition is forbidden", { default: "published", de: "unpublished" }, () => transitionError("de", "draft", "unpublished")],
    ["one key's translation is missing", { default: "published", fr: "published" }, () => missingTranslations("fr", REQUIRED_TEXTS[kind.collection])],
    ["the second of two forbidden transitions", { de: "published", default: "draft" }, () => transitionError("default", "draft", "draft")],
  ])("changes nothing when %s (422; record, version and history as before)", async (_name, body, error) => {
    const record = await make();
    const before = await get(record.id);
    expectResponse(await changeStatus(server, editor, kind.collection, record.id, body), 422, error());
    const after = await get(record.id);
    expect(after).toEqual(before);
    expect(after.record.published_at).toBeNull();
    expect(ok(await statusHistory(server, editor, kind.collection, record.id))).toEqual({ total: 0, data: [] });
  });

  it("refuses two keys for the same language with different statuses (`default` and its code), changing nothing", async () => {
    const record = await make();
    const before = await get(record.id);
    const response = await changeStatus(server, editor, kind.collection, record.id, { en: "unpublished", default: "published" });
    // Which of the two was meant cannot be known: like two texts for one language (docs/api.md "Content (lookups, exercises, equipment, instructors, workouts, training plans, on-demand)"), a 422.
    expect({ status: response.status, code: response.body.code }).toEqual({ status: 422, code: "422" });
    expect(await get(record.id)).toEqual(before);
  });

  it("refuses to publish `de` while the German title is missing (422 listing /title), then publishes once it is filled in", async () => {
    const record = await make({ title: { en: "English only title" } });
    expectResponse(await changeStatus(server, editor, kind.collection, record.id, { de: "published" }), 422, missingTranslations("de", ["/title"]));
    expect((await get(record.id)).record.status).toEqual({ default: "draft" });
    ok(await call(server, "PATCH", `${base}/${record.id}`, { token: editor, body: { title: { de: "Deutscher Titel" } } }));
    const published = ok(await changeStatus(server, editor, kind.collection, record.id, { de: "published" }));
    expect(published.status).toEqual({ default: "draft", de: "published" });
  });

  it("lists every missing required field of the language", async () => {
    const record = await make({
      title: "Only English",
      description: "Only English",
      ...(kind.collection === "workouts"
        ? {
            phases: [
              { title: "Warm up", time: 60, items: [{ type: "TIMER", notes: "", timer_title: "Go", timer_duration: 60 }] },
              { title: "Main", time: 60, items: [] },
            ],
          }
        : {}),
      ...(kind.collection === "training-plans"
        ? { weeks: [{ days: [{ activities: [{ type: "fitness-activities", fields: { title: "Run", distance: 100 } }] }] }] }
        : {}),
    });
    expectResponse(await changeStatus(server, editor, kind.collection, record.id, { es: "published" }), 422, missingTranslations("es", REQUIRED_TEXTS[kind.collection]));
    // Phase, timer and activity titles, notes and descriptions of activities do not block publication.
    expect(ok(await changeStatus(server, editor, kind.collection, record.id, { default: "published" })).status).toEqual({ default: "published" });
  });

  it("sets published_at on the first publication and keeps it through later changes", async () => {
    const record = await make();
    const first = ok(await changeStatus(server, editor, kind.collection, record.id, { de: "published" })) as Publishable;
    expect(first.published_at).not.toBeNull();
    expect(first.published_at).toBe(first.updated_at);
    expect(Date.parse(first.published_at!)).toBeGreaterThanOrEqual(Date.parse(record.created_at as string));
    for (const change of [{ default: "published" }, { de: "unpublished" }, { default: "unpublished" }, { default: "published" }, { default: "unpublished" }, { default: "draft" }]) {
      const body = ok(await changeStatus(server, editor, kind.collection, record.id, change)) as Publishable;
      expect(body.published_at, JSON.stringify(change)).toBe(first.published_at);
    }
    expect((await get(record.id)).record.published_at).toBe(first.published_at);
  });

  it("bumps updated_at and the ETag on status and translation changes; a stale If-Match gets 412", async () => {
    const record = await make();
    const initial = await get(record.id);
    expect(etagVersion(initial.etag)).toBe(`"${record.id}.1"`);

    const published = await changeStatus(server, editor, kind.collection, record.id, { default: "published" }, { "If-Match": initial.etag! });
    const afterStatus = await get(record.id);
    expect(etagVersion(published.headers.get("etag"))).toBe(`"${record.id}.2"`);
    expect(etagVersion(afterStatus.etag)).toBe(`"${record.id}.2"`);
    expect(Date.parse(afterStatus.record.updated_at)).toBeGreaterThan(Date.parse(initial.record.updated_at));
    expect(ok(published)).toEqual(afterStatus.record);

    const stale = await changeStatus(server, editor, kind.collection, record.id, { default: "unpublished" }, { "If-Match": initial.etag! });
    expectResponse(stale, 412, { code: "412", message: "the record has changed since it was read: reload it, or send its current ETag in If-Match" });
    expect(await get(record.id)).toEqual(afterStatus);

    const translated = await call<Publishable>(server, "PATCH", `${base}/${record.id}`, { token: editor, body: { title: { fr: "Titre" } }, headers: { "If-Match": afterStatus.etag! } });
    ok(translated);
    const afterTranslation = await get(record.id);
    expect(etagVersion(translated.headers.get("etag"))).toBe(`"${record.id}.3"`);
    expect(etagVersion(afterTranslation.etag)).toBe(`"${record.id}.3"`);
    expect(Date.parse(afterTranslation.record.updated_at)).toBeGreaterThan(Date.parse(afterStatus.record.updated_at));
    expectResponse(await call(server, "PATCH", `${base}/${record.id}`, { token: editor, body: { title: { fr: "Autre" } }, headers: { "If-Match": afterStatus.etag! } }), 412, {
      code: "412",
      message: "the record has changed since it was read: reload it, or send its current ETag in If-Match",
    });
  });

  it("keeps a history of who changed which language when, from what to what, newest first", async () => {
    const record = await make();
    const changes: [string, Json][] = [
      [editor, { default: "published" }],
      [translator, { de: "published" }],
      [admin, { default: "unpublished" }],
      [translator, { de: "unpublished" }],
      [editor, { de: "draft" }],
    ];
    const stamps: string[] = [];
    for (const [token, change] of changes) stamps.push((ok(await changeStatus(server, token, kind.collection, record.id, change)) as Publishable).updated_at);
    const who = (user: "alphaEditor" | "alphaTranslator" | "alphaAdmin", token: string) => ({ id: userIdOf(token), email: USERS[user].email });
    const history = ok(await statusHistory(server, translator, kind.collection, record.id));
    expect(history).toEqual({
      total: 5,
      data: [
        { language: "de", from: "unpublished", to: "draft", changed_by: who("alphaEditor", editor), changed_at: stamps[4] },
        { language: "de", from: "published", to: "unpublished", changed_by: who("alphaTranslator", translator), changed_at: stamps[3] },
        { language: "default", from: "published", to: "unpublished", changed_by: who("alphaAdmin", admin), changed_at: stamps[2] },
        { language: "de", from: null, to: "published", changed_by: who("alphaTranslator", translator), changed_at: stamps[1] },
        { language: "default", from: "draft", to: "published", changed_by: who("alphaEditor", editor), changed_at: stamps[0] },
      ],
    });
    const page = ok(await call<{ total: number; data: Json[] }>(server, "GET", `${base}/${record.id}/status-history?filter[limit]=2&filter[offset]=1`, { token: editor }));
    expect(page).toEqual({ total: 5, data: history.data.slice(1, 3) });
  });

  it.each([
    ["an empty body", undefined, 400, { code: "400", message: "request body is required" }],
    ["a language the organization does not use", { it: "published" }, 422, {
      code: "422",
      message: "'it' is not a language of this organization; use default or one of en, de, fr, es",
      details: [{ path: "/it", message: "is not a language of this organization" }],
    }],
    ["an unknown status", { de: "archived" }, 422, { code: "422", message: '/de: Invalid option: expected one of "draft"|"published"|"unpublished"', details: [{ path: "/de", message: 'Invalid option: expected one of "draft"|"published"|"unpublished"' }] }],
    ["no key at all", {}, 422, { code: "422", message: "name at least one language key", details: [{ path: "", message: "name at least one language key" }] }],
  ])("answers %s with an exact error", async (_name, body, status, error) => {
    const record = await make();
    expectResponse(await changeStatus(server, editor, kind.collection, record.id, body), status, error);
  });

  it("answers 404 for an unknown record and for another organization's record, on both endpoints", async () => {
    const record = await make();
    const beta = (await loginAs(server, "betaAdmin")).token;
    const notFound = { code: "404", message: `${kind.label} not found` };
    expectResponse(await changeStatus(server, editor, kind.collection, MISSING_UUID, { default: "published" }), 404, notFound);
    expectResponse(await changeStatus(server, beta, kind.collection, record.id, { default: "published" }), 404, notFound);
    expectResponse(await statusHistory(server, editor, kind.collection, MISSING_UUID), 404, notFound);
    expectResponse(await statusHistory(server, beta, kind.collection, record.id), 404, notFound);
    expect((await get(record.id)).record.status).toEqual({ default: "draft" });
  });

  it("refuses mobile and integration tokens (403)", async () => {
    const record = await make();
    const member = (await loginAs(server, "alphaMember", "mobile")).token;
    const editorOnMobile = (await loginAs(server, "alphaEditor", "mobile")).token;
    const integration = await createIntegrationToken(server, admin, "platform");
    for (const token of [member, editorOnMobile]) {
      expectResponse(await changeStatus(server, token, kind.collection, record.id, { default: "published" }), 403, { code: "403", message: "mobile tokens are read-only" });
      expectResponse(await statusHistory(server, token, kind.collection, record.id), 403, { code: "403", message: "this endpoint requires a platform token" });
    }
    expectResponse(await changeStatus(server, integration, kind.collection, record.id, { default: "published" }), 403, {
      code: "403",
      message: "integration tokens can only read /content/... endpoints",
    });
    expect((await get(record.id)).record.status).toEqual({ default: "draft" });
  });

  describe("a translator for `de`", () => {
    const forbiddenStatus = (languages: string) => ({ code: "403", message: `translators can only set the status of their own languages (de); not ${languages}` });

    it("sets the status of `de` (200)", async () => {
      const record = await make();
      expect(ok(await changeStatus(server, translator, kind.collection, record.id, { de: "published" })).status).toEqual({ default: "draft", de: "published" });
      expect(ok(await changeStatus(server, translator, kind.collection, record.id, { de: "unpublished" })).status).toEqual({ default: "draft", de: "unpublished" });
    });

    it.each([
      ["fr", { fr: "published" }, "fr"],
      ["default", { default: "published" }, "en"],
      ["the default language by its code", { en: "published" }, "en"],
      ["de together with fr (nothing changes)", { de: "published", fr: "published" }, "fr"],
    ])("gets 403 for %s, naming the language", async (_name, body, named) => {
      const record = await make();
      const before = await get(record.id);
      expectResponse(await changeStatus(server, translator, kind.collection, record.id, body), 403, forbiddenStatus(named));
      expect(await get(record.id)).toEqual(before);
    });

    it("edits German texts and gets 403 for French ones and for other fields", async () => {
      const record = await make();
      const patch = (body: Json, headers?: Record<string, string>) => call<Publishable>(server, "PATCH", `${base}/${record.id}`, { token: translator, body, headers });
      ok(await patch({ title: { de: "Neuer Titel" } }));
      ok(await patch({ description: "Neue Beschreibung" }, { "Content-Language": "de" }));
      const before = await get(record.id);
      expect(before.record.status).toEqual({ default: "draft" });
      const languages = { code: "403", message: "translators can only change their own languages (de); this change touches fr" };
      expectResponse(await patch({ title: { fr: "Nouveau titre" } }), 403, languages);
      expectResponse(await patch({ title: "Nouveau titre" }, { "Content-Language": "fr" }), 403, languages);
      expectResponse(await patch({ title: { de: "Titel", en: "Title" } }), 403, { code: "403", message: "translators can only change their own languages (de); this change touches en" });
      expectResponse(await patch({ level: "advanced" }), 403, { code: "403", message: "translators can only change texts; 'level' is not a text field" });
      expectResponse(await patch({ goals: [cat.goals[2]] }), 403, { code: "403", message: "translators can only change texts; 'goals' is not a text field" });
      expect(await get(record.id)).toEqual(before);
      const german = await read<Publishable>(server, editor, `${base}/${record.id}?lang=en,de`);
      expect([german.title, german.description]).toEqual([
        { default: expect.any(String), en: expect.any(String), de: "Neuer Titel" },
        { default: expect.any(String), en: expect.any(String), de: "Neue Beschreibung" },
      ]);
    });

    it("cannot change the slug (403), which is not a text field", async () => {
      const record = await make();
      const before = await get(record.id);
      const response = await call(server, "PATCH", `${base}/${record.id}`, { token: translator, body: { slug: `translated-${record.id.slice(0, 8)}` } });
      expectResponse(response, 403, { code: "403", message: "translators can only change texts; 'slug' is not a text field" });
      expect(await get(record.id)).toEqual(before);
    });

    it("cannot create or delete records (403)", async () => {
      const record = await make();
      const message = { code: "403", message: "translators can edit the texts of existing records only" };
      expectResponse(await call(server, "POST", base, { token: translator, body: kind.body(cat) }), 403, message);
      expectResponse(await call(server, "DELETE", `${base}/${record.id}`, { token: translator }), 403, message);
    });
  });
});

describe("a translator for `de` and a workout's phases", () => {
  type Workout = Publishable & { phases: { kind: string; title: unknown; time: number; items: Json[] }[] };
  let workout: Workout;
  const path = () => `/content/workouts/${workout.id}`;

  beforeAll(async () => {
    workout = await create<Workout>(server, editor, "/content/workouts", PUBLISHABLE[0]!.body(cat, { phases: [{ title: "Warm up", time: 300, items: [{ type: "TIMER", notes: "Easy", timer_title: "Mobilise", timer_duration: 300 }] }, { title: "Main", time: 900, items: [] }] }));
  });

  /** The phases as read (single language), with `edit` applied: what a translator's screen sends back. */
  const phasesWith = async (edit: (phases: Workout["phases"]) => void) => {
    const phases = structuredClone((await read<Workout>(server, editor, path())).phases);
    edit(phases);
    return phases;
  };

  it("may give a phase title in German as {de: …}; English stays", async () => {
    const phases = await phasesWith((list) => {
      list[0]!.title = { de: "Aufwärmen" };
      (list[0]!.items[0] as Json).timer_title = { de: "Mobilisieren" };
    });
    ok(await call(server, "PATCH", path(), { token: translator, body: { phases } }));
    const after = await read<Workout>(server, editor, `${path()}?lang=en,de&texts=all`);
    expect(after.phases.map((phase) => phase.title)).toEqual([
      { default: "Warm up", en: "Warm up", de: "Aufwärmen" },
      { default: "Main", en: "Main", de: "" },
    ]);
    expect((after.phases[0]!.items[0] as Json).timer_title).toEqual({ default: "Mobilise", en: "Mobilise", de: "Mobilisieren" });
  });

  it.each([
    ["a phase's time", (list: Workout["phases"]) => void (list[1]!.time = 600), "translators can only change texts; 'phases' is not a text field"],
    ["a timer's duration", (list: Workout["phases"]) => void ((list[0]!.items[0] as Json).timer_duration = 60), "translators can only change texts; 'phases' is not a text field"],
    ["an item added", (list: Workout["phases"]) => void list[1]!.items.push({ type: "TIMER", timer_title: { en: "Rest", de: "Pause" }, timer_duration: 30 }), "translators can only change texts; 'phases' is not a text field"],
    ["a phase title in French", (list: Workout["phases"]) => void (list[1]!.title = { fr: "Principal" }), "translators can only change their own languages (de); this change touches fr"],
  ])("gets 403 for %s, and nothing changes", async (_name, edit, message) => {
    const before = await call(server, "GET", path(), { token: editor });
    const phases = await phasesWith(edit);
    expectResponse(await call(server, "PATCH", path(), { token: translator, body: { phases } }), 403, { code: "403", message });
    const after = await call(server, "GET", path(), { token: editor });
    expect([after.body, after.headers.get("etag")]).toEqual([before.body, before.headers.get("etag")]);
  });
});
