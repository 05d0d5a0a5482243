import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, loginAs } from "../support/api";
import { startTestServer, type TestServer } from "../support/server";
import { changeStatus, create, expectResponse, ok, seedCatalogue, workoutBody, type Catalogue } from "../support/catalogue";

/**
 * The translation queue (docs/api.md "Publishing"): `GET /content/translation-queue` lists, for one language, the
 * records still missing a translation (`none`), partly translated (`partial`), or translated but not
 * published in it (`ready`), across collections, newest change first, paged and scoped to the caller's
 * organization.
 */
let server: TestServer;
let editor: string;
let translator: string;
let cat: Catalogue;
/** Workouts: German complete but unpublished, English only, German title only, German complete and published. */
const w = { ready: "", none: "", partial: "", published: "" };

type Entry = { collection: string; id: string; title: string; state: string; translation: string; status: string | null; updated_at: string };
type Queue = { language: string; total: number; data: Entry[] };

const queue = (token: string, query: string) => call<Queue>(server, "GET", `/content/translation-queue?${query}`, { token });
const rowsOf = (body: Queue) => body.data.map((entry) => [entry.id, entry.state, entry.translation, entry.status]);

beforeAll(async () => {
  server = await startTestServer();
  editor = (await loginAs(server, "alphaEditor")).token;
  translator = (await loginAs(server, "alphaTranslator")).token;
  cat = await seedCatalogue(server, editor);
  const make = async (overrides: Record<string, unknown>) => (await create<{ id: string }>(server, editor, "/content/workouts", workoutBody(cat, overrides))).id;
  const englishPhases = [{ title: "Warm up", time: 300, items: [] }];
  w.ready = await make({ title: { en: "Ready", de: "Bereit" } });
  w.none = await make({ title: { en: "English only" }, description: { en: "Only English" }, phases: englishPhases });
  w.partial = await make({ title: { en: "Partly", de: "Teilweise" }, description: { en: "Not yet in German" }, phases: englishPhases });
  w.published = await make({ title: { en: "Done", de: "Fertig" } });
  ok(await changeStatus(server, editor, "workouts", w.published, { de: "published" }));
});
afterAll(async () => {
  await server?.stop();
});

describe("GET /content/translation-queue", () => {
  it("lists what German still needs, newest change first, with each record's state", async () => {
    const body = ok(await queue(translator, "filter[where][language][eq]=de&filter[where][collection][eq]=workouts"));
    expect(body.language).toBe("de");
    expect(body.total).toBe(3);
    expect(rowsOf(body)).toEqual([
      [w.partial, "partial", "partial", "draft"],
      [w.none, "none", "none", "draft"],
      [w.ready, "ready", "full", "draft"],
    ]);
    expect(body.data[0]).toEqual({ collection: "workouts", id: w.partial, title: "Partly", state: "partial", translation: "partial", status: "draft", updated_at: expect.any(String) });
  });

  it("filters by state and pages with the total of the filtered queue", async () => {
    const open = ok(await queue(editor, "filter[where][language]=de&filter[where][collection]=workouts&filter[where][state][in]=none,partial"));
    expect({ total: open.total, ids: open.data.map((entry) => entry.id) }).toEqual({ total: 2, ids: [w.partial, w.none] });
    const ready = ok(await queue(editor, "filter[where][language]=de&filter[where][collection]=workouts&filter[where][state][eq]=ready"));
    expect(rowsOf(ready)).toEqual([[w.ready, "ready", "full", "draft"]]);
    const page = ok(await queue(editor, "filter[where][language]=de&filter[where][collection]=workouts&filter[limit]=1&filter[offset]=1"));
    expect({ total: page.total, ids: page.data.map((entry) => entry.id) }).toEqual({ total: 3, ids: [w.none] });
    const oldest = ok(await queue(editor, "filter[where][language]=de&filter[where][collection]=workouts&filter[order][updated]=asc"));
    expect(oldest.data.map((entry) => entry.id)).toEqual([w.ready, w.none, w.partial]);
  });

  it("covers collections without a status (never `ready`) and collections filtered together", async () => {
    const body = ok(await queue(editor, "filter[where][language]=de&filter[where][collection][in]=exercises,goals"));
    expect(body.total).toBe(6);
    expect(new Set(body.data.map((entry) => entry.collection))).toEqual(new Set(["exercises", "goals"]));
    expect(body.data.every((entry) => entry.state === "none" && entry.translation === "none" && entry.status === null)).toBe(true);
    expect(body.data.map((entry) => entry.id)).toEqual(expect.arrayContaining([...cat.exercises, ...cat.goals.map(String)]));
  });

  it("spans every collection with texts when none is chosen", async () => {
    const everything = ok(await queue(editor, "filter[where][language]=de&filter[limit]=250"));
    const perCollection = await Promise.all(
      [...new Set(everything.data.map((entry) => entry.collection))].map(async (collection) => ok(await queue(editor, `filter[where][language]=de&filter[where][collection]=${collection}`)).total),
    );
    expect(everything.total).toBe(everything.data.length);
    expect(perCollection.reduce((sum, total) => sum + total, 0)).toBe(everything.total);
    expect(new Set(everything.data.map((entry) => entry.collection))).toEqual(new Set(["workouts", "exercises", "goals", "body-parts", "categories", "packages", "providers"]));
    const times = everything.data.map((entry) => entry.updated_at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it("answers per language: French needs everything, the default language only publishing", async () => {
    const french = ok(await queue(editor, "filter[where][language]=fr&filter[where][collection]=workouts"));
    expect(french.data.map((entry) => [entry.id, entry.state])).toEqual([
      [w.published, "none"],
      [w.partial, "none"],
      [w.none, "none"],
      [w.ready, "none"],
    ]);
    const english = ok(await queue(editor, "filter[where][language]=en&filter[where][collection]=workouts"));
    expect(english.data.map((entry) => [entry.id, entry.state, entry.translation, entry.status])).toEqual([
      [w.published, "ready", "full", "draft"],
      [w.partial, "ready", "full", "draft"],
      [w.none, "ready", "full", "draft"],
      [w.ready, "ready", "full", "draft"],
    ]);
  });

  it("shows another organization nothing of this one's records", async () => {
    const beta = (await loginAs(server, "betaAdmin")).token;
    expectResponse(await queue(beta, "filter[where][language]=de&filter[where][collection]=workouts"), 200, { language: "de", total: 0, data: [] });
  });

  it.each([
    ["no language", "filter[where][collection]=workouts", 400, { code: "400", message: "filter[where][language] is required: the language to translate into", details: [{ path: "filter[where][language]", message: "is required" }] }],
    [
      "a language the organization does not have",
      "filter[where][language]=it",
      422,
      {
        code: "422",
        message: "filter[where][language]: 'it' is not a language of this organization; use one of en, de, fr, es",
        details: [{ path: "filter[where][language]", message: "is not a language of this organization" }],
      },
    ],
  ])("refuses %s", async (_case, query, status, body) => {
    expectResponse(await queue(editor, query), status, body);
  });

  it("refuses an unknown collection or state as the filter grammar does (400)", async () => {
    const collections = "workouts, training-plans, on-demand, exercises, equipment, muscle-groups, body-parts, goals, activity-types, providers, categories, equipment/brands, equipment/categories, packages";
    const collectionProblem = `'recipes' is not one of ${collections}`;
    expectResponse(await queue(editor, "filter[where][language]=de&filter[where][collection]=recipes"), 400, {
      code: "400",
      message: `Invalid filter[where][collection]: ${collectionProblem}`,
      details: [{ path: "filter[where][collection]", message: collectionProblem }],
    });
    const stateProblem = "'done' is not one of none, partial, ready; did you mean 'none'?";
    expectResponse(await queue(editor, "filter[where][language]=de&filter[where][state]=done"), 400, {
      code: "400",
      message: `Invalid filter[where][state]: ${stateProblem}`,
      details: [{ path: "filter[where][state]", message: stateProblem }],
    });
  });

  it("is for the people who write content: mobile tokens are refused", async () => {
    const member = (await loginAs(server, "alphaMember", "mobile")).token;
    expectResponse(await queue(member, "filter[where][language]=de"), 403, { code: "403", message: "this endpoint requires a platform token" });
    expectResponse(await call(server, "GET", "/content/translation-queue?filter[where][language]=de"), 401, {
      code: "401",
      message: "authentication required: send 'Authorization: Bearer <token>'",
    });
  });
});
