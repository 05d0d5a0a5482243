import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, loginAs } from "../support/api";
import { startTestServer, type TestServer } from "../support/server";
import { LOOKUP_KINDS, MISSING_UUID, UUID_PATTERN, expectResponse, fieldError, ok, type Json, type List, type LookupKind } from "../support/content";

/**
 * The lookup collections (docs/api.md "Content (lookups, exercises, equipment, instructors, workouts, training plans, on-demand)": `{id, name, slug}`; categories also `uuid`, packages a
 * uuid id and a description): the six endpoints, slugs, and the write errors, over real HTTP.
 */
let server: TestServer;
let editor: string;
beforeAll(async () => {
  server = await startTestServer();
  editor = (await loginAs(server, "alphaEditor")).token;
});
afterAll(async () => {
  await server?.stop();
});

/** The record a lookup answers for `name`/`slug`, with the members its kind adds. */
function expectedRecord(kind: LookupKind, record: Json, name: unknown, slug: string, description: unknown = ""): Json {
  return {
    id: record.id,
    ...(kind.withUuid ? { uuid: record.uuid } : {}),
    name,
    ...(kind.withDescription ? { description } : {}),
    slug,
  };
}

describe.each(LOOKUP_KINDS)("$path", (kind) => {
  const state: { first?: Json; second?: Json; etag?: string } = {};
  const notFound = { code: "404", message: `${kind.label} not found` };

  it("creates a record: 201 with Location, ETag, and the record; the slug comes from the default-language name", async () => {
    const response = await call<Json>(server, "POST", kind.path, { token: editor, body: { name: "Upper Body" } });
    expect(response.status).toBe(201);
    const body = response.body;
    if (kind.idKind === "int") expect(body.id).toEqual(expect.any(Number));
    else expect(body.id).toMatch(UUID_PATTERN);
    if (kind.withUuid) expect(body.uuid).toMatch(UUID_PATTERN);
    expect(body).toEqual(expectedRecord(kind, body, "Upper Body", "upper-body"));
    expect(Object.keys(body)).toEqual(Object.keys(expectedRecord(kind, body, "", "")));
    expect(response.headers.get("location")).toBe(`/api/v3${kind.path}/${String(body.id)}`);
    expect(response.headers.get("etag")).toMatch(/^"[^"]+"$/);
    expect(response.headers.get("content-language")).toBe("en");
    state.first = body;
    state.etag = response.headers.get("etag")!;
  });

  it("numbers a generated slug that is taken: a second 'Upper Body' gets upper-body-2", async () => {
    const body = { name: "Upper Body", ...(kind.withDescription ? { description: "The second one" } : {}) };
    const second = (await call<Json>(server, "POST", kind.path, { token: editor, body })).body;
    expect(second).toEqual(expectedRecord(kind, second, "Upper Body", "upper-body-2", "The second one"));
    expect(second.id).not.toEqual(state.first!.id);
    state.second = second;
  });

  it("gets the record with the same ETag as the create", async () => {
    const response = await call<Json>(server, "GET", `${kind.path}/${String(state.first!.id)}`, { token: editor });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(state.first);
    expect(response.headers.get("etag")).toBe(state.etag);
  });

  it("lists {total, data} with every record, newest first", async () => {
    const response = await call<List>(server, "GET", kind.path, { token: editor });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ total: 2, data: [state.second, state.first] });
  });

  it("replaces the record with PUT: new name, given slug, new ETag", async () => {
    const body = { name: "Lower Body", slug: "lower-body-x", ...(kind.withDescription ? { description: "Legs and hips" } : {}) };
    const response = await call<Json>(server, "PUT", `${kind.path}/${String(state.first!.id)}`, { token: editor, body });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(expectedRecord(kind, state.first!, "Lower Body", "lower-body-x", "Legs and hips"));
    expect(response.headers.get("etag")).toMatch(/^"[^"]+"$/);
    expect(response.headers.get("etag")).not.toBe(state.etag);
    const read = await call<Json>(server, "GET", `${kind.path}/${String(state.first!.id)}`, { token: editor });
    expect(read.body).toEqual(response.body);
    expect(read.headers.get("etag")).toBe(response.headers.get("etag"));
  });

  it("merge-patches a German name in, keeping the English one and the rest", async () => {
    const path = `${kind.path}/${String(state.first!.id)}`;
    const response = await call<Json>(server, "PATCH", path, { token: editor, body: { name: { de: "Unterkörper" } } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(expectedRecord(kind, state.first!, "Lower Body", "lower-body-x", "Legs and hips"));
    const allTexts = expectedRecord(kind, state.first!, { default: "Lower Body", en: "Lower Body", de: "Unterkörper" }, "lower-body-x", { default: "Legs and hips", en: "Legs and hips", de: "" });
    const both = await call<Json>(server, "GET", `${path}?lang=de,en`, { token: editor });
    // A name typed "string or MultiLangString" is an object; other texts are the first requested language's.
    expect(both.body).toEqual(
      expectedRecord(kind, state.first!, kind.isNameMultiLang ? allTexts.name : "Unterkörper", "lower-body-x", "Legs and hips"),
    );
    expect((await call<Json>(server, "GET", `${path}?lang=en,de&texts=all`, { token: editor })).body).toEqual(allTexts);
  });

  it("PUT with slug null generates it again from the name", async () => {
    const path = `${kind.path}/${String(state.first!.id)}`;
    const response = await call<Json>(server, "PUT", path, { token: editor, body: { name: { en: "Lower Body", de: "Unterkörper" }, slug: null } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(expectedRecord(kind, state.first!, "Lower Body", "lower-body"));
  });

  it.each([
    ["a taken slug", () => ({ name: "Anything", slug: "upper-body-2" }), 409, { code: "409", message: "the slug 'upper-body-2' is already taken", details: [{ path: "/slug", message: "is already taken" }] }],
    ["a slug with capitals and a space", () => ({ name: "Anything", slug: "Upper Body" }), 422, fieldError(422, "/slug", "must be lowercase letters and digits separated by single dashes")],
    ["a slug with a double dash", () => ({ name: "Anything", slug: "upper--body" }), 422, fieldError(422, "/slug", "must be lowercase letters and digits separated by single dashes")],
    ["a slug shorter than 3 characters", () => ({ name: "Anything", slug: "ab" }), 422, fieldError(422, "/slug", "must be at least 3 characters")],
    ["no name", () => ({ slug: "no-name" }), 400, fieldError(400, "/name", "is required")],
    ["a name only in German (default en)", () => ({ name: { de: "Nur Deutsch" } }), 422, fieldError(422, "/name", "a value in the default language (en) is required")],
    ["an empty name", () => ({ name: "" }), 422, fieldError(422, "/name", "a value in the default language (en) is required")],
    ["a name in a language alpha does not enable", () => ({ name: { en: "Arms", it: "Braccia" } }), 422, fieldError(422, "/name/it", "language 'it' is not enabled for this organization; enabled: en, de, fr, es")],
  ])("refuses to create with %s", async (_label, body, status, expected) => {
    const response = await call(server, "POST", kind.path, { token: editor, body: body() });
    expectResponse(response, status, expected);
  });

  it("refuses a PUT to a slug another record has (409), and leaves the record alone", async () => {
    const path = `${kind.path}/${String(state.second!.id)}`;
    const response = await call(server, "PUT", path, { token: editor, body: { name: "Upper Body", slug: "lower-body" } });
    expectResponse(response, 409, { code: "409", message: "the slug 'lower-body' is already taken", details: [{ path: "/slug", message: "is already taken" }] });
    expect((await call<Json>(server, "GET", path, { token: editor })).body).toEqual(state.second);
  });

  it("keeps its own slug on PUT (a record does not conflict with itself)", async () => {
    const path = `${kind.path}/${String(state.second!.id)}`;
    const body = { name: "Upper Body 2", slug: "upper-body-2", ...(kind.withDescription ? { description: "The second one" } : {}) };
    const response = await call<Json>(server, "PUT", path, { token: editor, body });
    expectResponse(response, 200, expectedRecord(kind, state.second!, "Upper Body 2", "upper-body-2", "The second one"));
  });

  it("deletes: 204, then 404 for GET, PUT, PATCH and DELETE", async () => {
    const path = `${kind.path}/${String(state.first!.id)}`;
    const removed = await call(server, "DELETE", path, { token: editor });
    expect(removed.status).toBe(204);
    expect(removed.body).toBeUndefined();
    expectResponse(await call(server, "GET", path, { token: editor }), 404, notFound);
    expectResponse(await call(server, "PUT", path, { token: editor, body: { name: "Ghost" } }), 404, notFound);
    expectResponse(await call(server, "PATCH", path, { token: editor, body: { name: "Ghost" } }), 404, notFound);
    expectResponse(await call(server, "DELETE", path, { token: editor }), 404, notFound);
    const list = ok(await call<List>(server, "GET", kind.path, { token: editor }));
    expect(list.total).toBe(1);
    expect(list.data.map((record) => record.id)).toEqual([state.second!.id]);
  });

  it("frees a deleted record's slug", async () => {
    const again = ok(await call<Json>(server, "POST", kind.path, { token: editor, body: { name: "Lower Body", slug: "lower-body" } }), 201);
    expect(again.slug).toBe("lower-body");
  });

  it("answers 404 for an id that does not exist", async () => {
    const id = kind.idKind === "int" ? 987654 : MISSING_UUID;
    expectResponse(await call(server, "GET", `${kind.path}/${id}`, { token: editor }), 404, notFound);
  });

  it("answers 422 for an id of the wrong kind", async () => {
    const response = await call(server, "GET", `${kind.path}/not-an-id`, { token: editor });
    expectResponse(response, 422, fieldError(422, "/id", kind.idKind === "int" ? "Invalid input: expected number, received NaN" : "must be a uuid"));
  });
});

describe("ids beyond the int32 range", () => {
  // An id column is a PostgreSQL integer: a larger id can name no record, so it is a 404, not a 500.
  it.each(LOOKUP_KINDS.filter((kind) => kind.idKind === "int"))("GET $path/3000000000 is a 404", async (kind) => {
    const response = await call(server, "GET", `${kind.path}/3000000000`, { token: editor });
    expectResponse(response, 404, { code: "404", message: `${kind.label} not found` });
  });
});

describe("slugs", () => {
  it("are made from the default-language name: accents folded, punctuation dropped, ß as ss", async () => {
    const cases: [unknown, string][] = [
      [{ en: "Core & Abs!", de: "Rumpf" }, "core-abs"],
      ["  Äußere Schräge  ", "aussere-schrage"],
      [{ de: "Zuerst Deutsch", en: "Second English" }, "second-english"],
    ];
    for (const [name, slug] of cases) {
      const created = ok(await call<Json>(server, "POST", "/content/muscle-groups", { token: editor, body: { name } }), 201);
      expect(created.slug).toBe(slug);
    }
  });

  it("are numbered on and on: -2, -3 … and a deleted number is reused", async () => {
    const slugs: string[] = [];
    const ids: unknown[] = [];
    for (let i = 0; i < 4; i++) {
      const created = ok(await call<Json>(server, "POST", "/content/body-parts", { token: editor, body: { name: "Full Body" } }), 201);
      slugs.push(created.slug as string);
      ids.push(created.id);
    }
    expect(slugs).toEqual(["full-body", "full-body-2", "full-body-3", "full-body-4"]);
    expect((await call(server, "DELETE", `/content/body-parts/${String(ids[1])}`, { token: editor })).status).toBe(204);
    const next = ok(await call<Json>(server, "POST", "/content/body-parts", { token: editor, body: { name: "Full Body" } }), 201);
    expect(next.slug).toBe("full-body-2");
  });

  it("are unique per collection, not across collections", async () => {
    const goal = ok(await call<Json>(server, "POST", "/content/goals", { token: editor, body: { name: "Shared Name" } }), 201);
    const provider = ok(await call<Json>(server, "POST", "/content/providers", { token: editor, body: { name: "Shared Name" } }), 201);
    expect([goal.slug, provider.slug]).toEqual(["shared-name", "shared-name"]);
  });
});

describe("content packages", () => {
  it("write and read a description in several languages", async () => {
    const created = ok(
      await call<Json>(server, "POST", "/content/packages", { token: editor, body: { name: { en: "Premium", de: "Premium" }, description: { en: "Everything", de: "Alles" } } }),
      201,
    );
    expect(created).toEqual({ id: created.id, name: "Premium", description: "Everything", slug: "premium" });
    const german = await call<Json>(server, "GET", `/content/packages/${String(created.id)}`, { token: editor, headers: { "Accept-Language": "de" } });
    expect(german.body).toEqual({ id: created.id, name: "Premium", description: "Alles", slug: "premium" });
    const patched = await call<Json>(server, "PATCH", `/content/packages/${String(created.id)}`, { token: editor, body: { description: { de: "" } } });
    expect(patched.status).toBe(200);
    const multi = await call<Json>(server, "GET", `/content/packages/${String(created.id)}?lang=de`, { token: editor });
    expect(multi.body).toEqual({ id: created.id, name: "Premium", description: "Everything", slug: "premium" });
    const all = await call<Json>(server, "GET", `/content/packages/${String(created.id)}?lang=de&texts=all`, { token: editor });
    expect(all.body).toEqual({ id: created.id, name: { default: "Premium", de: "Premium" }, description: { default: "Everything", de: "" }, slug: "premium" });
  });
});

describe("content categories by uuid", () => {
  it("filter by uuid (eq, in): the ids on-demand items hold, read in one request", async () => {
    const names = ["Yoga flow", "Pilates core", "Boxing basics"];
    const created = [];
    for (const name of names) created.push(ok(await call<Json>(server, "POST", "/content/categories", { token: editor, body: { name } }), 201));
    const [yoga, pilates] = created as [Json, Json, Json];

    const both = ok(await call<List>(server, "GET", `/content/categories?filter[where][uuid][in]=${String(yoga.uuid)},${String(pilates.uuid)}&filter[order][name]=asc`, { token: editor }));
    expect(both).toEqual({ total: 2, data: [pilates, yoga] });
    const one = ok(await call<List>(server, "GET", `/content/categories?filter[where][uuid]=${String(yoga.uuid)}`, { token: editor }));
    expect(one).toEqual({ total: 1, data: [yoga] });
    const none = ok(await call<List>(server, "GET", `/content/categories?filter[where][uuid][eq]=${MISSING_UUID}`, { token: editor }));
    expect(none).toEqual({ total: 0, data: [] });
  });

  it("is a filter of content categories only", async () => {
    const message = "unknown filter field 'uuid'; allowed: q, id, name, slug";
    const response = await call<Json>(server, "GET", `/content/goals?filter[where][uuid][eq]=${MISSING_UUID}`, { token: editor });
    expectResponse(response, 400, { code: "400", message: `Invalid filter[where][uuid][eq]: ${message}`, details: [{ path: "filter[where][uuid][eq]", message }] });
  });
});
