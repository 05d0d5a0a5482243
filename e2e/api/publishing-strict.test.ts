import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, loginAs } from "../support/api";
import { startTestServer, type TestServer } from "../support/server";
import {
  changeStatus,
  create,
  createIntegrationToken,
  expectResponse,
  fieldError,
  ok,
  read,
  seedCatalogue,
  workoutBody,
  type Catalogue,
  type Json,
  type Publishable,
} from "../support/catalogue";

/**
 * What publishing a language needs (docs/api.md "Publishing"): by default the record's required texts
 * (title and description), so a translator who has done those can publish while phase titles fall back
 * to English (`partial`, listed by the queue); under the organization's strict publishing, every text.
 */
let server: TestServer;
let admin: string;
let editor: string;
let translator: string;
let cat: Catalogue;

beforeAll(async () => {
  server = await startTestServer();
  admin = (await loginAs(server, "alphaAdmin")).token;
  editor = (await loginAs(server, "alphaEditor")).token;
  translator = (await loginAs(server, "alphaTranslator")).token;
  cat = await seedCatalogue(server, editor);
});
afterAll(async () => {
  await server?.stop();
});

/** A workout whose title and description are in English and German, and whose phases are in English only. */
function germanRecordEnglishPhases(): Json {
  return workoutBody(cat, {
    title: { en: "Leg day", de: "Beintag" },
    description: { en: "Squats and lunges", de: "Kniebeugen und Ausfallschritte" },
    phases: [
      { title: "Warm up", time: 300, items: [{ type: "TIMER", notes: "Easy", timer_title: "Mobilise", timer_duration: 300 }] },
      { title: "Main", time: 900, items: [] },
    ],
  });
}

const ORGANIZATION = {
  code: "alpha",
  name: "Alpha Fitness",
  default_language: "en",
  languages: ["en", "de", "fr", "es"],
  webhooks_enabled: false,
};

const setStrict = (token: string, value: unknown) => call<Json>(server, "PATCH", "/organization", { token, body: { strict_publishing: value } });

describe("the organization's settings", () => {
  it("are read by admins, editors and translators; strict publishing is off by default", async () => {
    for (const token of [admin, editor, translator]) {
      expect(await read<Json>(server, token, "/organization")).toEqual({ ...ORGANIZATION, strict_publishing: false, updated_at: expect.any(String) });
    }
  });

  it("are not for members or integration tokens (403)", async () => {
    const member = (await loginAs(server, "alphaMember", "mobile")).token;
    expect((await call(server, "GET", "/organization", { token: member })).status).toBe(403);
    const integration = await createIntegrationToken(server, admin);
    expect((await call(server, "GET", "/organization", { token: integration })).status).toBe(403);
    expect((await call(server, "GET", "/organization")).status).toBe(401);
  });

  it("are changed by admins only (403 for editors), and nothing else changes", async () => {
    expectResponse(await setStrict(editor, true), 403, { code: "403", message: expect.any(String) });
    expectResponse(await setStrict(admin, "yes"), 422, fieldError(422, "/strict_publishing", "must be true or false"));
    const unchanged = ok(await call<Json>(server, "PATCH", "/organization", { token: admin, body: { name: "Renamed", code: "other" } }));
    expect(unchanged).toMatchObject({ ...ORGANIZATION, strict_publishing: false });
    expect((await read<Json>(server, admin, "/organization")).strict_publishing).toBe(false);
  });
});

describe("publishing a language with the nested texts untranslated", () => {
  let workout: Publishable;

  beforeAll(async () => {
    workout = await create<Publishable>(server, editor, "/content/workouts", germanRecordEnglishPhases());
  });

  it("publishes `de` (200): the phase titles fall back to English", async () => {
    const published = ok(await changeStatus(server, translator, "workouts", workout.id, { de: "published" })) as Publishable & { translation_status: Json[] };
    expect(published.status).toEqual({ default: "draft", de: "published" });
    expect(published.translation_status).toContainEqual({ locale: "de", status: "partial" });
    const german = await read<Json & { phases: Json[] }>(server, editor, `/content/workouts/${workout.id}`, { "Accept-Language": "de" });
    expect([german.title, german.phases[0]!.title]).toEqual(["Beintag", "Warm up"]);
  });

  it("is listed by the translation queue as partly translated", async () => {
    const queue = ok(await call<{ data: Json[] }>(server, "GET", "/content/translation-queue?filter[where][language]=de&filter[where][collection]=workouts", { token: translator }));
    expect(queue.data.find((entry) => entry.id === workout.id)).toEqual({
      collection: "workouts",
      id: workout.id,
      title: "Leg day",
      state: "partial",
      translation: "partial",
      status: "published",
      updated_at: expect.any(String),
    });
  });

  it("still needs the required texts: a missing German description is a 422", async () => {
    const record = await create<Publishable>(server, editor, "/content/workouts", { ...germanRecordEnglishPhases(), description: "Only English" });
    expectResponse(await changeStatus(server, editor, "workouts", record.id, { de: "published" }), 422, {
      code: "422",
      message: "cannot publish before these fields are translated: de: /description",
      details: [{ path: "/description", message: "has no de text" }],
    });
  });
});

describe("strict publishing", () => {
  afterAll(async () => {
    ok(await setStrict(admin, false));
  });

  it("is switched on by an admin", async () => {
    const organization = ok(await setStrict(admin, true));
    expect(organization).toEqual({ ...ORGANIZATION, strict_publishing: true, updated_at: expect.any(String) });
    expect((await read<Json>(server, editor, "/organization")).strict_publishing).toBe(true);
  });

  it("refuses `de` (422) while any text with a value lacks German, naming each; publishes once they are translated", async () => {
    const record = await create<Publishable>(server, editor, "/content/workouts", germanRecordEnglishPhases());
    const missing = ["/phases/0/title", "/phases/0/items/0/notes", "/phases/0/items/0/timer_title", "/phases/1/title"];
    expectResponse(await changeStatus(server, translator, "workouts", record.id, { de: "published" }), 422, {
      code: "422",
      message: `cannot publish before these fields are translated: de: ${missing.join(", ")}`,
      details: missing.map((path) => ({ path, message: "has no de text" })),
    });
    expect((await read<Publishable>(server, editor, `/content/workouts/${record.id}`)).status).toEqual({ default: "draft" });

    const phases = [
      { title: { de: "Aufwärmen" }, time: 300, items: [{ type: "TIMER", notes: { de: "Locker" }, timer_title: { de: "Mobilisieren" }, timer_duration: 300 }] },
      { title: { de: "Hauptteil" }, time: 900, items: [] },
    ];
    ok(await call(server, "PATCH", `/content/workouts/${record.id}`, { token: translator, body: { phases } }));
    const published = ok(await changeStatus(server, translator, "workouts", record.id, { de: "published" })) as Publishable & { translation_status: Json[] };
    expect(published.status).toEqual({ default: "draft", de: "published" });
    expect(published.translation_status).toContainEqual({ locale: "de", status: "full" });
  });

  it("keeps every text of a language published under it: clearing a German timer title is a 422 that changes nothing", async () => {
    const record = await create<Publishable & { phases: Json[] }>(server, editor, "/content/workouts", {
      ...germanRecordEnglishPhases(),
      phases: [{ title: { en: "Warm up", de: "Aufwärmen" }, time: 300, items: [{ type: "TIMER", notes: "", timer_title: { en: "Mobilise", de: "Mobilisieren" }, timer_duration: 300 }] }],
    });
    ok(await changeStatus(server, editor, "workouts", record.id, { de: "published" }));
    const cleared = [{ title: { en: "Warm up", de: "Aufwärmen" }, time: 300, items: [{ type: "TIMER", notes: "", timer_title: { en: "Mobilise", de: "" }, timer_duration: 300 }] }];
    expectResponse(await call(server, "PATCH", `/content/workouts/${record.id}`, { token: editor, body: { phases: cleared } }), 422, {
      code: "422",
      message: "/phases/0/items/0/timer_title: is required in de: the record is published in de",
      details: [{ path: "/phases/0/items/0/timer_title", message: "is required in de: the record is published in de" }],
    });
    const german = await read<Json & { phases: { items: Json[] }[] }>(server, editor, `/content/workouts/${record.id}`, { "Accept-Language": "de" });
    expect(german.phases[0]!.items[0]!.timer_title).toBe("Mobilisieren");
    // Without strict publishing only the required texts are kept: the timer title may fall back to English.
    ok(await setStrict(admin, false));
    ok(await call(server, "PATCH", `/content/workouts/${record.id}`, { token: editor, body: { phases: cleared } }));
    ok(await setStrict(admin, true));
  });

  it("applies to publishing again after unpublishing too", async () => {
    const record = await create<Publishable>(server, editor, "/content/workouts", germanRecordEnglishPhases());
    ok(await setStrict(admin, false));
    ok(await changeStatus(server, editor, "workouts", record.id, { de: "published" }));
    ok(await changeStatus(server, editor, "workouts", record.id, { de: "unpublished" }));
    ok(await setStrict(admin, true));
    expect((await changeStatus(server, editor, "workouts", record.id, { de: "published" })).status).toBe(422);
    // Unpublishing and drafts are never held back.
    ok(await changeStatus(server, editor, "workouts", record.id, { de: "draft" }));
  });

  it("is off again once switched off", async () => {
    ok(await setStrict(admin, false));
    const record = await create<Publishable>(server, editor, "/content/workouts", germanRecordEnglishPhases());
    expect((await changeStatus(server, editor, "workouts", record.id, { de: "published" })).status).toBe(200);
  });
});

describe("the OpenAPI document", () => {
  it("describes GET and PATCH /organization", async () => {
    const document = await read<{ paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }>(server, editor, "/openapi.json");
    expect(Object.keys(document.paths["/organization"] ?? {}).sort()).toEqual(["get", "patch"]);
    expect(document.paths["/organization"]!.patch!.responses).toHaveProperty("200");
  });
});
