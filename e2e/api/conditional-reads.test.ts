import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, loginAs, type ApiResponse } from "../support/api";
import { startTestServer, type TestServer } from "../support/server";
import { create, ok, read, seedCatalogue, workoutBody, type Catalogue, type Json } from "../support/catalogue";

/**
 * Conditional reads (docs/api.md "Conditional reads"): content GETs are private and revalidated, a
 * record answers 304 to the If-None-Match of its current representation, a list to its page's weak tag.
 */
let server: TestServer;
let editor: string;
let member: string;
let cat: Catalogue;

beforeAll(async () => {
  server = await startTestServer();
  editor = (await loginAs(server, "alphaEditor")).token;
  member = (await loginAs(server, "alphaMember", "mobile")).token;
  cat = await seedCatalogue(server, editor);
});
afterAll(async () => {
  await server?.stop();
});

/** The headers every content read carries, on 200 and 304 alike (Next.js adds its own Vary entries). */
function expectReadHeaders(response: ApiResponse<unknown>): void {
  expect(response.headers.get("cache-control")).toBe("private, no-cache");
  const vary = (response.headers.get("vary") ?? "").split(",").map((name) => name.trim().toLowerCase());
  expect(vary).toEqual(expect.arrayContaining(["authorization", "accept-language"]));
}

/** A 304: no body, the same validator and cache headers. */
function expectNotModified(response: ApiResponse<unknown>, etag: string): void {
  expect({ status: response.status, body: response.body }).toEqual({ status: 304, body: undefined });
  expect(response.headers.get("etag")).toBe(etag);
  expect(response.headers.get("content-type")).toBeNull();
  expectReadHeaders(response);
}

describe("a record", () => {
  let path: string;
  let etag: string;

  beforeAll(async () => {
    const workout = await create<{ id: string }>(server, editor, "/content/workouts", workoutBody(cat));
    path = `/content/workouts/${workout.id}`;
  });

  it("answers 200 with a strong ETag of its representation and the cache headers", async () => {
    const response = await call<Json>(server, "GET", path, { token: editor });
    expect(response.status).toBe(200);
    etag = response.headers.get("etag")!;
    expect(etag).toMatch(new RegExp(`^"${path.split("/").pop()}\\.1\\.[A-Za-z0-9_-]{16}"$`));
    expectReadHeaders(response);
  });

  it("answers 304 without a body to its current ETag, also written weak, in a list, or as *", async () => {
    expectNotModified(await call(server, "GET", path, { token: editor, headers: { "If-None-Match": etag } }), etag);
    expectNotModified(await call(server, "GET", path, { token: editor, headers: { "If-None-Match": `W/${etag}` } }), etag);
    expectNotModified(await call(server, "GET", path, { token: editor, headers: { "If-None-Match": `"other", ${etag}` } }), etag);
    expectNotModified(await call(server, "GET", path, { token: editor, headers: { "If-None-Match": "*" } }), etag);
  });

  it("answers 200 with the body to another tag", async () => {
    const response = await call<Json>(server, "GET", path, { token: editor, headers: { "If-None-Match": '"stale.1.AAAAAAAAAAAAAAAA"' } });
    expect(response.status).toBe(200);
    expect(response.body.id).toBe(path.split("/").pop());
  });

  it("has another ETag in another language or shape; each revalidates on its own and each works as If-Match", async () => {
    const german = await call(server, "GET", path, { token: editor, headers: { "Accept-Language": "de" } });
    const all = await call(server, "GET", `${path}?texts=all`, { token: editor });
    const tags = [etag, german.headers.get("etag")!, all.headers.get("etag")!];
    expect(new Set(tags).size).toBe(3);
    expectNotModified(await call(server, "GET", path, { token: editor, headers: { "Accept-Language": "de", "If-None-Match": tags[1]! } }), tags[1]!);
    expect((await call(server, "GET", path, { token: editor, headers: { "If-None-Match": tags[1]! } })).status).toBe(200);
    // If-Match compares the record version the tags share.
    const patched = await call(server, "PATCH", path, { token: editor, body: { template: true }, headers: { "If-Match": tags[2]! } });
    expect(patched.status).toBe(200);
    expect((await call(server, "PATCH", path, { token: editor, body: { template: false }, headers: { "If-Match": tags[1]! } })).status).toBe(412);
  });

  it("answers 200 with a new ETag once the record changed; the write answered that same tag", async () => {
    const written = ok(await call<Json>(server, "PATCH", path, { token: editor, body: { template: false } }));
    expect(written.template).toBe(false);
    const before = await call(server, "GET", path, { token: editor, headers: { "If-None-Match": etag } });
    expect(before.status).toBe(200);
    const current = before.headers.get("etag")!;
    expect(current).not.toBe(etag);
    expectNotModified(await call(server, "GET", path, { token: editor, headers: { "If-None-Match": current } }), current);
  });

  it("answers 304 to a member too, and 404 (not 304) once the record is no longer visible", async () => {
    ok(await call(server, "PATCH", `${path}/status`, { token: editor, body: { default: "published" } }));
    const first = await call(server, "GET", path, { token: member });
    expect(first.status).toBe(200);
    const tag = first.headers.get("etag")!;
    expectNotModified(await call(server, "GET", path, { token: member, headers: { "If-None-Match": tag } }), tag);
    ok(await call(server, "PATCH", `${path}/status`, { token: editor, body: { default: "unpublished" } }));
    expect((await call(server, "GET", path, { token: member, headers: { "If-None-Match": tag } })).status).toBe(404);
  });
});

describe("a list", () => {
  const query = () => `/content/body-parts?filter[where][id][in]=${cat.bodyParts.join(",")}&filter[order][id]=asc`;

  it("answers a weak ETag of the page and 304 to it", async () => {
    const first = await call<{ total: number }>(server, "GET", query(), { token: editor });
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(3);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]{16}"$/);
    expectReadHeaders(first);
    expectNotModified(await call(server, "GET", query(), { token: editor, headers: { "If-None-Match": etag } }), etag);
    // The weak comparison of If-None-Match also accepts the opaque tag without W/.
    expectNotModified(await call(server, "GET", query(), { token: editor, headers: { "If-None-Match": etag.slice(2) } }), etag);
  });

  it("changes its ETag when a record of the page changes, when the total changes, and with the language", async () => {
    const etag = (await call(server, "GET", query(), { token: editor })).headers.get("etag")!;
    const german = (await call(server, "GET", query(), { token: editor, headers: { "Accept-Language": "de" } })).headers.get("etag")!;
    expect(german).not.toBe(etag);

    ok(await call(server, "PATCH", `/content/body-parts/${cat.bodyParts[1]}`, { token: editor, body: { name: { de: "Rumpf" } } }));
    const renamed = await call(server, "GET", query(), { token: editor, headers: { "If-None-Match": etag } });
    expect(renamed.status).toBe(200);
    const afterRename = renamed.headers.get("etag")!;
    expect(afterRename).not.toBe(etag);

    // Another page size shows fewer records: another page, another tag.
    const short = await call(server, "GET", `${query()}&filter[limit]=2`, { token: editor, headers: { "If-None-Match": afterRename } });
    expect(short.status).toBe(200);

    const extra = await create<{ id: number }>(server, editor, "/content/body-parts", { name: "Neck" });
    const wider = `/content/body-parts?filter[where][id][in]=${[...cat.bodyParts, extra.id].join(",")}&filter[order][id]=asc&filter[limit]=3`;
    const before = (await call(server, "GET", wider, { token: editor })).headers.get("etag")!;
    ok(await call(server, "DELETE", `/content/body-parts/${extra.id}`, { token: editor }), 204);
    const after = await call<{ total: number }>(server, "GET", wider, { token: editor, headers: { "If-None-Match": before } });
    expect({ status: after.status, total: after.body.total }).toEqual({ status: 200, total: 3 });
  });
});

describe("the OpenAPI document", () => {
  it("lists the 304 answers, the If-None-Match parameter and the cache headers of content reads", async () => {
    const document = await read<{ paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; responses: Record<string, { headers?: Json }> }>> }>(server, editor, "/openapi.json");
    for (const path of ["/content/workouts", "/content/workouts/{id}", "/content/body-parts", "/content/equipment/{id}"]) {
      const get = document.paths[path]!.get!;
      expect(Object.keys(get.responses), path).toContain("304");
      expect(Object.keys(get.responses["304"]!.headers ?? {}).sort(), path).toEqual(["Cache-Control", "Content-Language", "ETag", "Vary"]);
      expect(Object.keys(get.responses["200"]!.headers ?? {}).sort(), path).toEqual(["Cache-Control", "Content-Language", "ETag", "Vary"]);
      expect(get.parameters?.find((parameter) => parameter.name === "if-none-match")?.in, path).toBe("header");
    }
  });
});
