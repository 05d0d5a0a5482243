import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTranslationPatch, collectTextFields } from "@/components/translations/text-fields";
import { call, loginAs } from "../support/api";
import { startTestServer, type TestServer } from "../support/server";
import { allItemPhases, create, ok, onDemandBody, planBody, read, run, seedCatalogue, workoutBody, type Catalogue, type Json } from "../support/catalogue";

/**
 * The translation workspace's save (ADR 11) against the real API: for every collection the
 * workspace serves, the merge patch it builds from a record read with every language writes the
 * translator's language and nothing else — accepted under the translator rule, other languages and
 * all structure unchanged.
 */
const LANGUAGES = ["en", "de", "fr", "es"];
let server: TestServer;
let editor: string;
let translator: string;
let cat: Catalogue;

beforeAll(async () => {
  server = await startTestServer();
  editor = (await loginAs(server, "alphaEditor")).token;
  translator = (await loginAs(server, "alphaTranslator")).token;
  cat = await seedCatalogue(server, editor);
});
afterAll(async () => {
  await server?.stop();
});

/** Every text of the record translated into German by the workspace's patch, as the German translator. */
async function translateAll(collection: string, id: string | number): Promise<{ before: Json; after: Json }> {
  const path = `/content/${collection}/${id}`;
  const before = await read<Json>(server, editor, `${path}?lang=${LANGUAGES.join(",")}&texts=all`);
  const fields = collectTextFields(before, LANGUAGES);
  expect(fields.length).toBeGreaterThan(0);
  const values = new Map(fields.map((field) => [field.pointer, `DE ${field.pointer}`]));
  const response = await call<Json>(server, "PATCH", `${path}?lang=${LANGUAGES.join(",")}&texts=all`, { token: translator, body: buildTranslationPatch(before, values, "de", LANGUAGES) });
  const after = ok(response);
  expect(collectTextFields(after, LANGUAGES).map((field) => [field.pointer, field.text.de])).toEqual(fields.map((field) => [field.pointer, `DE ${field.pointer}`]));
  return { before, after };
}

/** The record with every German text and the derived fields left out. */
function withoutGerman(record: Json): unknown {
  return JSON.parse(JSON.stringify(record), (key, value: unknown) => (key === "de" || key === "updated_at" || key === "translation_status" ? undefined : value));
}

describe("the workspace's translation patch", () => {
  it.each([
    ["a workout with every item type", "workouts", () => workoutBody(cat, { title: { en: "All items" }, description: { en: "Everything" }, phases: allItemPhases(cat.exercises) })],
    ["a training plan with fitness activities", "training-plans", () => planBody(cat, { weeks: [{ days: [{ activities: [run()] }, { activities: [] }] }, { days: [{ activities: [run(), run()] }] }] })],
    ["an on-demand item", "on-demand", () => onDemandBody(cat)],
  ])("writes only German into %s", async (_case, collection, body) => {
    const created = await create<{ id: string }>(server, editor, `/content/${collection}`, body());
    const { before, after } = await translateAll(collection, created.id);
    expect(withoutGerman(after)).toEqual(withoutGerman(before));
  });

  it("writes only German into an exercise's name and steps", async () => {
    const id = cat.exercises[0];
    await call(server, "PATCH", `/content/exercises/${id}`, { token: editor, body: { steps: [{ en: "Stand tall", fr: "Tenez-vous droit" }, { en: "Sit back" }] } });
    const { before, after } = await translateAll("exercises", id);
    expect(withoutGerman(after)).toEqual(withoutGerman(before));
    expect((after.steps as Json[])[0]).toEqual({ default: "Stand tall", en: "Stand tall", de: "DE /steps/0", fr: "Tenez-vous droit", es: "" });
  });

  it("writes only German into a lookup", async () => {
    const { before, after } = await translateAll("goals", cat.goals[0]);
    expect(withoutGerman(after)).toEqual(withoutGerman(before));
  });
});
