import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, loginAs } from "../support/api";
import { UPLOADS } from "../support/fixtures";
import { startTestServer, type TestServer } from "../support/server";
import {
  MISSING_UUID,
  UUID_PATTERN,
  create,
  exerciseBody,
  expectResponse,
  expectUpload,
  fieldError,
  listAll,
  ok,
  type Json,
  type List,
} from "../support/content";

/** Exercises (docs/api.md "Content (lookups, exercises, equipment, instructors, workouts, training plans, on-demand)"): the record, its previews, every list filter, references and deletes. */
let server: TestServer;
let editor: string;

type Exercise = Json & { id: string; name: string; updated_at: string };
const ids = {} as {
  muscle: { legs: number; back: number; chest: number };
  category: { filters: number; other: number };
  brand: { ironline: number; flexo: number; benchmark: number };
  equipment: { kettlebell: number; dumbbell: number; band: number; bench: number; none: number };
  exercise: Record<"squat" | "swing" | "row" | "pullApart" | "pushUp" | "press", string>;
};

const lookup = async (path: string, name: unknown) => (await create<{ id: number }>(server, editor, path, { name })).id;

beforeAll(async () => {
  server = await startTestServer();
  editor = (await loginAs(server, "alphaEditor")).token;
  ids.muscle = {
    legs: await lookup("/content/muscle-groups", "Legs"),
    back: await lookup("/content/muscle-groups", "Back"),
    chest: await lookup("/content/muscle-groups", { en: "Chest", de: "Brust" }),
  };
  ids.category = { filters: await lookup("/content/categories", "Strength"), other: await lookup("/content/categories", "Mobility") };
  ids.brand = {
    ironline: await lookup("/content/equipment/brands", "Ironline"),
    flexo: await lookup("/content/equipment/brands", "Flexo"),
    benchmark: await lookup("/content/equipment/brands", "Benchmark"),
  };
  const equipmentCategory = await lookup("/content/equipment/categories", "Free weights");
  const equipment = async (name: string, brand: number) =>
    (await create<{ id: number }>(server, editor, "/content/equipment", { name, brand_id: brand, categories: [equipmentCategory], image: UPLOADS.alphaImage.id })).id;
  const all = await listAll<{ id: number; no_equipment: boolean }>(server, editor, "/content/equipment");
  ids.equipment = {
    kettlebell: await equipment("Kettlebell", ids.brand.ironline),
    dumbbell: await equipment("Dumbbell", ids.brand.ironline),
    band: await equipment("Resistance Band", ids.brand.flexo),
    bench: await equipment("Bench", ids.brand.benchmark),
    none: all.data.find((record) => record.no_equipment)!.id,
  };
  const { muscle, equipment: eq } = ids;
  // The exercises the filter tests look at all carry the "Strength" category, which nothing else uses.
  const exercise = async (name: string, level: string, equipmentIds: number[], muscleGroups: number[]) =>
    (
      await create<Exercise>(
        server,
        editor,
        "/content/exercises",
        exerciseBody({ muscleGroups, equipment: equipmentIds, categories: [ids.category.filters] }, { name, level }),
      )
    ).id;
  ids.exercise = {
    squat: await exercise("Goblet Squat", "beginner", [eq.kettlebell], [muscle.legs]),
    swing: await exercise("Kettlebell Swing", "intermediate", [eq.kettlebell], [muscle.legs, muscle.back]),
    row: await exercise("Bent-over Row", "intermediate", [eq.dumbbell, eq.bench], [muscle.back]),
    pullApart: await exercise("Band Pull-apart", "advanced", [eq.band], [muscle.back, muscle.chest]),
    pushUp: await exercise("Push-up", "beginner", [eq.none], [muscle.chest]),
    press: await exercise("Floor Press", "advanced", [eq.dumbbell], [muscle.chest]),
  };
});
afterAll(async () => {
  await server?.stop();
});

const refs = () => ({ muscleGroups: [ids.muscle.chest], equipment: [ids.equipment.dumbbell], categories: [ids.category.other] });

describe("the exercise record", () => {
  let full: Json;

  it("is created with every field (201, Location, ETag) and read back the same", async () => {
    const body = {
      name: { en: "Incline Dumbbell Press", de: "Schrägbankdrücken" },
      slug: "incline-press",
      summary: { en: "Upper chest press on an incline bench" },
      level: "intermediate",
      gender: "female",
      orientation: "alternating",
      muscle_groups: [ids.muscle.chest, ids.muscle.back],
      equipment: [ids.equipment.dumbbell, ids.equipment.bench],
      types: [ids.category.other],
      video: UPLOADS.alphaVideo.id,
      gif: { id: UPLOADS.alphaGif.id },
      image: UPLOADS.alphaImage.id,
      steps: [{ en: "Set the bench to 30°", de: "Bank auf 30° stellen" }, "Press the dumbbells up", "Lower them slowly"],
    };
    const response = await call<Json>(server, "POST", "/content/exercises", { token: editor, body });
    expect(response.status).toBe(201);
    full = response.body;
    expect(Object.keys(full).sort()).toEqual(
      ["created_at", "equipment", "gender", "gif", "id", "image", "level", "muscle_groups", "name", "orientation", "slug", "steps", "summary", "translation_status", "types", "updated_at", "video"].sort(),
    );
    expect(full).toEqual({
      id: expect.stringMatching(UUID_PATTERN),
      name: "Incline Dumbbell Press",
      slug: "incline-press",
      summary: "Upper chest press on an incline bench",
      types: [ids.category.other],
      level: "intermediate",
      gender: "female",
      orientation: "alternating",
      muscle_groups: [ids.muscle.chest, ids.muscle.back],
      equipment: [ids.equipment.dumbbell, ids.equipment.bench],
      translation_status: [
        { locale: "en", status: "full" },
        { locale: "de", status: "partial" },
        { locale: "fr", status: "none" },
        { locale: "es", status: "none" },
      ],
      video: expect.any(Object),
      gif: expect.any(Object),
      image: expect.any(Object),
      steps: ["Set the bench to 30°", "Press the dumbbells up", "Lower them slowly"],
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(full.created_at).toBe(full.updated_at);
    expect(Math.abs(Date.parse(full.created_at as string) - Date.now())).toBeLessThan(60_000);
    expect(response.headers.get("location")).toBe(`/api/v3/content/exercises/${full.id as string}`);
    const etag = response.headers.get("etag");
    expect(etag).toMatch(/^"[^"]+"$/);

    const read = await call<Json>(server, "GET", `/content/exercises/${full.id as string}`, { token: editor });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(full);
    expect(read.headers.get("etag")).toBe(etag);
  });

  it("shows each upload as an Upload record with a signed url", () => {
    expectUpload(full.video, UPLOADS.alphaVideo);
    expectUpload(full.gif, UPLOADS.alphaGif);
    expectUpload(full.image, UPLOADS.alphaImage);
    expect((full.image as Json).metadata).toMatchObject({ width: 1400, height: 1000 });
  });

  it("round-trips: the record read back can be PUT as it is (uploads as objects)", async () => {
    const { id, created_at: _created, updated_at: _updated, translation_status: _status, ...input } = full;
    const response = await call<Json>(server, "PUT", `/content/exercises/${id as string}`, { token: editor, body: input });
    expect(response.status).toBe(200);
    expect({ ...response.body, updated_at: full.updated_at }).toEqual(full);
    expect(Date.parse(response.body.updated_at as string)).toBeGreaterThan(Date.parse(full.updated_at as string));
  });

  it("lists previews with exactly the ExercisePreview fields, summary and translation_status included", async () => {
    const list = await listAll<Json>(server, editor, "/content/exercises", `filter[where][types][eq]=${ids.category.other}`);
    expect(list.total).toBe(1);
    expect(list.data).toEqual([
      {
        id: full.id,
        name: "Incline Dumbbell Press",
        slug: "incline-press",
        summary: "Upper chest press on an incline bench",
        types: [ids.category.other],
        level: "intermediate",
        gender: "female",
        orientation: "alternating",
        muscle_groups: [ids.muscle.chest, ids.muscle.back],
        equipment: [ids.equipment.dumbbell, ids.equipment.bench],
        translation_status: full.translation_status,
      },
    ]);
  });

  it("generates the slug from the English name when none is given", async () => {
    const first = await create<Exercise>(server, editor, "/content/exercises", exerciseBody(refs(), { name: { de: "Kniebeuge", en: "Air Squat" } }));
    const second = await create<Exercise>(server, editor, "/content/exercises", exerciseBody(refs(), { name: "Air Squat" }));
    expect([first.slug, second.slug]).toEqual(["air-squat", "air-squat-2"]);
  });

  it("merge-patches: level changes, everything else stays", async () => {
    const path = `/content/exercises/${full.id as string}`;
    const before = (await call<Json>(server, "GET", path, { token: editor })).body;
    const response = await call<Json>(server, "PATCH", path, { token: editor, body: { level: "advanced", orientation: null } });
    expect(response.status).toBe(200);
    expect({ ...response.body, updated_at: before.updated_at }).toEqual({ ...before, level: "advanced", orientation: null });
  });
});

describe("writing an exercise: validation and references", () => {
  const unknownInt = 987654;

  it("names every unknown reference with its JSON pointer (422)", async () => {
    const body = exerciseBody(refs(), {
      muscle_groups: [ids.muscle.chest, unknownInt],
      equipment: [unknownInt + 1, ids.equipment.kettlebell],
      types: [ids.category.other, unknownInt + 2],
      video: MISSING_UUID,
    });
    const response = await call(server, "POST", "/content/exercises", { token: editor, body });
    expectResponse(response, 422, {
      code: "422",
      message: `/muscle_groups/1: unknown muscle group ${unknownInt} (and 3 more)`,
      details: [
        { path: "/muscle_groups/1", message: `unknown muscle group ${unknownInt}` },
        { path: "/equipment/0", message: `unknown equipment ${unknownInt + 1}` },
        { path: "/types/1", message: `unknown content category ${unknownInt + 2}` },
        { path: "/video", message: `unknown upload ${MISSING_UUID}` },
      ],
    });
  });

  it.each([
    ["an image upload as the video", { video: UPLOADS.alphaImage.id }, fieldError(422, "/video", "must be a video upload (image/png)")],
    ["an audio upload as the video", { video: UPLOADS.alphaAudio.id }, fieldError(422, "/video", "must be a video upload (audio/mpeg)")],
    ["a video upload as the image", { image: UPLOADS.alphaVideo.id }, fieldError(422, "/image", "must be an image upload (video/mp4)")],
    ["an audio upload as the gif", { gif: UPLOADS.alphaAudio.id }, fieldError(422, "/gif", "must be an image upload (an animated gif or webp) (audio/mpeg)")],
    ["beta's upload as the image", { image: UPLOADS.betaImage.id }, fieldError(422, "/image", `unknown upload ${UPLOADS.betaImage.id}`)],
    ["an upload id that is not a uuid", { image: "cover.png" }, fieldError(422, "/image", "must be an upload id")],
    ["an unknown level", { level: "expert" }, fieldError(422, "/level", 'Invalid option: expected one of "beginner"|"intermediate"|"advanced"')],
    ["an unknown gender", { gender: "x" }, fieldError(422, "/gender", 'Invalid option: expected one of "male"|"female"|"duo"')],
    ["an unknown orientation", { orientation: "up" }, fieldError(422, "/orientation", 'Invalid option: expected one of "left"|"right"|"alternating"')],
    ["a step without English", { steps: ["Stand", { de: "Nur Deutsch" }] }, fieldError(422, "/steps/1", "a value in the default language (en) is required")],
    ["a name only in German", { name: { de: "Nur Deutsch" } }, fieldError(422, "/name", "a value in the default language (en) is required")],
    ["a taken slug", { slug: "incline-press" }, { code: "409", message: "the slug 'incline-press' is already taken", details: [{ path: "/slug", message: "is already taken" }] }],
  ])("refuses %s", async (_label, overrides, expected) => {
    const response = await call(server, "POST", "/content/exercises", { token: editor, body: exerciseBody(refs(), overrides) });
    expectResponse(response, Number(expected.code), expected);
  });

  it.each(["video", "gif", "image", "name", "level", "gender", "muscle_groups", "equipment", "types", "steps"])("answers 400 when '%s' is missing", async (field) => {
    const body = exerciseBody(refs());
    delete body[field];
    expectResponse(await call(server, "POST", "/content/exercises", { token: editor, body }), 400, fieldError(400, `/${field}`, "is required"));
  });

  it("answers 400 for an empty body", async () => {
    expectResponse(await call(server, "POST", "/content/exercises", { token: editor }), 400, { code: "400", message: "request body is required" });
  });

  it("treats an id beyond the int32 range as an unknown reference (422, not 500)", async () => {
    const response = await call<{ details?: { path: string }[] }>(server, "POST", "/content/exercises", { token: editor, body: exerciseBody(refs(), { muscle_groups: [3000000000] }) });
    expect(response.status).toBe(422);
    expect(response.body.details?.map((detail) => detail.path)).toEqual(["/muscle_groups/0"]);
  });

  it("checks references on PUT and PATCH as well", async () => {
    const created = await create<Exercise>(server, editor, "/content/exercises", exerciseBody(refs()));
    const path = `/content/exercises/${created.id}`;
    expectResponse(
      await call(server, "PATCH", path, { token: editor, body: { equipment: [unknownInt] } }),
      422,
      fieldError(422, "/equipment/0", `unknown equipment ${unknownInt}`),
    );
    expectResponse(
      await call(server, "PUT", path, { token: editor, body: exerciseBody(refs(), { video: UPLOADS.alphaGif.id }) }),
      422,
      fieldError(422, "/video", "must be a video upload (image/gif)"),
    );
  });

  it("answers 404 for an unknown id and 422 for an id that is not a uuid", async () => {
    expectResponse(await call(server, "GET", `/content/exercises/${MISSING_UUID}`, { token: editor }), 404, { code: "404", message: "exercise not found" });
    expectResponse(await call(server, "GET", "/content/exercises/12", { token: editor }), 422, fieldError(422, "/id", "must be a uuid"));
  });
});

describe("deleting what exercises use", () => {
  let exercise: Exercise;
  let muscleGroup: number;
  let equipmentId: number;
  let category: number;

  beforeAll(async () => {
    muscleGroup = await lookup("/content/muscle-groups", "Forearms");
    category = await lookup("/content/categories", "Grip");
    equipmentId = (
      await create<{ id: number }>(server, editor, "/content/equipment", {
        name: "Grip Trainer",
        brand_id: ids.brand.flexo,
        categories: [(await listAll<{ id: number }>(server, editor, "/content/equipment/categories")).data[0]!.id],
        image: UPLOADS.alphaImage.id,
      })
    ).id;
    exercise = await create<Exercise>(
      server,
      editor,
      "/content/exercises",
      exerciseBody({ muscleGroups: [muscleGroup], equipment: [equipmentId], categories: [category] }, { name: { de: "Fingerhantel", en: "Grip Squeeze" } }),
    );
  });

  it("refuses to delete equipment an exercise uses (409 naming the exercise)", async () => {
    expectResponse(await call(server, "DELETE", `/content/equipment/${equipmentId}`, { token: editor }), 409, {
      code: "409",
      message: `this equipment is still used by exercise ${exercise.id} (Grip Squeeze); remove those references first`,
    });
  });

  it("refuses to delete a muscle group an exercise uses (409)", async () => {
    expectResponse(await call(server, "DELETE", `/content/muscle-groups/${muscleGroup}`, { token: editor }), 409, {
      code: "409",
      message: `this muscle group is still used by exercise ${exercise.id} (Grip Squeeze); remove those references first`,
    });
  });

  it("refuses to delete a content category an exercise uses as a type (409)", async () => {
    expectResponse(await call(server, "DELETE", `/content/categories/${category}`, { token: editor }), 409, {
      code: "409",
      message: `this content category is still used by exercise ${exercise.id} (Grip Squeeze); remove those references first`,
    });
    expect((await call(server, "GET", `/content/categories/${category}`, { token: editor })).status).toBe(200);
  });

  it("never deletes the no-equipment record (409)", async () => {
    expectResponse(await call(server, "DELETE", `/content/equipment/${ids.equipment.none}`, { token: editor }), 409, {
      code: "409",
      message: "the no-equipment record cannot be deleted",
    });
    expect((await call(server, "GET", `/content/equipment/${ids.equipment.none}`, { token: editor })).status).toBe(200);
  });

  it("deletes them once the exercise is gone", async () => {
    expect((await call(server, "DELETE", `/content/exercises/${exercise.id}`, { token: editor })).status).toBe(204);
    expectResponse(await call(server, "GET", `/content/exercises/${exercise.id}`, { token: editor }), 404, { code: "404", message: "exercise not found" });
    expect((await call(server, "DELETE", `/content/equipment/${equipmentId}`, { token: editor })).status).toBe(204);
    expect((await call(server, "DELETE", `/content/muscle-groups/${muscleGroup}`, { token: editor })).status).toBe(204);
  });
});

describe("list filters", () => {
  const names = () => ({
    [ids.exercise.squat]: "Goblet Squat",
    [ids.exercise.swing]: "Kettlebell Swing",
    [ids.exercise.row]: "Bent-over Row",
    [ids.exercise.pullApart]: "Band Pull-apart",
    [ids.exercise.pushUp]: "Push-up",
    [ids.exercise.press]: "Floor Press",
  });
  /** The names the filter finds among the six filter exercises, sorted by name. */
  const find = async (query: string) => {
    const list = await listAll<Exercise>(server, editor, "/content/exercises", `filter[where][types][eq]=${ids.category.filters}&filter[order][name]=asc&${query}`);
    expect(list.total).toBe(list.data.length);
    for (const item of list.data) expect(names()[item.id]).toBe(item.name);
    return list.data.map((item) => item.name);
  };

  it.each([
    ["q on the exercise name", "filter[where][q]=swing", ["Kettlebell Swing"]],
    ["q, case-insensitive", "filter[where][q]=PUSH", ["Push-up"]],
    ["q on the name of the equipment used", "filter[where][q]=resistance", ["Band Pull-apart"]],
    ["q on both: name or equipment", "filter[where][q]=kettlebell", ["Goblet Squat", "Kettlebell Swing"]],
    ["q in its contains form", "filter[where][q][contains]=kettlebell", ["Goblet Squat", "Kettlebell Swing"]],
    ["q on the no-equipment record's name", "filter[where][q]=no equipment", ["Push-up"]],
    ["q matching nothing", "filter[where][q]=zumba", []],
    ["name[contains] on the name only, not the equipment", "filter[where][name][contains]=kettlebell", ["Kettlebell Swing"]],
    ["name[contains] with a LIKE wildcard taken literally", "filter[where][name][contains]=%25", []],
    ["level", "filter[where][level]=intermediate", ["Bent-over Row", "Kettlebell Swing"]],
    ["level[in]", "filter[where][level][in]=beginner,advanced", ["Band Pull-apart", "Floor Press", "Goblet Squat", "Push-up"]],
    ["equipment[in]: any of them", "filter[where][equipment][in]=EQ_DUMBBELL,EQ_BAND", ["Band Pull-apart", "Bent-over Row", "Floor Press"]],
    ["equipment[and]: all of them", "filter[where][equipment][and]=EQ_DUMBBELL,EQ_BENCH", ["Bent-over Row"]],
    ["equipment[eq]", "filter[where][equipment][eq]=EQ_KETTLEBELL", ["Goblet Squat", "Kettlebell Swing"]],
    ["equipment_brands: one brand, through the equipment", "filter[where][equipment_brands]=BR_IRONLINE", ["Bent-over Row", "Floor Press", "Goblet Squat", "Kettlebell Swing"]],
    ["equipment_brands: a list means any", "filter[where][equipment_brands]=BR_FLEXO,BR_BENCHMARK", ["Band Pull-apart", "Bent-over Row"]],
    ["equipment_brands[in]", "filter[where][equipment_brands][in]=BR_FLEXO", ["Band Pull-apart"]],
    ["muscle_groups[and]: all of them", "filter[where][muscle_groups][and]=MG_BACK,MG_CHEST", ["Band Pull-apart"]],
    ["muscle_groups[and] with one", "filter[where][muscle_groups][and]=MG_LEGS", ["Goblet Squat", "Kettlebell Swing"]],
    ["muscle_groups[in]: any of them", "filter[where][muscle_groups][in]=MG_LEGS,MG_CHEST", ["Band Pull-apart", "Floor Press", "Goblet Squat", "Kettlebell Swing", "Push-up"]],
    ["filters combined with AND", "filter[where][q]=kettlebell&filter[where][level]=intermediate", ["Kettlebell Swing"]],
    ["three filters combined", "filter[where][muscle_groups][in]=MG_BACK&filter[where][equipment_brands]=BR_IRONLINE&filter[where][level][in]=intermediate,advanced", ["Bent-over Row", "Kettlebell Swing"]],
  ])("%s", async (_label, query, expected) => {
    const resolved = query
      .replace("EQ_DUMBBELL", String(ids.equipment.dumbbell))
      .replace("EQ_BAND", String(ids.equipment.band))
      .replace("EQ_BENCH", String(ids.equipment.bench))
      .replace("EQ_KETTLEBELL", String(ids.equipment.kettlebell))
      .replace("BR_IRONLINE", String(ids.brand.ironline))
      .replace("BR_FLEXO", String(ids.brand.flexo))
      .replace("BR_BENCHMARK", String(ids.brand.benchmark))
      .replace("MG_BACK", String(ids.muscle.back))
      .replace("MG_CHEST", String(ids.muscle.chest))
      .replace("MG_LEGS", String(ids.muscle.legs));
    expect(await find(resolved)).toEqual(expected);
  });

  it("name[eq] means the whole name (ignoring case), not a part of it", async () => {
    expect(await find("filter[where][name][eq]=push-up")).toEqual(["Push-up"]);
    expect(await find("filter[where][name][eq]=push")).toEqual([]);
  });

  it("q finds an exercise through its equipment's German name", async () => {
    const path = `/content/equipment/${ids.equipment.bench}`;
    ok(await call(server, "PATCH", path, { token: editor, body: { name: { de: "Hantelbank" } } }));
    expect(await find("filter[where][q]=hantelbank")).toEqual(["Bent-over Row"]);
  });

  it("orders by name ascending and descending", async () => {
    const ascending = ["Band Pull-apart", "Bent-over Row", "Floor Press", "Goblet Squat", "Kettlebell Swing", "Push-up"];
    expect(await find("")).toEqual(ascending);
    const descending = await listAll<Exercise>(server, editor, "/content/exercises", `filter[where][types][eq]=${ids.category.filters}&filter[order][name]=desc`);
    expect(descending.data.map((item) => item.name)).toEqual([...ascending].reverse());
  });

  it("orders by updated, newest first, by default; a change moves a record to the top", async () => {
    const query = `filter[where][types][eq]=${ids.category.filters}`;
    const before = await listAll<Exercise>(server, editor, "/content/exercises", query);
    const creationOrder = [ids.exercise.squat, ids.exercise.swing, ids.exercise.row, ids.exercise.pullApart, ids.exercise.pushUp, ids.exercise.press];
    expect(before.data.map((item) => item.id)).toEqual([...creationOrder].reverse());

    ok(await call(server, "PATCH", `/content/exercises/${ids.exercise.squat}`, { token: editor, body: { summary: "Hold the bell at the chest" } }));
    const after = await listAll<Exercise>(server, editor, "/content/exercises", query);
    expect(after.data.map((item) => item.id)).toEqual([ids.exercise.squat, ...[...creationOrder].reverse().filter((id) => id !== ids.exercise.squat)]);
    const explicit = await listAll<Exercise>(server, editor, "/content/exercises", `${query}&filter[order][updated]=desc`);
    expect(explicit.data).toEqual(after.data);
    const ascending = await listAll<Exercise>(server, editor, "/content/exercises", `${query}&filter[order][updated]=asc`);
    expect(ascending.data).toEqual([...after.data].reverse());
  });

  it("breaks ties by id, so equal names keep one order on every page", async () => {
    const twins: string[] = [];
    for (let i = 0; i < 5; i++) {
      twins.push((await create<Exercise>(server, editor, "/content/exercises", exerciseBody(refs(), { name: "Twin Lunge", types: [ids.category.other] }))).id);
    }
    try {
      const query = "filter[where][name][contains]=twin lunge&filter[order][name]=asc";
      const all = await listAll<Exercise>(server, editor, "/content/exercises", query);
      expect(all.data.map((item) => item.id)).toEqual([...twins].sort());
      const pages: string[] = [];
      for (let offset = 0; offset < 5; offset += 2) {
        const page = ok(await call<List<Exercise>>(server, "GET", `/content/exercises?${query}&filter[limit]=2&filter[offset]=${offset}`, { token: editor }));
        expect(page.total).toBe(5);
        pages.push(...page.data.map((item) => item.id));
      }
      expect(pages).toEqual(all.data.map((item) => item.id));
    } finally {
      for (const id of twins) await call(server, "DELETE", `/content/exercises/${id}`, { token: editor });
    }
  });

  it.each([
    ["filter[where][level]=expert", "filter[where][level]", "'expert' is not one of beginner, intermediate, advanced"],
    ["filter[where][level]=beginer", "filter[where][level]", "'beginer' is not one of beginner, intermediate, advanced; did you mean 'beginner'?"],
    ["filter[where][equipment][in]=1,x", "filter[where][equipment][in]", "'x' is not a 32-bit integer"],
    ["filter[where][equipment][in]=1,,2", "filter[where][equipment][in]", "must be a comma-separated list without empty items"],
    ["filter[where][equipment][contains]=1", "filter[where][equipment][contains]", "operator 'contains' is not allowed on 'equipment'; allowed: eq, in, and"],
    ["filter[where][equipment_brands][and]=1", "filter[where][equipment_brands][and]", "operator 'and' is not allowed on 'equipment_brands'; allowed: in, eq"],
    ["filter[where][equipment_brand]=1", "filter[where][equipment_brand]", "unknown filter field 'equipment_brand'; did you mean 'equipment_brands'?"],
    ["filter[order][slug]=asc", "filter[order][slug]", "unknown sort field 'slug'; allowed: updated, created, name"],
    ["filter[order][name]=up", "filter[order][name]", "must be asc or desc"],
  ])("refuses %s (400 naming the parameter)", async (query, parameter, message) => {
    const response = await call(server, "GET", `/content/exercises?${query}`, { token: editor });
    expectResponse(response, 400, { code: "400", message: `Invalid ${parameter}: ${message}`, details: [{ path: parameter, message }] });
  });
});
