import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, loginAs } from "../support/api";
import { UPLOADS } from "../support/fixtures";
import { startTestServer, type TestServer } from "../support/server";
import { LOOKUP_KINDS, create, createEquipment, exerciseBody, expectResponse, ok, type Json, type List } from "../support/content";

/**
 * Who may do what with content (docs/api.md "Roles and scopes"; docs/api.md "Content (lookups, exercises, equipment, instructors, workouts, training plans, on-demand)"): ETag/If-Match, read-only tokens, the
 * translator rule, tenancy; and that writes in organizations without webhooks never trip on the outbox.
 */
let server: TestServer;
let editor: string;
let refs: { muscleGroups: number[]; equipment: number[]; categories: number[] };
let brandId: number;
let equipmentCategoryId: number;
let exercise: Json & { id: string };

beforeAll(async () => {
  server = await startTestServer();
  editor = (await loginAs(server, "alphaEditor")).token;
  const muscleGroup = (await create<{ id: number }>(server, editor, "/content/muscle-groups", { name: { en: "Chest", de: "Brust" } })).id;
  const category = (await create<{ id: number }>(server, editor, "/content/categories", { name: "Strength" })).id;
  const equipment = await createEquipment(server, editor, ["Kettlebell"]);
  brandId = equipment.brandId;
  equipmentCategoryId = equipment.categoryId;
  refs = { muscleGroups: [muscleGroup], equipment: equipment.ids, categories: [category] };
  exercise = await create(server, editor, "/content/exercises", exerciseBody(refs, { name: { en: "Push-up", de: "Liegestütz" }, steps: [{ en: "Push", de: "Drücken" }] }));
});
afterAll(async () => {
  await server?.stop();
});

const STALE = { code: "412", message: "the record has changed since it was read: reload it, or send its current ETag in If-Match" };

describe("ETag and If-Match", () => {
  let path: string;
  let etag: string;

  beforeAll(async () => {
    const created = await call<Json>(server, "POST", "/content/muscle-groups", { token: editor, body: { name: "Back" } });
    path = `/content/muscle-groups/${created.body.id as number}`;
    etag = created.headers.get("etag")!;
  });

  it("GET answers the record's ETag, the same on every read", async () => {
    const first = await call(server, "GET", path, { token: editor });
    const second = await call(server, "GET", path, { token: editor });
    expect(first.headers.get("etag")).toBe(etag);
    expect(second.headers.get("etag")).toBe(etag);
  });

  it("PUT with the current ETag succeeds and answers a new one; the old one is then stale (412) and changes nothing", async () => {
    const put = await call<Json>(server, "PUT", path, { token: editor, body: { name: "Upper Back" }, headers: { "If-Match": etag } });
    expect(put.status).toBe(200);
    const next = put.headers.get("etag")!;
    expect(next).toMatch(/^"[^"]+"$/);
    expect(next).not.toBe(etag);
    expect((await call(server, "GET", path, { token: editor })).headers.get("etag")).toBe(next);

    expectResponse(await call(server, "PUT", path, { token: editor, body: { name: "Lost Update" }, headers: { "If-Match": etag } }), 412, STALE);
    expectResponse(await call(server, "PATCH", path, { token: editor, body: { name: "Lost Update" }, headers: { "If-Match": etag } }), 412, STALE);
    expectResponse(await call(server, "DELETE", path, { token: editor, headers: { "If-Match": etag } }), 412, STALE);
    const read = await call<Json>(server, "GET", path, { token: editor });
    expect(read.body.name).toBe("Upper Back");
    expect(read.headers.get("etag")).toBe(next);
    etag = next;
  });

  it("PATCH honours If-Match too", async () => {
    const patched = await call(server, "PATCH", path, { token: editor, body: { name: { de: "Oberer Rücken" } }, headers: { "If-Match": etag } });
    expect(patched.status).toBe(200);
    expect(patched.headers.get("etag")).not.toBe(etag);
    etag = patched.headers.get("etag")!;
  });

  it("accepts If-Match: * and a list that holds the current tag; refuses a weak tag", async () => {
    const star = await call(server, "PUT", path, { token: editor, body: { name: "Upper Back" }, headers: { "If-Match": "*" } });
    expect(star.status).toBe(200);
    etag = star.headers.get("etag")!;
    const listed = await call(server, "PATCH", path, { token: editor, body: { name: "Upper Back" }, headers: { "If-Match": `"nope", ${etag}` } });
    expect(listed.status).toBe(200);
    etag = listed.headers.get("etag")!;
    expectResponse(await call(server, "PATCH", path, { token: editor, body: { name: "Weak" }, headers: { "If-Match": `W/${etag}` } }), 412, STALE);
  });

  it("DELETE with the current ETag deletes; a missing record is a 404, not a 412", async () => {
    const removed = await call(server, "DELETE", path, { token: editor, headers: { "If-Match": etag } });
    expect(removed.status).toBe(204);
    expectResponse(await call(server, "PUT", path, { token: editor, body: { name: "Ghost" }, headers: { "If-Match": etag } }), 404, { code: "404", message: "muscle group not found" });
  });

  it("works the same on exercises", async () => {
    const exercisePath = `/content/exercises/${exercise.id}`;
    const read = await call<Json>(server, "GET", exercisePath, { token: editor });
    const current = read.headers.get("etag")!;
    const changed = await call(server, "PATCH", exercisePath, { token: editor, body: { level: "advanced" }, headers: { "If-Match": current } });
    expect(changed.status).toBe(200);
    expectResponse(await call(server, "PATCH", exercisePath, { token: editor, body: { level: "beginner" }, headers: { "If-Match": current } }), 412, STALE);
    const { id: _id, translation_status: _t, created_at: _c, updated_at: _u, ...input } = read.body;
    expectResponse(await call(server, "PUT", exercisePath, { token: editor, body: input, headers: { "If-Match": current } }), 412, STALE);
    expectResponse(await call(server, "DELETE", exercisePath, { token: editor, headers: { "If-Match": current } }), 412, STALE);
    expect((await call<Json>(server, "GET", exercisePath, { token: editor })).body.level).toBe("advanced");
  });
});

describe("read-only tokens", () => {
  const READ_PATHS = () => [...LOOKUP_KINDS.map((kind) => kind.path), "/content/equipment", "/content/instructors", "/content/exercises", `/content/exercises/${exercise.id}`];
  const writes = () =>
    [
      ["POST", "/content/muscle-groups", { name: "Abs" }],
      ["PUT", `/content/muscle-groups/${refs.muscleGroups[0]}`, { name: "Abs" }],
      ["PATCH", `/content/muscle-groups/${refs.muscleGroups[0]}`, { name: "Abs" }],
      ["DELETE", `/content/muscle-groups/${refs.muscleGroups[0]}`, undefined],
      ["POST", "/content/exercises", exerciseBody(refs)],
      ["PATCH", `/content/exercises/${exercise.id}`, { level: "beginner" }],
      ["DELETE", `/content/exercises/${exercise.id}`, undefined],
      ["POST", "/content/equipment", { name: "Rope", brand_id: brandId, categories: [equipmentCategoryId], image: UPLOADS.alphaImage.id }],
      ["POST", "/content/instructors", { name: "Mara" }],
    ] as const;

  async function expectReadOnly(token: string, message: string) {
    for (const path of READ_PATHS()) {
      const response = await call(server, "GET", path, { token });
      expect({ path, status: response.status }).toEqual({ path, status: 200 });
    }
    for (const [method, path, body] of writes()) {
      const response = await call(server, method, path, { token, body });
      expect({ method, path, status: response.status, body: response.body }).toEqual({ method, path, status: 403, body: { code: "403", message } });
    }
    const exerciseNow = await call<Json>(server, "GET", `/content/exercises/${exercise.id}`, { token: editor });
    expect(exerciseNow.status).toBe(200);
  }

  it("a member's mobile token reads lookups and exercises; every write is a 403", async () => {
    const mobile = (await loginAs(server, "alphaMember", "mobile")).token;
    await expectReadOnly(mobile, "mobile tokens are read-only");
  });

  it("an admin's mobile token is read-only as well", async () => {
    const mobile = (await loginAs(server, "alphaAdmin", "mobile")).token;
    await expectReadOnly(mobile, "mobile tokens are read-only");
  });

  it.each(["mobile", "platform"])("an integration token (scope %s) reads content; every write is a 403", async (scope) => {
    const admin = (await loginAs(server, "alphaAdmin")).token;
    const issued = await call<{ token: string }>(server, "POST", "/auth/integration", { token: admin, body: { name: `Reader ${scope}`, scope } });
    expect(issued.status).toBe(201);
    await expectReadOnly(issued.body.token, "integration tokens can only read /content/... endpoints");
  });

  it("answers 401 without a token", async () => {
    expectResponse(await call(server, "GET", "/content/exercises"), 401, { code: "401", message: "authentication required: send 'Authorization: Bearer <token>'" });
    expectResponse(await call(server, "POST", "/content/muscle-groups", { body: { name: "Abs" } }), 401, { code: "401", message: "authentication required: send 'Authorization: Bearer <token>'" });
  });
});

describe("translators (alphaTranslator: de only)", () => {
  let translator: string;
  const exercisePath = () => `/content/exercises/${exercise.id}`;
  const forbidden = (message: string) => ({ code: "403", message });

  beforeAll(async () => {
    translator = (await loginAs(server, "alphaTranslator")).token;
  });

  it("cannot create or delete records (403)", async () => {
    const message = "translators can edit the texts of existing records only";
    expectResponse(await call(server, "POST", "/content/exercises", { token: translator, body: exerciseBody(refs) }), 403, forbidden(message));
    expectResponse(await call(server, "POST", "/content/muscle-groups", { token: translator, body: { name: "Abs" } }), 403, forbidden(message));
    expectResponse(await call(server, "DELETE", exercisePath(), { token: translator }), 403, forbidden(message));
    expectResponse(await call(server, "DELETE", `/content/muscle-groups/${refs.muscleGroups[0]}`, { token: translator }), 403, forbidden(message));
    expect((await call(server, "GET", exercisePath(), { token: editor })).status).toBe(200);
  });

  it("reads everything", async () => {
    expect((await call(server, "GET", exercisePath(), { token: translator })).status).toBe(200);
    expect((await call(server, "GET", "/content/exercises", { token: translator })).status).toBe(200);
  });

  it("may change German texts: name, summary and steps (PATCH 200)", async () => {
    const response = await call<Json>(server, "PATCH", `${exercisePath()}?lang=de`, {
      token: translator,
      body: { name: { de: "Liegestütze" }, summary: { de: "Ein Klassiker" }, steps: [{ de: "Hochdrücken" }] },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ name: { default: "Push-up", de: "Liegestütze" }, summary: "Ein Klassiker", steps: [{ default: "Push", de: "Hochdrücken" }] });
    const plain = await call(server, "PATCH", exercisePath(), { token: translator, body: { name: "Liegestütz" }, headers: { "Content-Language": "de" } });
    expect(plain.status).toBe(200);
    const lookup = await call(server, "PATCH", `/content/muscle-groups/${refs.muscleGroups[0]}`, { token: translator, body: { name: { de: "Brustmuskel" } } });
    expect(lookup.status).toBe(200);
  });

  it("may PUT the whole record when only German texts differ", async () => {
    const read = await call<Json>(server, "GET", `${exercisePath()}?lang=en,de`, { token: translator });
    const { id: _id, translation_status: _t, created_at: _c, updated_at: _u, ...input } = read.body;
    const response = await call(server, "PUT", exercisePath(), { token: translator, body: { ...input, name: { en: "Push-up", de: "Liegestütz!" } } });
    expect(response.status).toBe(200);
  });

  it.each([
    ["the French name", () => ({ name: { fr: "Pompe" } }), "translators can only change their own languages (de); this change touches fr"],
    ["the English name", () => ({ name: { en: "Press-up" } }), "translators can only change their own languages (de); this change touches en"],
    ["the default-language name (key default)", () => ({ name: { default: "Press-up" } }), "translators can only change their own languages (de); this change touches en"],
    ["a plain-string name (default language)", () => ({ name: "Press-up" }), "translators can only change their own languages (de); this change touches en"],
    ["the level", () => ({ level: "intermediate" }), "translators can only change texts; 'level' is not a text field"],
    ["the muscle groups", () => ({ muscle_groups: [] }), "translators can only change texts; 'muscle_groups' is not a text field"],
    ["the image", () => ({ image: UPLOADS.alphaGif.id }), "translators can only change texts; 'image' is not a text field"],
    ["the number of steps", () => ({ steps: [{ en: "Push", de: "Drücken" }, { en: "Rest", de: "Pause" }] }), "translators can only change texts; 'steps' is not a text field"],
    ["the slug", () => ({ slug: "translated-push-up" }), "translators can only change texts; 'slug' is not a text field"],
  ])("may not change %s (403 naming it), and nothing changes", async (_label, body, message) => {
    const before = await call<Json>(server, "GET", exercisePath(), { token: editor });
    expectResponse(await call(server, "PATCH", exercisePath(), { token: translator, body: body() }), 403, forbidden(message));
    const after = await call<Json>(server, "GET", exercisePath(), { token: editor });
    expect(after.body).toEqual(before.body);
    expect(after.headers.get("etag")).toBe(before.headers.get("etag"));
  });

  it("may not change an equipment record's brand (403 naming brand_id)", async () => {
    const otherBrand = (await create<{ id: number }>(server, editor, "/content/equipment/brands", { name: "Other Brand" })).id;
    const response = await call(server, "PATCH", `/content/equipment/${refs.equipment[0]}`, { token: translator, body: { brand_id: otherBrand } });
    expectResponse(response, 403, forbidden("translators can only change texts; 'brand_id' is not a text field"));
  });

  it("may not change an instructor (its name is not a translatable text)", async () => {
    const instructor = await create<{ id: string }>(server, editor, "/content/instructors", { name: "Mara Lind" });
    const response = await call(server, "PATCH", `/content/instructors/${instructor.id}`, { token: translator, body: { name: "Mara Lindqvist" } });
    expectResponse(response, 403, forbidden("translators can only change texts; 'name' is not a text field"));
  });
});

describe("tenancy", () => {
  let betaAdmin: string;
  beforeAll(async () => {
    betaAdmin = (await loginAs(server, "betaAdmin")).token;
  });

  it("beta's admin gets 404 for alpha's records on GET, PUT, PATCH and DELETE", async () => {
    const cases: [string, string, Json][] = [
      ["exercise", `/content/exercises/${exercise.id}`, exerciseBody({ muscleGroups: [], equipment: [], categories: [] }, { video: UPLOADS.betaImage.id })],
      ["muscle group", `/content/muscle-groups/${refs.muscleGroups[0]}`, { name: "Taken over" }],
      ["content category", `/content/categories/${refs.categories[0]}`, { name: "Taken over" }],
      ["equipment", `/content/equipment/${refs.equipment[0]}`, { name: "Taken over", brand_id: null, categories: [] }],
    ];
    for (const [label, path, body] of cases) {
      const notFound = { code: "404", message: `${label} not found` };
      for (const method of ["GET", "PUT", "PATCH", "DELETE"]) {
        const response = await call(server, method, path, { token: betaAdmin, body: method === "PUT" || method === "PATCH" ? body : undefined });
        expect({ method, path, status: response.status, body: response.body }).toEqual({ method, path, status: 404, body: notFound });
      }
    }
    expect((await call(server, "GET", `/content/exercises/${exercise.id}`, { token: editor })).status).toBe(200);
  });

  it("beta's lists do not show alpha's records", async () => {
    for (const path of ["/content/exercises", "/content/muscle-groups", "/content/categories", "/content/equipment/brands"]) {
      const list = ok(await call<List>(server, "GET", path, { token: betaAdmin }));
      expect({ path, list }).toEqual({ path, list: { total: 0, data: [] } });
    }
    const equipment = ok(await call<List<Json>>(server, "GET", "/content/equipment", { token: betaAdmin }));
    expect(equipment.data.map((item) => item.no_equipment)).toEqual([true]);
    expect(equipment.data[0]!.id).not.toBe(refs.equipment[0]);
  });

  it("alpha's ids are unknown in beta's references (422 naming each)", async () => {
    const response = await call(server, "POST", "/content/exercises", {
      token: betaAdmin,
      body: exerciseBody(refs, { video: UPLOADS.alphaVideo.id, gif: UPLOADS.alphaGif.id, image: UPLOADS.betaImage.id }),
    });
    expectResponse(response, 422, {
      code: "422",
      message: `/muscle_groups/0: unknown muscle group ${refs.muscleGroups[0]} (and 4 more)`,
      details: [
        { path: "/muscle_groups/0", message: `unknown muscle group ${refs.muscleGroups[0]}` },
        { path: "/equipment/0", message: `unknown equipment ${refs.equipment[0]}` },
        { path: "/types/0", message: `unknown content category ${refs.categories[0]}` },
        { path: "/video", message: `unknown upload ${UPLOADS.alphaVideo.id}` },
        { path: "/gif", message: `unknown upload ${UPLOADS.alphaGif.id}` },
      ],
    });
    const equipment = await call(server, "POST", "/content/equipment", { token: betaAdmin, body: { name: "Rope", brand_id: brandId, categories: [equipmentCategoryId], image: UPLOADS.alphaImage.id } });
    expectResponse(equipment, 422, {
      code: "422",
      message: `/categories/0: unknown equipment category ${equipmentCategoryId} (and 2 more)`,
      details: [
        { path: "/categories/0", message: `unknown equipment category ${equipmentCategoryId}` },
        { path: "/brand_id", message: `unknown equipment brand ${brandId}` },
        { path: "/image", message: `unknown upload ${UPLOADS.alphaImage.id}` },
      ],
    });
  });

  it("slugs are unique per organization: beta may use alpha's", async () => {
    const created = await create<Json>(server, betaAdmin, "/content/muscle-groups", { name: "Chest" });
    expect(created.slug).toBe("chest");
  });
});

describe("organizations without webhooks (the outbox is skipped)", () => {
  it("every kind of write succeeds in beta", async () => {
    const betaAdmin = (await loginAs(server, "betaAdmin")).token;
    for (const kind of LOOKUP_KINDS) {
      const created = await call<Json>(server, "POST", kind.path, { token: betaAdmin, body: { name: "Outbox Check" } });
      const path = `${kind.path}/${String(created.body.id)}`;
      const put = await call(server, "PUT", path, { token: betaAdmin, body: { name: "Outbox Check 2" } });
      const patch = await call(server, "PATCH", path, { token: betaAdmin, body: { name: { de: "Postausgang" } } });
      const removed = await call(server, "DELETE", path, { token: betaAdmin });
      expect({ path: kind.path, statuses: [created.status, put.status, patch.status, removed.status] }).toEqual({ path: kind.path, statuses: [201, 200, 200, 204] });
    }
    const muscleGroup = await create<{ id: number }>(server, betaAdmin, "/content/muscle-groups", { name: "Legs" });
    const category = await create<{ id: number }>(server, betaAdmin, "/content/categories", { name: "Cardio" });
    const brand = await create<{ id: number }>(server, betaAdmin, "/content/equipment/brands", { name: "Beta Brand" });
    const equipmentCategory = await create<{ id: number }>(server, betaAdmin, "/content/equipment/categories", { name: "Beta Category" });
    const equipment = await create<{ id: number }>(server, betaAdmin, "/content/equipment", { name: "Step", brand_id: brand.id, categories: [equipmentCategory.id], image: UPLOADS.betaImage.id });
    const instructor = await create<{ id: string }>(server, betaAdmin, "/content/instructors", { name: "Beta Coach", photo: UPLOADS.betaImage.id });
    // Beta has no video upload, so no exercise can be made there; alpha's suites cover exercise writes.
    expect((await call(server, "PATCH", `/content/equipment/${equipment.id}`, { token: betaAdmin, body: { description: "A step" } })).status).toBe(200);
    expect((await call(server, "PATCH", `/content/instructors/${instructor.id}`, { token: betaAdmin, body: { gender: "female" } })).status).toBe(200);
    expect((await call(server, "DELETE", `/content/instructors/${instructor.id}`, { token: betaAdmin })).status).toBe(204);
    expect((await call(server, "DELETE", `/content/equipment/${equipment.id}`, { token: betaAdmin })).status).toBe(204);
    expect((await call(server, "DELETE", `/content/muscle-groups/${muscleGroup.id}`, { token: betaAdmin })).status).toBe(204);
    expect((await call(server, "DELETE", `/content/categories/${category.id}`, { token: betaAdmin })).status).toBe(204);
  });
});

describe("concurrent writes", () => {
  it("creates with the same name at once all succeed, each with its own generated slug", async () => {
    // More writers than a create's retries: only taking turns (not retrying) gets every one through.
    const responses = await Promise.all(Array.from({ length: 10 }, () => call<Json>(server, "POST", "/content/goals", { token: editor, body: { name: "Race Day" } })));
    expect(responses.map((response) => response.status)).toEqual(Array.from({ length: 10 }, () => 201));
    expect(responses.map((response) => response.body.slug).sort()).toEqual(["race-day", ...Array.from({ length: 9 }, (_, index) => `race-day-${index + 2}`)].sort());
  });

  it("creates with the same given slug at once: one 201, the others 409 (never a 500)", async () => {
    const responses = await Promise.all(Array.from({ length: 6 }, () => call<Json>(server, "POST", "/content/goals", { token: editor, body: { name: "Given", slug: "given-slug" } })));
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const response of responses.filter((candidate) => candidate.status === 409)) {
      expect(response.body).toEqual({ code: "409", message: "the slug 'given-slug' is already taken", details: [{ path: "/slug", message: "is already taken" }] });
    }
  });

  it("merge patches of different fields sent at once both take effect", async () => {
    const created = await create<{ id: string }>(server, editor, "/content/exercises", exerciseBody(refs, { level: "beginner", gender: "male" }));
    const path = `/content/exercises/${created.id}`;
    const rounds: [string, string][] = [
      ["advanced", "female"],
      ["intermediate", "duo"],
      ["beginner", "male"],
      ["advanced", "duo"],
      ["intermediate", "female"],
    ];
    for (const [level, gender] of rounds) {
      const [first, second] = await Promise.all([
        call(server, "PATCH", path, { token: editor, body: { level } }),
        call(server, "PATCH", path, { token: editor, body: { gender } }),
      ]);
      expect([first.status, second.status]).toEqual([200, 200]);
      const read = await call<Json>(server, "GET", path, { token: editor });
      expect({ level: read.body.level, gender: read.body.gender }).toEqual({ level, gender });
    }
  });
});
