import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectTextFields } from "@/components/translations/text-fields";
import { apiFetch, call, loginAs } from "../support/api";
import { startTestServer, type TestServer } from "../support/server";
import { allItemPhases, create, expectResponse, MISSING_UUID, ok, read, seedCatalogue, workoutBody, type Catalogue, type Json } from "../support/catalogue";
import { checkXliff21 } from "../support/xliff-schema";

/**
 * The XLIFF 2.1 round trip (docs/api.md "Translation exchange (XLIFF)"): an export a script
 * translates and imports makes German complete; a changed source is a conflict; refused files write
 * nothing; translators write only their languages.
 */
const LANGUAGES = ["en", "de", "fr", "es"];
let server: TestServer;
let editor: string;
let translator: string;
let admin: string;
let betaAdmin: string;
let cat: Catalogue;
const w = { full: "", plain: "", partial: "" };

type Result = { language: string; collection: string; records_updated: number; texts_written: number; texts_unchanged: number; texts_empty: number; conflicts: Json[] };
type Queue = { total: number; data: { id: string; state: string }[] };

async function exportFile(token: string, query: string): Promise<string> {
  const response = await apiFetch(server, `/translations/export?${query}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/xliff+xml; charset=utf-8");
  return response.text();
}

function importFile(token: string, xliff: string, query = "", contentType = "application/xliff+xml") {
  return call<Result>(server, "POST", `/translations/import${query}`, { token, rawBody: xliff, headers: { "Content-Type": contentType } });
}

/** What a translator's CAT tool does: every unit gets a German target (`prefix` + the source). */
function translate(xliff: string, prefix: string): string {
  return xliff.replace(
    /<source xml:space="preserve">([\s\S]*?)<\/source>(?:<target[^>]*>[\s\S]*?<\/target>)?<\/segment>/g,
    (_match, source: string) => `<source xml:space="preserve">${source}</source><target xml:space="preserve">${prefix}${source}</target></segment>`,
  );
}

/** Every text of a record as German next to English (texts=all). */
async function germanTexts(id: string): Promise<[string, string, string][]> {
  const record = await read<Json>(server, editor, `/content/workouts/${id}?lang=${LANGUAGES.join(",")}&texts=all`);
  return collectTextFields(record, LANGUAGES)
    .filter((field) => field.text.en !== "")
    .map((field) => [field.pointer, field.text.en!, field.text.de!]);
}

/**
 * A record (texts=all) and its status history with every German text left out, and what a write
 * changes anyway (its time and completeness); statuses are kept whole, German's included.
 */
function withoutGerman(value: unknown, key = ""): unknown {
  if (key === "status" || key === "history") return value;
  if (Array.isArray(value)) return value.map((item) => withoutGerman(item));
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([name]) => name !== "de" && name !== "updated_at" && name !== "translation_status")
        .map(([name, item]) => [name, withoutGerman(item, name)]),
    );
  }
  return value;
}

const openGerman = async () =>
  ok(await call<Queue>(server, "GET", "/content/translation-queue?filter[where][language]=de&filter[where][collection]=workouts&filter[where][state][in]=none,partial", { token: editor }));

beforeAll(async () => {
  server = await startTestServer();
  editor = (await loginAs(server, "alphaEditor")).token;
  translator = (await loginAs(server, "alphaTranslator")).token;
  admin = (await loginAs(server, "alphaAdmin")).token;
  betaAdmin = (await loginAs(server, "betaAdmin")).token;
  cat = await seedCatalogue(server, editor);
  const make = async (overrides: Json) => (await create<{ id: string }>(server, editor, "/content/workouts", workoutBody(cat, overrides))).id;
  w.full = await make({ title: { en: "All items" }, description: { en: "Everything & more <b>" }, phases: allItemPhases(cat.exercises) });
  w.plain = await make({ title: { en: "Plain" }, description: { en: "Line one\r\nline two" }, phases: [{ title: { en: "Warm up" }, time: 300, items: [] }] });
  w.partial = await make({ title: { en: "Partly", de: "Teilweise" }, description: { en: "Not yet in German" }, phases: [{ title: { en: "Warm up" }, time: 300, items: [] }] });
});
afterAll(async () => {
  await server?.stop();
});

describe("GET /translations/export", () => {
  it("writes one unit per text of the chosen records, nested texts included, valid against the XLIFF 2.1 core schema", async () => {
    const xliff = await exportFile(translator, "language=de&collection=workouts&state=untranslated");
    expect(checkXliff21(xliff)).toEqual([]);
    expect(xliff).toContain('version="2.1" srcLang="en" trgLang="de"');
    const groups = [...xliff.matchAll(/<group id="r\.([^"]+)"/g)].map((match) => match[1]);
    expect(groups.sort()).toEqual([w.full, w.plain].sort());
    const units = [...xliff.matchAll(/<unit id="([^"]+)" name="([^"]+)">/g)].map((match) => [match[1], match[2]]);
    const expected = (await germanTexts(w.full)).map(([pointer]) => [`${w.full}${pointer.replaceAll("/", ".")}`, pointer]);
    expect(expected.some(([, pointer]) => pointer!.startsWith("/phases/1/items/"))).toBe(true);
    expect(units.filter(([id]) => id!.startsWith(w.full)).sort()).toEqual(expected.sort());
    expect(xliff).toContain(`<notes><note category="field">Title (/title)</note></notes>`);
    expect(xliff).toContain('<source xml:space="preserve">Everything &amp; more &lt;b&gt;</source></segment>');
    expect(xliff).toContain('<source xml:space="preserve">Line one&#13;\nline two</source>');
  });

  it("exports partly translated records with their German texts as targets", async () => {
    const xliff = await exportFile(editor, "language=de&collection=workouts&state=partial");
    expect(checkXliff21(xliff)).toEqual([]);
    expect([...xliff.matchAll(/<group id="r\.([^"]+)"/g)].map((match) => match[1])).toEqual([w.partial]);
    expect(xliff).toContain('<segment state="translated"><source xml:space="preserve">Partly</source><target xml:space="preserve">Teilweise</target></segment>');
  });

  it("writes a valid document when nothing matches", async () => {
    const xliff = await exportFile(editor, "language=fr&collection=equipment&state=partial");
    expect(checkXliff21(xliff)).toEqual([]);
    expect(xliff).toContain('<group id="empty"/>');
  });

  it.each([
    ["the default language", "language=en&collection=workouts", "/language", "'en' is the organization's default language, the source of every translation"],
    ["a language the organization lacks", "language=it&collection=workouts", "/language", "'it' is not a language of this organization; use one of de, fr, es"],
  ])("refuses %s with 422", async (_case, query, path, message) => {
    expectResponse(await call(server, "GET", `/translations/export?${query}`, { token: editor }), 422, { code: "422", message: `${path}: ${message}`, details: [{ path, message }] });
  });
});

describe("POST /translations/import", () => {
  let stale = "";

  it("imports an export whose German targets a script filled: German becomes complete", async () => {
    const xliff = await exportFile(translator, "language=de&collection=workouts&state=all");
    stale = translate(xliff, "DE2 ");
    expect((await openGerman()).total).toBe(3);
    const everything = async () => Promise.all([w.full, w.plain, w.partial].map(async (id) => ({ record: await read<Json>(server, editor, `/content/workouts/${id}?texts=all`), history: await read<Json>(server, editor, `/content/workouts/${id}/status-history`) })));
    const before = await everything();
    const result = ok(await importFile(translator, translate(xliff, "DE ")));
    const units = (xliff.match(/<unit /g) ?? []).length;
    expect(result).toEqual({ language: "de", collection: "workouts", records_updated: 3, texts_written: units, texts_unchanged: 0, texts_empty: 0, conflicts: [] });
    expect((await openGerman()).total).toBe(0);
    for (const id of [w.full, w.plain, w.partial]) {
      for (const [pointer, english, german] of await germanTexts(id)) expect([pointer, german]).toEqual([pointer, `DE ${english}`]);
    }
    // Only German changed: French stays empty.
    const record = await read<Json>(server, editor, `/content/workouts/${w.plain}?lang=fr&texts=all`);
    expect((record.title as Json).fr).toBe("");
    // The translator's import wrote German texts and nothing else: every other text, the structure,
    // the statuses and their history are as they were.
    const after = await everything();
    expect(after.map(({ record }) => record.updated_at)).not.toEqual(before.map(({ record }) => record.updated_at));
    expect(after.map((entry) => withoutGerman(entry))).toEqual(before.map((entry) => withoutGerman(entry)));
  });

  it("reports units whose source changed since the export as conflicts and skips them, unless force=true", async () => {
    ok(await call(server, "PATCH", `/content/workouts/${w.plain}`, { token: editor, body: { title: { en: "Plain and simple" } } }));
    const result = ok(await importFile(translator, stale));
    const conflict = { unit: `${w.plain}.title`, record_id: w.plain, path: "/title", resolution: "skipped" };
    expect(result.conflicts).toEqual([conflict]);
    expect(result.records_updated).toBe(3);
    const title = async () => ((await read<Json>(server, editor, `/content/workouts/${w.plain}?lang=de&texts=all`)).title as Json).de;
    expect(await title()).toBe("DE Plain");
    const forced = ok(await importFile(translator, stale, "?force=true"));
    expect(forced.conflicts).toEqual([{ ...conflict, resolution: "written" }]);
    expect(forced.texts_written).toBe(1);
    expect(await title()).toBe("DE2 Plain");
  });

  describe("a refused file writes nothing", () => {
    const head = (trgLang = "de", srcLang = "en") =>
      `<?xml version="1.0" encoding="UTF-8"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.1" srcLang="${srcLang}" trgLang="${trgLang}">\n<file id="workouts">\n`;
    const unitXml = (id: string, target: string) => `<unit id="${id}"><segment><source>x</source><target>${target}</target></segment></unit>\n`;
    const good = () => unitXml(`${w.partial}.description`, "Geändert");
    const file = (units: string, trgLang?: string, srcLang?: string) => `${head(trgLang, srcLang)}${units}</file>\n</xliff>\n`;
    const description = async () => ((await read<Json>(server, editor, `/content/workouts/${w.partial}?lang=de&texts=all`)).description as Json).de;

    it.each([
      ["malformed XML", () => `${head()}${good()}<unit id="${w.plain}.title"><segment><source>x</source><target>y</segment></unit></file></xliff>`, () => `${w.plain}.title`, "malformed XML: unexpected close tag."],
      ["an unknown record", () => file(good() + unitXml(`${MISSING_UUID}.title`, "y")), () => `${MISSING_UUID}.title`, "unknown unit: no workout with id 0e0e0e0e-0000-4000-8000-00000000abcd"],
      ["an unknown text", () => file(good() + unitXml(`${w.plain}.phases.7.title`, "y")), () => `${w.plain}.phases.7.title`, "unknown unit: the workout has no text at /phases/7/title"],
      ["an id that names no record", () => file(good() + unitXml("title", "y")), () => "title", "unknown unit: its id names no workout"],
      ["a wrong target language", () => file(good(), "it"), () => "/xliff/@trgLang", "'it' is not a language of this organization; use one of de, fr, es"],
      ["the default language as target", () => file(good(), "en"), () => "/xliff/@trgLang", "'en' is the organization's default language, the source of every translation"],
      ["a wrong source language", () => file(good(), "de", "fr"), () => "/xliff/@srcLang", "the source language is 'fr'; this organization's texts are translated from 'en'"],
      ["a DOCTYPE", () => `<?xml version="1.0"?><!DOCTYPE xliff [<!ENTITY e SYSTEM "file:///etc/passwd">]>${file(good()).replace(/^<\?xml[^>]*>\n/, "")}`, () => "line 1, column 79", "a document type declaration is not allowed"],
    ])("%s: 422 naming the unit", async (_case, body, path, message) => {
      const before = await description();
      expectResponse(await importFile(editor, body()), 422, { code: "422", message: `${path()}: ${message}`, details: [{ path: path(), message }] });
      expect(await description()).toBe(before);
    });

    it("another media type: 415", async () => {
      expectResponse(await importFile(editor, file(good()), "", "text/plain"), 415, { code: "415", message: "the body must be an XLIFF 2.1 file sent as application/xliff+xml" });
    });

    it("another organization's units are unknown", async () => {
      const body = file(good()).replace(/trgLang="de"/, 'trgLang="de"');
      const path = `${w.partial}.description`;
      const message = `unknown unit: no workout with id ${w.partial}`;
      expectResponse(await importFile(betaAdmin, body), 422, { code: "422", message: `${path}: ${message}`, details: [{ path, message }] });
    });
  });

  it("a translator writes only their own languages", async () => {
    const xliff = translate(await exportFile(admin, "language=fr&collection=workouts&state=all"), "FR ");
    expectResponse(await importFile(translator, xliff), 403, { code: "403", message: "translators can only change their own languages (de); this file is in fr" });
    expect(((await read<Json>(server, editor, `/content/workouts/${w.plain}?lang=fr&texts=all`)).title as Json).fr).toBe("");
    const result = ok(await importFile(admin, xliff));
    expect(result.language).toBe("fr");
    expect(((await read<Json>(server, editor, `/content/workouts/${w.plain}?lang=fr&texts=all`)).title as Json).fr).toBe("FR Plain and simple");
    // German, written by the translator before, is untouched by the French import.
    expect(((await read<Json>(server, editor, `/content/workouts/${w.plain}?lang=de&texts=all`)).title as Json).de).toBe("DE2 Plain");
  });
});
