import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, loginAs } from "../support/api";
import { UPLOADS } from "../support/fixtures";
import { startTestServer, type TestServer } from "../support/server";
import { MISSING_UUID, UUID_PATTERN, create, expectResponse, expectUpload, fieldError, listAll, ok, type Json, type List } from "../support/content";

/** Equipment (with the no-equipment record) and instructors (docs/api.md "Content (lookups, exercises, equipment, instructors, workouts, training plans, on-demand)") over real HTTP. */
let server: TestServer;
let editor: string;
let brand: number;
let otherBrand: number;
let freeWeights: number;
let cardio: number;

beforeAll(async () => {
  server = await startTestServer();
  editor = (await loginAs(server, "alphaEditor")).token;
  brand = (await create<{ id: number }>(server, editor, "/content/equipment/brands", { name: "Ironline" })).id;
  otherBrand = (await create<{ id: number }>(server, editor, "/content/equipment/brands", { name: "Flexo" })).id;
  freeWeights = (await create<{ id: number }>(server, editor, "/content/equipment/categories", { name: "Free weights" })).id;
  cardio = (await create<{ id: number }>(server, editor, "/content/equipment/categories", { name: "Cardio" })).id;
});
afterAll(async () => {
  await server?.stop();
});

describe("equipment", () => {
  let kettlebell: Json & { id: number };

  it("is created with every field (201, Location, ETag) and read back the same", async () => {
    const response = await call<Json & { id: number }>(server, "POST", "/content/equipment", {
      token: editor,
      body: { name: { en: "Kettlebell 16 kg", de: "Kettlebell 16 kg" }, slug: null, brand_id: brand, categories: [freeWeights, cardio], description: "Cast iron", image: UPLOADS.alphaImage.id },
    });
    expect(response.status).toBe(201);
    kettlebell = response.body;
    expect(kettlebell).toEqual({
      id: expect.any(Number),
      name: "Kettlebell 16 kg",
      slug: "kettlebell-16-kg",
      brand_id: brand,
      categories: [freeWeights, cardio],
      no_equipment: false,
      description: "Cast iron",
      image: expect.any(Object),
    });
    expectUpload(kettlebell.image, UPLOADS.alphaImage);
    expect(response.headers.get("location")).toBe(`/api/v3/content/equipment/${kettlebell.id}`);
    const read = await call<Json>(server, "GET", `/content/equipment/${kettlebell.id}`, { token: editor });
    expect(read.body).toEqual(kettlebell);
    expect(read.headers.get("etag")).toBe(response.headers.get("etag"));
  });

  it("lists previews: id, name, slug, brand_id, categories, no_equipment", async () => {
    const list = await listAll<Json>(server, editor, "/content/equipment");
    expect(list.total).toBe(2);
    expect(list.data[0]).toEqual({ id: kettlebell.id, name: "Kettlebell 16 kg", slug: "kettlebell-16-kg", brand_id: brand, categories: [freeWeights, cardio], no_equipment: false });
    expect(list.data[1]).toEqual({ id: expect.any(Number), name: "No equipment", slug: "no-equipment", brand_id: null, categories: [], no_equipment: true });
  });

  it("PUT replaces, PATCH merges", async () => {
    const path = `/content/equipment/${kettlebell.id}`;
    const put = await call<Json>(server, "PUT", path, {
      token: editor,
      body: { name: "Kettlebell 20 kg", slug: "kb-20", brand_id: otherBrand, categories: [cardio], image: { id: UPLOADS.alphaGif.id } },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ id: kettlebell.id, name: "Kettlebell 20 kg", slug: "kb-20", brand_id: otherBrand, categories: [cardio], no_equipment: false, description: "" });
    expectUpload(put.body.image, UPLOADS.alphaGif);
    const patch = await call<Json>(server, "PATCH", `${path}?lang=en,de`, { token: editor, body: { description: { de: "Gusseisen" }, categories: [freeWeights] } });
    expect(patch.status).toBe(200);
    expect(patch.body).toMatchObject({
      name: "Kettlebell 20 kg",
      description: { default: "", en: "", de: "Gusseisen" },
      categories: [freeWeights],
      brand_id: otherBrand,
      slug: "kb-20",
    });
  });

  it.each([
    ["no brand", { brand_id: null }, 422, fieldError(422, "/brand_id", "is required")],
    ["no categories", { categories: [] }, 422, fieldError(422, "/categories", "needs at least one equipment category")],
    ["no image", { image: null }, 422, fieldError(422, "/image", "is required")],
    ["a video as the image", { image: UPLOADS.alphaVideo.id }, 422, fieldError(422, "/image", "must be an image upload (video/mp4)")],
    ["an unknown brand", { brand_id: 987654 }, 422, fieldError(422, "/brand_id", "unknown equipment brand 987654")],
    ["an unknown category", { categories: [987654] }, 422, fieldError(422, "/categories/0", "unknown equipment category 987654")],
    ["an unknown upload", { image: MISSING_UUID }, 422, fieldError(422, "/image", `unknown upload ${MISSING_UUID}`)],
    ["the no-equipment slug", { slug: "no-equipment" }, 409, { code: "409", message: "the slug 'no-equipment' is already taken", details: [{ path: "/slug", message: "is already taken" }] }],
    ["brand_id left out", { brand_id: undefined }, 400, fieldError(400, "/brand_id", "is required")],
    ["categories left out", { categories: undefined }, 400, fieldError(400, "/categories", "is required")],
  ])("refuses %s", async (_label, overrides, status, expected) => {
    const body = { name: "Rope", brand_id: brand, categories: [freeWeights], image: UPLOADS.alphaImage.id, ...overrides };
    expectResponse(await call(server, "POST", "/content/equipment", { token: editor, body }), status, expected);
  });

  it("treats ids beyond the int32 range as unknown: 422 for a reference, 404 for a path (not 500)", async () => {
    const body = { name: "Rope", brand_id: 3000000000, categories: [freeWeights], image: UPLOADS.alphaImage.id };
    const reference = await call<{ details?: { path: string }[] }>(server, "POST", "/content/equipment", { token: editor, body });
    expect({ status: reference.status, paths: reference.body.details?.map((detail) => detail.path) }).toEqual({ status: 422, paths: ["/brand_id"] });
    expectResponse(await call(server, "GET", "/content/equipment/3000000000", { token: editor }), 404, { code: "404", message: "equipment not found" });
  });

  it("filters by brand_id, categories, name and slug", async () => {
    const rower = await create<{ id: number }>(server, editor, "/content/equipment", { name: { en: "Rowing Machine", de: "Rudergerät" }, brand_id: brand, categories: [cardio], image: UPLOADS.alphaImage.id });
    const find = async (query: string) => (await listAll<{ id: number }>(server, editor, "/content/equipment", `${query}&filter[order][id]=asc`)).data.map((item) => item.id);
    expect(await find(`filter[where][brand_id]=${brand}`)).toEqual([rower.id]);
    expect(await find(`filter[where][brand_id][in]=${brand},${otherBrand}`)).toEqual([kettlebell.id, rower.id]);
    expect(await find(`filter[where][categories][in]=${cardio},${freeWeights}`)).toEqual([kettlebell.id, rower.id]);
    expect(await find(`filter[where][categories][and]=${cardio},${freeWeights}`)).toEqual([]);
    expect(await find("filter[where][name][eq]=rudergerät")).toEqual([rower.id]);
    expect(await find("filter[where][name][contains]=machine")).toEqual([rower.id]);
    expect(await find("filter[where][slug]=no-equipment")).toHaveLength(1);
  });

  it("refuses to delete a brand or category that equipment uses (409 naming it)", async () => {
    expectResponse(await call(server, "DELETE", `/content/equipment/brands/${otherBrand}`, { token: editor }), 409, {
      code: "409",
      message: `this equipment brand is still used by equipment ${kettlebell.id} (Kettlebell 20 kg); remove those references first`,
    });
    expectResponse(await call(server, "DELETE", `/content/equipment/categories/${freeWeights}`, { token: editor }), 409, {
      code: "409",
      message: `this equipment category is still used by equipment ${kettlebell.id} (Kettlebell 20 kg); remove those references first`,
    });
  });

  it("deletes equipment nobody uses: 204, then 404", async () => {
    const path = `/content/equipment/${kettlebell.id}`;
    expect((await call(server, "DELETE", path, { token: editor })).status).toBe(204);
    expectResponse(await call(server, "GET", path, { token: editor }), 404, { code: "404", message: "equipment not found" });
    expect((await call(server, "DELETE", `/content/equipment/brands/${otherBrand}`, { token: editor })).status).toBe(204);
  });
});

describe("the no-equipment record", () => {
  let none: Json & { id: number };
  beforeAll(async () => {
    const list = await listAll<Json & { id: number }>(server, editor, "/content/equipment", "filter[where][slug]=no-equipment");
    none = list.data[0]!;
  });

  it("exists in every organization with its name in each enabled language", async () => {
    const read = await call<Json>(server, "GET", `/content/equipment/${none.id}?lang=en,de,fr,es&texts=all`, { token: editor });
    expect(read.body).toEqual({
      id: none.id,
      name: { default: "No equipment", en: "No equipment", de: "Ohne Geräte", fr: "Sans équipement", es: "Sin equipamiento" },
      slug: "no-equipment",
      brand_id: null,
      categories: [],
      no_equipment: true,
      description: { default: "", en: "", de: "", fr: "", es: "" },
      image: null,
    });
  });

  it("cannot be deleted (409), not even with its current ETag", async () => {
    const etag = (await call(server, "GET", `/content/equipment/${none.id}`, { token: editor })).headers.get("etag")!;
    expectResponse(await call(server, "DELETE", `/content/equipment/${none.id}`, { token: editor, headers: { "If-Match": etag } }), 409, {
      code: "409",
      message: "the no-equipment record cannot be deleted",
    });
  });

  it("can be renamed, keeps its slug, and needs no brand, category or image", async () => {
    const response = await call<Json>(server, "PUT", `/content/equipment/${none.id}`, { token: editor, body: { name: "Bodyweight", slug: "bodyweight", brand_id: null, categories: [] } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id: none.id, name: "Bodyweight", slug: "no-equipment", brand_id: null, categories: [], no_equipment: true, description: "", image: null });
  });
});

describe("instructors", () => {
  let alphaUserId: string;
  let betaUserId: string;
  let instructor: Json & { id: string };

  beforeAll(async () => {
    const admin = (await loginAs(server, "alphaAdmin")).token;
    const users = await call<List<{ id: string; email: string }>>(server, "GET", "/users", { token: admin });
    alphaUserId = users.body.data.find((user) => user.email === "editor@alpha.test")!.id;
    const betaAdmin = (await loginAs(server, "betaAdmin")).token;
    const betaUsers = await call<List<{ id: string; email: string }>>(server, "GET", "/users", { token: betaAdmin });
    betaUserId = betaUsers.body.data[0]!.id;
  });

  it("is created with every field and read back the same", async () => {
    const response = await call<Json & { id: string }>(server, "POST", "/content/instructors", {
      token: editor,
      body: { name: "Mara Lind", user_id: alphaUserId, gender: "female", photo: UPLOADS.alphaImage.id },
    });
    expect(response.status).toBe(201);
    instructor = response.body;
    expect(instructor).toEqual({ id: expect.stringMatching(UUID_PATTERN), user_id: alphaUserId, name: "Mara Lind", gender: "female", photo: expect.any(Object) });
    expectUpload(instructor.photo, UPLOADS.alphaImage);
    expect(response.headers.get("location")).toBe(`/api/v3/content/instructors/${instructor.id}`);
    expect((await call(server, "GET", `/content/instructors/${instructor.id}`, { token: editor })).body).toEqual(instructor);
  });

  it("lists previews with the photo resolved", async () => {
    await create(server, editor, "/content/instructors", { name: "Jon Berg" });
    const list = await listAll<Json>(server, editor, "/content/instructors", "filter[order][name]=asc");
    expect(list.total).toBe(2);
    expect(list.data[0]).toEqual({ id: expect.any(String), user_id: null, name: "Jon Berg", gender: null, photo: null });
    expect(list.data[1]).toEqual(instructor);
  });

  it("filters by name, gender and user", async () => {
    const names = async (query: string) => (await listAll<{ name: string }>(server, editor, "/content/instructors", query)).data.map((item) => item.name);
    expect(await names("filter[where][q]=lind")).toEqual(["Mara Lind"]);
    expect(await names("filter[where][name][eq]=jon berg")).toEqual(["Jon Berg"]);
    expect(await names("filter[where][gender]=female")).toEqual(["Mara Lind"]);
    expect(await names(`filter[where][user_id]=${alphaUserId}`)).toEqual(["Mara Lind"]);
  });

  it("PATCH merges and null clears", async () => {
    const response = await call<Json>(server, "PATCH", `/content/instructors/${instructor.id}`, { token: editor, body: { photo: null, gender: "duo" } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...instructor, gender: "duo", photo: null });
  });

  it.each([
    ["no name", {}, 400, fieldError(400, "/name", "is required")],
    ["a blank name", { name: "   " }, 422, fieldError(422, "/name", "must not be empty")],
    ["an unknown user", { name: "X", user_id: MISSING_UUID }, 422, fieldError(422, "/user_id", `unknown user ${MISSING_UUID}`)],
    ["beta's user", { name: "X", user_id: "BETA" }, 422, fieldError(422, "/user_id", "unknown user BETA")],
    ["a video as the photo", { name: "X", photo: UPLOADS.alphaVideo.id }, 422, fieldError(422, "/photo", "must be an image upload (video/mp4)")],
    ["beta's image as the photo", { name: "X", photo: UPLOADS.betaImage.id }, 422, fieldError(422, "/photo", `unknown upload ${UPLOADS.betaImage.id}`)],
    ["an unknown gender", { name: "X", gender: "other" }, 422, fieldError(422, "/gender", 'Invalid option: expected one of "male"|"female"|"duo"')],
  ])("refuses %s", async (_label, body, status, expected) => {
    const resolved = JSON.parse(JSON.stringify(body).replaceAll("BETA", betaUserId)) as Json;
    const expectedResolved = JSON.parse(JSON.stringify(expected).replaceAll("BETA", betaUserId)) as Json;
    expectResponse(await call(server, "POST", "/content/instructors", { token: editor, body: resolved }), status, expectedResolved);
  });

  it("deletes: 204, then 404", async () => {
    expect((await call(server, "DELETE", `/content/instructors/${instructor.id}`, { token: editor })).status).toBe(204);
    expectResponse(await call(server, "GET", `/content/instructors/${instructor.id}`, { token: editor }), 404, { code: "404", message: "instructor not found" });
    const list = ok(await call<List>(server, "GET", "/content/instructors", { token: editor }));
    expect(list.total).toBe(1);
  });
});
