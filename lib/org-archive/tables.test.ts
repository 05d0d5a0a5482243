import { describe, expect, it } from "vitest";
import { ARCHIVE_TABLES, COLLECTION_TABLES, derivedUuid, keepingMapper, mapFileKey, mapRow, mapStorageKey, ownerOf, ownerOfFile, remappingMapper } from "./tables";

const SOURCE = "11111111-1111-4111-8111-111111111111";
const TARGET = "22222222-2222-4222-8222-222222222222";
const EXERCISE = "33333333-3333-4333-8333-333333333333";
const WORKOUT = "44444444-4444-4444-8444-444444444444";
const UPLOAD = "55555555-5555-4555-8555-555555555555";
const spec = (name: string) => ARCHIVE_TABLES.find((table) => table.name === name)!;
const remap = () => remappingMapper(TARGET, SOURCE, "salt", new Map([["fitness_goals", 100], ["equipment", 10], ["content_categories", 7]]));

describe("the archive's tables", () => {
  it("lists every table after the tables its rows reference", () => {
    const position = new Map(ARCHIVE_TABLES.map((table, index) => [table.name, index]));
    for (const [index, table] of ARCHIVE_TABLES.entries()) {
      for (const rule of table.rules) {
        if (!("ref" in rule) || table.isUpdate) continue;
        const referenced = rule.ref.split(".")[0]!;
        if (referenced === table.table) continue;
        expect(position.get(referenced), `${table.name}.${rule.column}`).toBeLessThan(index);
      }
    }
    expect(Object.values(COLLECTION_TABLES).every((table) => position.has(table))).toBe(true);
  });

  it("leaves a media asset's poster out of its own entry: the poster is an upload, which comes later", () => {
    // Archives of earlier exports carry the column; it is dropped on reading, and media_asset_posters sets it.
    const asset = { id: UPLOAD, organization_id: SOURCE, poster_upload_id: EXERCISE, prefix: `${SOURCE}/media/${UPLOAD}/attempt/` };
    expect(mapRow(spec("media_assets"), asset, keepingMapper(TARGET, SOURCE))).toEqual({ id: UPLOAD, organization_id: TARGET, prefix: `${TARGET}/media/${UPLOAD}/attempt/` });
    const poster = mapRow(spec("media_asset_posters"), { id: UPLOAD, organization_id: SOURCE, poster_upload_id: EXERCISE }, remap());
    expect(poster).toEqual({ id: remap().map("media_assets", UPLOAD), organization_id: TARGET, poster_upload_id: remap().map("uploads", EXERCISE) });
  });
});

describe("what a row belongs to", () => {
  it("names the record whose match leaves the row out: a caption's upload, a poster's asset, a version's record", () => {
    expect(ownerOf(spec("upload_captions"), { upload_id: UPLOAD, language: "de" })).toBe(`uploads\u0000${UPLOAD}`);
    expect(ownerOf(spec("media_asset_posters"), { id: UPLOAD, poster_upload_id: EXERCISE })).toBe(`media_assets\u0000${UPLOAD}`);
    expect(ownerOf(spec("content_versions"), { id: UPLOAD, collection: "exercises", record_id: EXERCISE })).toBe(`exercises\u0000${EXERCISE}`);
    expect(ownerOf(spec("status_history"), { id: UPLOAD, collection: "training-plans", record_id: WORKOUT })).toBe(`training_plans\u0000${WORKOUT}`);
    expect(ownerOf(spec("schedules"), { id: UPLOAD, collection: "equipment/brands", record_id: "4" })).toBe("equipment_brands\u00004");
    expect(ownerOf(spec("exercises"), { id: EXERCISE })).toBeUndefined();
    expect(ownerOfFile(`${UPLOAD}/thumbnails/square/xs`)).toBe(`uploads\u0000${UPLOAD}`);
    expect(ownerOfFile(`media/${UPLOAD}/attempt/720p/segment-1.m4s`)).toBe(`media_assets\u0000${UPLOAD}`);
  });

  it("matches every table with a slug by it, uploads and media assets by their bytes, instructors not at all", () => {
    const matching = Object.fromEntries(ARCHIVE_TABLES.filter((table) => table.matchBy).map((table) => [table.name, table.matchBy]));
    expect(matching).toEqual({
      ...Object.fromEntries(["muscle_groups", "body_parts", "activity_types", "content_providers", "fitness_goals", "equipment_brands", "equipment_categories", "content_categories", "content_packages"].map((name) => [name, "slug"])),
      media_assets: "sha256",
      uploads: "sha256",
      ...Object.fromEntries(["equipment", "exercises", "workouts", "on_demand", "training_plans"].map((name) => [name, "slug"])),
    });
  });
});

describe("remapping", () => {
  it("derives the same uuid from the same salt and id, another for another salt or space", () => {
    const id = derivedUuid("salt", "exercises", EXERCISE);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(derivedUuid("salt", "exercises", EXERCISE)).toBe(id);
    expect(derivedUuid("pepper", "exercises", EXERCISE)).not.toBe(id);
    expect(derivedUuid("salt", "workouts", EXERCISE)).not.toBe(id);
  });

  it("keeps ids, or shifts integer ids by their table's offset and derives uuids, the overrides first", () => {
    const overrides = new Map<string, string | number>([["equipment\u00001", 99]]);
    expect(keepingMapper(TARGET, SOURCE, overrides).map("equipment", 1)).toBe(99);
    expect(keepingMapper(TARGET, SOURCE).map("exercises", EXERCISE)).toBe(EXERCISE);
    const mapper = remappingMapper(TARGET, SOURCE, "salt", new Map([["equipment", 10]]), overrides);
    expect(mapper.map("equipment", 1)).toBe(99);
    expect(mapper.map("equipment", 2)).toBe(12);
    expect(mapper.map("exercises", EXERCISE)).toBe(derivedUuid("salt", "exercises", EXERCISE));
  });

  it("moves storage keys to the target organization and the upload's or media asset's new id", () => {
    const mapper = remap();
    expect(mapStorageKey(`${SOURCE}/${UPLOAD}/thumbnails/square/xs`, mapper)).toBe(`${TARGET}/${mapper.map("uploads", UPLOAD)}/thumbnails/square/xs`);
    expect(mapStorageKey(`${SOURCE}/media/${UPLOAD}/attempt/`, mapper)).toBe(`${TARGET}/media/${mapper.map("media_assets", UPLOAD)}/attempt/`);
    expect(mapFileKey(`${UPLOAD}/original`, mapper)).toBe(`${TARGET}/${mapper.map("uploads", UPLOAD)}/original`);
    expect(() => mapStorageKey(`${TARGET}/${UPLOAD}/original`, mapper)).toThrow(/outside the organization/);
  });

  it("rewrites a workout's ids, arrays, phases' exercises and organization", () => {
    const mapper = remap();
    const row = {
      id: WORKOUT,
      organization_id: SOURCE,
      image_id: UPLOAD,
      goals: [1, 2],
      types: [3],
      phases: [{ type: "SUPERSET", ss_exercises: [{ exercise_id: EXERCISE }], title: { en: "exercise_id" } }],
      exercise_ids: [EXERCISE],
      slug: "w",
    };
    expect(mapRow(spec("workouts"), row, mapper)).toEqual({
      id: mapper.map("workouts", WORKOUT),
      organization_id: TARGET,
      image_id: mapper.map("uploads", UPLOAD),
      goals: [101, 102],
      types: [10],
      phases: [{ type: "SUPERSET", ss_exercises: [{ exercise_id: mapper.map("exercises", EXERCISE) }], title: { en: "exercise_id" } }],
      exercise_ids: [mapper.map("exercises", EXERCISE)],
      slug: "w",
    });
  });

  it("rewrites plan weeks' workouts and on-demand items, leaving fitness activities' ids", () => {
    const mapper = remap();
    const weeks = [{ days: [{ activities: [{ type: "workouts", id: WORKOUT }, { type: "on-demand", id: EXERCISE }, { type: "fitness-activities", id: "fa_1" }] }] }];
    expect(mapRow(spec("training_plans"), { id: WORKOUT, weeks }, mapper).weeks).toEqual([
      { days: [{ activities: [{ type: "workouts", id: mapper.map("workouts", WORKOUT) }, { type: "on-demand", id: mapper.map("on_demand", EXERCISE) }, { type: "fitness-activities", id: "fa_1" }] }] },
    ]);
  });

  it("rewrites versions' record ids and stored rows by their collection, and drops users", () => {
    const mapper = remap();
    const version = {
      id: UPLOAD,
      organization_id: SOURCE,
      collection: "equipment",
      record_id: "3",
      author_id: EXERCISE,
      data: { id: 3, brandId: null, categories: [], imageId: UPLOAD, name: { en: "Bar" } },
    };
    expect(mapRow(spec("content_versions"), version, mapper)).toEqual({
      id: mapper.map("content_versions", UPLOAD),
      organization_id: TARGET,
      collection: "equipment",
      record_id: "13",
      author_id: null,
      data: { id: 13, brandId: null, categories: [], imageId: mapper.map("uploads", UPLOAD), name: { en: "Bar" } },
    });
    expect(() => mapRow(spec("status_history"), { id: UPLOAD, collection: "nope", record_id: WORKOUT }, mapper)).toThrow("a record of an unknown collection: nope");
  });
});
