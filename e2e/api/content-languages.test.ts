import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, loginAs } from "../support/api";
import { startTestServer, type TestServer } from "../support/server";
import { create, createEquipment, exerciseBody, expectResponse, fieldError, ok, type Json, type List } from "../support/content";

/** Languages (docs/api.md "Languages"): Accept-Language, `lang`, Content-Language on writes, translation_status. */
let server: TestServer;
let editor: string;
let chest: number;
let back: number;
let pushUp: Json & { id: string };
let refs: { muscleGroups: number[]; equipment: number[]; categories: number[] };

beforeAll(async () => {
  server = await startTestServer();
  editor = (await loginAs(server, "alphaEditor")).token;
  chest = (await create<{ id: number }>(server, editor, "/content/muscle-groups", { name: { en: "Chest", de: "Brust", fr: "Poitrine" } })).id;
  back = (await create<{ id: number }>(server, editor, "/content/muscle-groups", { name: "Back" })).id;
  const category = (await create<{ id: number }>(server, editor, "/content/categories", { name: "Strength" })).id;
  const equipment = await createEquipment(server, editor, ["Mat"]);
  refs = { muscleGroups: [chest], equipment: equipment.ids, categories: [category] };
  pushUp = await create(
    server,
    editor,
    "/content/exercises",
    exerciseBody(refs, {
      name: { en: "Push-up", de: "Liegestütz" },
      summary: "A classic",
      steps: [{ en: "Hands under shoulders", de: "Hände unter die Schultern" }, "Lower your chest"],
    }),
  );
});
afterAll(async () => {
  await server?.stop();
});

const getExercise = (query = "", headers: Record<string, string> = {}) => call<Json>(server, "GET", `/content/exercises/${pushUp.id}${query}`, { token: editor, headers });
const muscleGroupNames = async (headers: Record<string, string>, query = "") => {
  const response = await call<List<{ id: number; name: unknown }>>(server, "GET", `/content/muscle-groups?filter[order][name]=asc${query}`, { token: editor, headers });
  expect(response.status).toBe(200);
  return { names: response.body.data.map((item) => item.name), contentLanguage: response.headers.get("content-language") };
};

describe("Accept-Language", () => {
  it("answers lists in German, falling back to English where German is missing, with Content-Language: de", async () => {
    const response = await call<List<Json>>(server, "GET", "/content/muscle-groups?filter[order][name]=asc", { token: editor, headers: { "Accept-Language": "de" } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ total: 2, data: [{ id: back, name: "Back", slug: "back" }, { id: chest, name: "Brust", slug: "chest" }] });
    expect(response.headers.get("content-language")).toBe("de");
    expect(response.headers.get("vary")).toMatch(/Accept-Language/i);
  });

  it("answers a get in German, texts and steps, each falling back on its own", async () => {
    const response = await getExercise("", { "Accept-Language": "de" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-language")).toBe("de");
    expect(response.body).toMatchObject({ name: "Liegestütz", summary: "A classic", steps: ["Hände unter die Schultern", "Lower your chest"] });
  });

  it("answers exercise previews in German", async () => {
    const response = await call<List<Json>>(server, "GET", "/content/exercises", { token: editor, headers: { "Accept-Language": "de" } });
    expect(response.body.data.find((item) => item.id === pushUp.id)).toMatchObject({ name: "Liegestütz", summary: "A classic" });
    expect(response.headers.get("content-language")).toBe("de");
  });

  it("answers in the default language without the header", async () => {
    const response = await getExercise();
    expect(response.headers.get("content-language")).toBe("en");
    expect(response.body).toMatchObject({ name: "Push-up", summary: "A classic", steps: ["Hands under shoulders", "Lower your chest"] });
  });

  it.each([
    ["fr;q=0.5, de;q=0.9", "de", "Brust"],
    ["de-AT", "de", "Brust"],
    ["de-at", "de", "Brust"],
    ["fr-CA, de;q=0.8", "fr", "Poitrine"],
    ["it, de;q=0.1", "de", "Brust"],
    ["it", "en", "Chest"],
    ["*", "en", "Chest"],
    ["de;q=0, fr;q=0.2", "fr", "Poitrine"],
    ["es", "es", "Chest"],
    ["de;q=2, fr", "fr", "Poitrine"],
    ["", "en", "Chest"],
  ])("Accept-Language %j answers in %s", async (header, language, chestName) => {
    const { names, contentLanguage } = await muscleGroupNames({ "Accept-Language": header });
    expect(contentLanguage).toBe(language);
    expect(names).toEqual(["Back", chestName]);
  });
});

describe("lang", () => {
  it("lang=de,fr on a get answers MultiLangString objects {default, de, fr} with '' for missing translations", async () => {
    const response = await getExercise("?lang=de,fr");
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      name: { default: "Push-up", de: "Liegestütz", fr: "" },
      summary: "A classic",
      steps: [
        { default: "Hands under shoulders", de: "Hände unter die Schultern", fr: "" },
        { default: "Lower your chest", de: "", fr: "" },
      ],
    });
    expect(Object.keys(response.body.name as Json).sort()).toEqual(["de", "default", "fr"]);
    expect(response.headers.get("content-language")).toBe("de, fr, en");
  });

  it("lang wins over Accept-Language, and a lookup answers the same way", async () => {
    const response = await call<Json>(server, "GET", `/content/muscle-groups/${chest}?lang=fr,en`, { token: editor, headers: { "Accept-Language": "de" } });
    expect(response.body).toEqual({ id: chest, name: { default: "Chest", fr: "Poitrine", en: "Chest" }, slug: "chest" });
  });

  it("lang with one code still answers objects; case and repeats do not matter", async () => {
    expect((await getExercise("?lang=DE,de")).body.name).toEqual({ default: "Push-up", de: "Liegestütz" });
  });

  it("lists ignore lang: texts stay strings", async () => {
    const { names } = await muscleGroupNames({}, "&lang=de,fr");
    expect(names).toEqual(["Back", "Chest"]);
    const exercises = await call<List<Json>>(server, "GET", "/content/exercises?lang=de,fr", { token: editor, headers: { "Accept-Language": "de" } });
    expect(exercises.body.data.find((item) => item.id === pushUp.id)).toMatchObject({ name: "Liegestütz", summary: "A classic" });
  });

  it.each([
    ["xx", "lang: language 'xx' is not enabled for this organization; enabled: en, de, fr, es", [{ path: "lang", message: "language 'xx' is not enabled for this organization; enabled: en, de, fr, es" }]],
    ["de,it", "lang: language 'it' is not enabled for this organization; enabled: en, de, fr, es", [{ path: "lang", message: "language 'it' is not enabled for this organization; enabled: en, de, fr, es" }]],
    ["de_DE", "lang: 'de_DE' is not a language code", [{ path: "lang", message: "'de_DE' is not a language code" }]],
    [
      "xx,yy",
      "lang: 2 language codes cannot be served; see details",
      [
        { path: "lang", message: "language 'xx' is not enabled for this organization; enabled: en, de, fr, es" },
        { path: "lang", message: "language 'yy' is not enabled for this organization; enabled: en, de, fr, es" },
      ],
    ],
  ])("lang=%s on a get is a 400 naming lang", async (lang, message, details) => {
    expectResponse(await getExercise(`?lang=${lang}`), 400, { code: "400", message, details });
  });
});

describe("writing texts", () => {
  it("a plain string with Content-Language: de sets only the German text", async () => {
    const path = `/content/muscle-groups/${back}`;
    const response = await call<Json>(server, "PATCH", path, { token: editor, body: { name: "Rücken" }, headers: { "Content-Language": "de" } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id: back, name: "Back", slug: "back" });
    expect((await call<Json>(server, "GET", `${path}?lang=en,de,fr`, { token: editor })).body.name).toEqual({ default: "Back", en: "Back", de: "Rücken", fr: "" });
  });

  it("a PUT with plain strings and Content-Language: de replaces German and keeps English", async () => {
    const path = `/content/muscle-groups/${back}`;
    ok(await call(server, "PUT", path, { token: editor, body: { name: "Oberer Rücken", slug: "back" }, headers: { "Content-Language": "de" } }));
    expect((await call<Json>(server, "GET", `${path}?lang=de`, { token: editor })).body.name).toEqual({ default: "Back", de: "Oberer Rücken" });
  });

  it("a plain-string step with Content-Language: de translates that step in place", async () => {
    const created = await create<{ id: string }>(server, editor, "/content/exercises", exerciseBody(refs, { name: "Plank", steps: ["Lie down", "Hold"] }));
    const path = `/content/exercises/${created.id}`;
    ok(await call(server, "PATCH", path, { token: editor, body: { steps: ["Hinlegen", "Halten"] }, headers: { "Content-Language": "de" } }));
    expect((await call<Json>(server, "GET", `${path}?lang=de`, { token: editor })).body.steps).toEqual([
      { default: "Lie down", de: "Hinlegen" },
      { default: "Hold", de: "Halten" },
    ]);
  });

  it("creating with only a German plain string is a 422: the default language is required", async () => {
    const response = await call(server, "POST", "/content/muscle-groups", { token: editor, body: { name: "Bauch" }, headers: { "Content-Language": "de" } });
    expectResponse(response, 422, fieldError(422, "/name", "a value in the default language (en) is required"));
  });

  it("an object's `default` key writes the default language", async () => {
    const created = await create<{ id: number }>(server, editor, "/content/muscle-groups", { name: { default: "Shoulders", de: "Schultern" } });
    expect((await call<Json>(server, "GET", `/content/muscle-groups/${created.id}?lang=en,de`, { token: editor })).body.name).toEqual({ default: "Shoulders", en: "Shoulders", de: "Schultern" });
  });

  it("an empty string removes a translation, and reads fall back to English", async () => {
    const created = await create<{ id: number }>(server, editor, "/content/muscle-groups", { name: { en: "Glutes", de: "Gesäß" } });
    const path = `/content/muscle-groups/${created.id}`;
    ok(await call(server, "PATCH", path, { token: editor, body: { name: { de: "" } } }));
    expect((await call<Json>(server, "GET", path, { token: editor, headers: { "Accept-Language": "de" } })).body.name).toBe("Glutes");
    expect((await call<Json>(server, "GET", `${path}?lang=de`, { token: editor })).body.name).toEqual({ default: "Glutes", de: "" });
  });

  it.each([
    [{ "Content-Language": "xx" }, { name: "X" }, 400, { code: "400", message: "Content-Language: language 'xx' is not enabled for this organization; enabled: en, de, fr, es", details: [{ path: "Content-Language", message: "language 'xx' is not enabled for this organization; enabled: en, de, fr, es" }] }],
    [{ "Content-Language": "de, fr" }, { name: "X" }, 400, { code: "400", message: "Content-Language: names several languages; text written as a plain string needs exactly one", details: [{ path: "Content-Language", message: "names several languages; text written as a plain string needs exactly one" }] }],
    [{}, { name: { default: "Calves", en: "Calf" } }, 422, fieldError(422, "/name/en", "conflicts with 'default': both set the 'en' translation")],
  ])("refuses a write with %j and %j", async (headers, body, status, expected) => {
    expectResponse(await call(server, "POST", "/content/muscle-groups", { token: editor, body, headers }), status, expected);
  });
});

describe("translation_status", () => {
  const statuses = (record: Json) => record.translation_status;
  const entries = (en: string, de: string, fr: string, es: string) => [
    { locale: "en", status: en },
    { locale: "de", status: de },
    { locale: "fr", status: fr },
    { locale: "es", status: es },
  ];

  it("is full / partial / none per enabled language: English everything, German the name only", async () => {
    const created = await create<Json & { id: string }>(
      server,
      editor,
      "/content/exercises",
      exerciseBody(refs, { name: { en: "Dip", de: "Dip" }, summary: "Triceps", steps: ["Lower", "Push"] }),
    );
    expect(statuses(created)).toEqual(entries("full", "partial", "none", "none"));
    const list = await call<List<Json>>(server, "GET", "/content/exercises?filter[limit]=250", { token: editor });
    expect(statuses(list.body.data.find((item) => item.id === created.id)!)).toEqual(entries("full", "partial", "none", "none"));

    const path = `/content/exercises/${created.id}`;
    const german = await call<Json>(server, "PATCH", path, {
      token: editor,
      body: { summary: { de: "Trizeps" }, steps: [{ de: "Senken" }, { de: "Drücken" }] },
    });
    expect(statuses(german.body)).toEqual(entries("full", "full", "none", "none"));
    const french = await call<Json>(server, "PATCH", path, { token: editor, body: { summary: { fr: "Triceps" } } });
    expect(statuses(french.body)).toEqual(entries("full", "full", "partial", "none"));
  });

  it("leaves out a text that is empty in every language (no summary: name and steps decide)", async () => {
    const created = await create<Json>(
      server,
      editor,
      "/content/exercises",
      exerciseBody(refs, { name: { en: "Crunch", de: "Crunch" }, summary: undefined, steps: [{ en: "Curl up", de: "Aufrollen" }] }),
    );
    expect(statuses(created)).toEqual(entries("full", "full", "none", "none"));
  });

  it("lists only the organization's enabled languages (beta: en, de)", async () => {
    const betaAdmin = (await loginAs(server, "betaAdmin")).token;
    const list = await call<List<{ id: number }>>(server, "GET", "/content/equipment", { token: betaAdmin });
    expect(list.body.data).toHaveLength(1);
    const noEquipment = await call<Json>(server, "GET", `/content/equipment/${list.body.data[0]!.id}?lang=en,de&texts=all`, { token: betaAdmin });
    expect(noEquipment.body.name).toEqual({ default: "No equipment", en: "No equipment", de: "Ohne Geräte" });
    const french = await call(server, "GET", `/content/equipment/${list.body.data[0]!.id}?lang=fr`, { token: betaAdmin });
    expectResponse(french, 400, {
      code: "400",
      message: "lang: language 'fr' is not enabled for this organization; enabled: en, de",
      details: [{ path: "lang", message: "language 'fr' is not enabled for this organization; enabled: en, de" }],
    });
  });
});
