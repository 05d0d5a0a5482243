import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, loginAs } from "../support/api";
import { UPLOADS } from "../support/fixtures";
import { startTestServer, type TestServer } from "../support/server";
import { allItemPhases, create, expectResponse, fieldError, ok, planBody, read, seedCatalogue, type Catalogue, type Json } from "../support/catalogue";
import { exerciseAllTextsSchema, exerciseSchema } from "@/lib/exercises/schemas";
import { trainingPlanAllTextsSchema, trainingPlanSchema } from "@/lib/training-plans/schemas";
import { workoutAllTextsSchema, workoutSchema } from "@/lib/workouts/schemas";

/**
 * The shape of texts on the wire (docs/api.md "Languages"): fields the specification types `string`
 * (phase titles, every notes, timer titles, equipment names …) are plain strings also with `lang=a,b`
 * — the first requested language that has a text, else the default — and MultiLangStrings only with
 * the `texts=all` opt-in; fields typed "string or MultiLangString" are objects with `lang=a,b`.
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

/** Keys under which the phases hold texts typed `string` (docs/api.md "Languages"). */
const PHASE_TEXT_KEYS = new Set(["title", "notes", "timer_title"]);

/** `value` with every phase text (a string under a text key) replaced by `map(text)`. */
function mapPhaseTexts(value: unknown, map: (text: string) => unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => mapPhaseTexts(item, map));
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [key, PHASE_TEXT_KEYS.has(key) && typeof child === "string" ? map(child) : mapPhaseTexts(child, map)]),
  );
}

/** A text as a response holds it: a plain string or a MultiLangString. */
const isText = (value: unknown) => typeof value === "string" || (!!value && typeof value === "object" && "default" in value);

/** Every phase text with its JSON Pointer, ordered by pointer: what the assertions compare. */
function phaseTexts(value: unknown): [string, unknown][] {
  const found: [string, unknown][] = [];
  const walk = (node: unknown, at: string) => {
    if (Array.isArray(node)) node.forEach((item, index) => walk(item, `${at}/${index}`));
    else if (node && typeof node === "object") {
      for (const [key, child] of Object.entries(node)) {
        if (PHASE_TEXT_KEYS.has(key) && isText(child)) found.push([`${at}/${key}`, child]);
        else walk(child, `${at}/${key}`);
      }
    }
  };
  walk(value, "");
  return found.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The cool-down phase keeps its English title only: German readers fall back to it. */
const ENGLISH_ONLY = "Cool down";
const german = (text: string) => (text && text !== ENGLISH_ONLY ? `${text} (de)` : "");

describe("a workout's phase texts (typed string)", () => {
  let id: string;
  const kinds = ["warm-up", "training", "cool-down"];

  beforeAll(async () => {
    // Every item type; each non-empty text in English and German, the cool-down title in English only.
    const phases = mapPhaseTexts(allItemPhases(cat.exercises), (text) => (text ? { en: text, ...(german(text) ? { de: german(text) } : {}) } : ""));
    const workout = await create<{ id: string }>(server, editor, "/content/workouts", {
      title: { en: "Every item", de: "Jedes Element" },
      slug: null,
      description: { en: "All eight types", de: "Alle acht Arten" },
      image: UPLOADS.alphaImage.id,
      gender: "female",
      level: "beginner",
      types: [cat.categories[0]],
      goals: [cat.goals[0]],
      body_parts: [cat.bodyParts[0]],
      locations: ["home"],
      duration: "16-30",
      phases,
    });
    id = workout.id;
  });

  const expectedPlain = (map: (text: string) => string) =>
    phaseTexts((mapPhaseTexts(allItemPhases(cat.exercises), map) as Json[]).map((phase, index) => ({ kind: kinds[index], ...phase })));

  it.each([
    ["de,fr", (text: string) => german(text) || text],
    ["fr,de", (text: string) => german(text) || text],
    ["fr,es", (text: string) => text],
    ["en,de", (text: string) => text],
  ])("lang=%s: every phase text is a plain string in the first requested language that has one, else the default", async (lang, map) => {
    const workout = await read<Json>(server, editor, `/content/workouts/${id}?lang=${lang}`);
    expect(phaseTexts(workout.phases)).toEqual(expectedPlain(map));
    expect(phaseTexts(workout.phases).length).toBe(24);
    // The record's own title and description are typed "string or MultiLangString": objects.
    const [first, second] = lang.split(",") as [string, string];
    const titles: Record<string, string> = { en: "Every item", de: "Jedes Element", fr: "", es: "" };
    const descriptions: Record<string, string> = { en: "All eight types", de: "Alle acht Arten", fr: "", es: "" };
    expect(workout.title).toEqual({ default: "Every item", [first]: titles[first], [second]: titles[second] });
    expect(workout.description).toEqual({ default: "All eight types", [first]: descriptions[first], [second]: descriptions[second] });
    // What a client generated from the specification's types expects.
    expect(workoutSchema.safeParse(workout).success).toBe(true);
  });

  it("texts=all: every phase text is a MultiLangString of every language", async () => {
    const workout = await read<Json>(server, editor, `/content/workouts/${id}?texts=all`);
    const all = (text: string) => ({ default: text, en: text, de: german(text), fr: "", es: "" });
    expect(phaseTexts(workout.phases)).toEqual(phaseTexts((mapPhaseTexts(allItemPhases(cat.exercises), all) as Json[]).map((phase, index) => ({ kind: kinds[index], ...phase }))));
    expect(workout.title).toEqual({ default: "Every item", en: "Every item", de: "Jedes Element", fr: "", es: "" });
    expect(workoutAllTextsSchema.safeParse(workout).success).toBe(true);
    expect(workoutSchema.shape.phases.safeParse(workout.phases).success).toBe(false);
  });

  it("texts=all with lang: MultiLangStrings of the requested languages", async () => {
    const workout = await read<Json>(server, editor, `/content/workouts/${id}?lang=de&texts=all`);
    const [warmUp, , coolDown] = workout.phases as Json[];
    expect(warmUp!.title).toEqual({ default: "Warm up", de: "Warm up (de)" });
    expect(coolDown!.title).toEqual({ default: ENGLISH_ONLY, de: "" });
    expect(workout.title).toEqual({ default: "Every item", de: "Jedes Element" });
  });

  it("one language: plain strings, falling back to the default language", async () => {
    const workout = await read<Json>(server, editor, `/content/workouts/${id}`, { "Accept-Language": "de" });
    expect(phaseTexts(workout.phases)).toEqual(expectedPlain((text) => german(text) || text));
    expect(workout.title).toBe("Jedes Element");
  });

  it("a write answers in the shape its query asks for", async () => {
    const spec = ok(await call<Json>(server, "PATCH", `/content/workouts/${id}?lang=de,fr`, { token: editor, body: { template: true } }));
    expect(phaseTexts(spec.phases)).toEqual(expectedPlain((text) => german(text) || text));
    const all = ok(await call<Json>(server, "PATCH", `/content/workouts/${id}?texts=all`, { token: editor, body: { template: false } }));
    expect((all.phases as Json[])[0]!.title).toEqual({ default: "Warm up", en: "Warm up", de: "Warm up (de)", fr: "", es: "" });
  });

  it("a status change answers in the shape its query asks for", async () => {
    const published = ok(await call<Json>(server, "PATCH", `/content/workouts/${id}/status?lang=de,fr`, { token: editor, body: { de: "published" } }));
    expect((published.phases as Json[])[0]!.title).toBe("Warm up (de)");
    const unpublished = ok(await call<Json>(server, "PATCH", `/content/workouts/${id}/status?texts=all`, { token: editor, body: { de: "unpublished" } }));
    expect((unpublished.phases as Json[])[0]!.title).toEqual({ default: "Warm up", en: "Warm up", de: "Warm up (de)", fr: "", es: "" });
  });

  it("lists ignore both: previews are plain strings", async () => {
    const page = await call<{ data: Json[] }>(server, "GET", `/content/workouts?filter[where][id][eq]=${id}&lang=de,fr&texts=all`, { token: editor });
    expect(ok(page).data[0]!.title).toBe("Every item");
  });

  it.each([
    ["texts=every", "must be 'all'"],
    ["texts=", "must be 'all'"],
    ["texts=ALL", "must be 'all'"],
  ])("%s is a 422 naming texts", async (query, message) => {
    expectResponse(await call(server, "GET", `/content/workouts/${id}?${query}`, { token: editor }), 422, fieldError(422, "/texts", message));
  });
});

describe("a training plan's fitness activities (untyped texts: plain strings)", () => {
  it("are plain strings with lang=a,b and MultiLangStrings with texts=all", async () => {
    const plan = await create<{ id: string }>(server, editor, "/content/training-plans", planBody(cat, { title: { en: "Runs", de: "Läufe" } }));
    const spec = await read<Json & { weeks: { days: { activities: Json[] }[] }[] }>(server, editor, `/content/training-plans/${plan.id}?lang=fr,de`);
    expect(spec.weeks[0]!.days[0]!.activities[0]!.fields).toEqual({ title: "Lockerer Lauf", description: "Plaudertempo", distance: 3000, duration: 1200 });
    expect(spec.title).toEqual({ default: "Runs", fr: "", de: "Läufe" });
    expect(trainingPlanSchema.safeParse(spec).success).toBe(true);
    const all = await read<Json & { weeks: { days: { activities: Json[] }[] }[] }>(server, editor, `/content/training-plans/${plan.id}?lang=fr,de&texts=all`);
    expect(all.weeks[0]!.days[0]!.activities[0]!.fields).toEqual({
      title: { default: "Easy run", fr: "", de: "Lockerer Lauf" },
      description: { default: "Chatty pace", fr: "", de: "Plaudertempo" },
      distance: 3000,
      duration: 1200,
    });
    expect(trainingPlanAllTextsSchema.safeParse(all).success).toBe(true);
  });
});

describe("equipment and exercises", () => {
  it("the equipment name (typed string) is a plain string with lang=a,b; the description an object", async () => {
    const brand = await create<{ id: number }>(server, editor, "/content/equipment/brands", { name: { en: "Ironline", de: "Eisenlinie" } });
    const category = await create<{ id: number }>(server, editor, "/content/equipment/categories", { name: { en: "Free weights", de: "Freie Gewichte" } });
    const equipment = await create<{ id: number }>(server, editor, "/content/equipment", {
      name: { en: "Kettlebell", de: "Kugelhantel" },
      description: { en: "Cast iron" },
      brand_id: brand.id,
      categories: [category.id],
      image: UPLOADS.alphaImage.id,
    });
    const spec = await read<Json>(server, editor, `/content/equipment/${equipment.id}?lang=fr,de`);
    expect(spec).toMatchObject({ name: "Kugelhantel", description: { default: "Cast iron", fr: "", de: "" } });
    const all = await read<Json>(server, editor, `/content/equipment/${equipment.id}?lang=fr,de&texts=all`);
    expect(all).toMatchObject({ name: { default: "Kettlebell", fr: "", de: "Kugelhantel" }, description: { default: "Cast iron", fr: "", de: "" } });
    // Brand and equipment category names are not typed "string or MultiLangString" either.
    expect((await read<Json>(server, editor, `/content/equipment/brands/${brand.id}?lang=de`)).name).toBe("Eisenlinie");
    expect((await read<Json>(server, editor, `/content/equipment/categories/${category.id}?lang=fr,de`)).name).toBe("Freie Gewichte");
    expect((await read<Json>(server, editor, `/content/equipment/brands/${brand.id}?lang=de&texts=all`)).name).toEqual({ default: "Ironline", de: "Eisenlinie" });
  });

  it("an exercise's summary is a plain string with lang=a,b; name and steps objects", async () => {
    const exercise = await create<{ id: string }>(server, editor, "/content/exercises", {
      name: { en: "Lunge", de: "Ausfallschritt" },
      summary: { en: "One leg forward", de: "Ein Bein vor" },
      slug: null,
      level: "beginner",
      gender: "male",
      muscle_groups: [],
      equipment: [],
      types: [cat.categories[0]],
      video: UPLOADS.alphaVideo.id,
      gif: UPLOADS.alphaGif.id,
      image: UPLOADS.alphaImage.id,
      steps: [{ en: "Step forward", de: "Nach vorn treten" }],
    });
    const spec = await read<Json>(server, editor, `/content/exercises/${exercise.id}?lang=de,fr`);
    expect(spec).toMatchObject({
      name: { default: "Lunge", de: "Ausfallschritt", fr: "" },
      summary: "Ein Bein vor",
      steps: [{ default: "Step forward", de: "Nach vorn treten", fr: "" }],
    });
    expect(exerciseSchema.safeParse(spec).success).toBe(true);
    const all = await read<Json>(server, editor, `/content/exercises/${exercise.id}?lang=de,fr&texts=all`);
    expect(all.summary).toEqual({ default: "One leg forward", de: "Ein Bein vor", fr: "" });
    expect(exerciseAllTextsSchema.safeParse(all).success).toBe(true);
  });
});

describe("the OpenAPI document", () => {
  it("documents texts and both record shapes", async () => {
    const document = await read<{ paths: Record<string, Record<string, Json>>; components: { schemas: Record<string, Json> } }>(server, editor, "/openapi.json");
    const get = document.paths["/content/workouts/{id}"]!.get as { parameters: { name: string; schema: Json }[]; responses: Record<string, { content?: Record<string, { schema: Json }> }> };
    expect(get.parameters.find((parameter) => parameter.name === "texts")?.schema).toMatchObject({ type: "string", enum: ["all"] });
    expect(get.responses["200"]!.content!["application/json"]!.schema).toMatchObject({
      anyOf: [{ $ref: "#/components/schemas/Workout" }, { $ref: "#/components/schemas/WorkoutAllTexts" }],
    });
    expect(document.components.schemas.Phase).toMatchObject({ properties: { title: { type: "string" } } });
    expect(document.components.schemas.PhaseAllTexts).toMatchObject({ properties: { title: { type: "object" } } });
    expect(document.components.schemas.Equipment).toMatchObject({ properties: { name: { type: "string" } } });
  });
});
