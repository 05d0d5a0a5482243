import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, loginAs } from "../support/api";
import { UPLOADS } from "../support/fixtures";
import { startTestServer, prepareDatabase, type TestServer } from "../support/server";
import {
  MISSING_UUID,
  create,
  expectResponse,
  ok,
  onDemandBody,
  planBody,
  seedCatalogue,
  unique,
  userIdOf,
  workoutBody,
  type Catalogue,
  type Json,
} from "../support/catalogue";

/**
 * Version history (docs/api.md "Version history"): a version per write of every record collection,
 * the list, one version, the structural diff and restore, over HTTP.
 */
type Summary = { number: number; operation: string; restored_from: number | null; author: { id: string; email: string } | null; created_at: string };
type VersionList = { total: number; data: Summary[] };
type Change = Json & { type: string; path: string };

let server: TestServer;
let editor: string;
let admin: string;
let cat: Catalogue;

beforeAll(async () => {
  server = await startTestServer();
  editor = (await loginAs(server, "alphaEditor")).token;
  admin = (await loginAs(server, "alphaAdmin")).token;
  cat = await seedCatalogue(server, editor);
});
afterAll(async () => {
  await server?.stop();
});

const EDITOR_EMAIL = "editor@alpha.test";
const versions = (collection: string, id: string | number, query = "") => call<VersionList>(server, "GET", `/content/${collection}/${id}/versions${query}`, { token: editor });
const etagOf = async (collection: string, id: string | number) => (await call(server, "GET", `/content/${collection}/${id}`, { token: editor })).headers.get("etag")!;

type Kind = { collection: string; label: string; body: () => Json; patch: Json; changedPath: string };
const KINDS: Kind[] = [
  { collection: "workouts", label: "workout", body: () => workoutBody(cat), patch: { level: "advanced" }, changedPath: "/level" },
  { collection: "training-plans", label: "training plan", body: () => planBody(cat), patch: { level: "advanced" }, changedPath: "/level" },
  { collection: "on-demand", label: "on-demand item", body: () => onDemandBody(cat), patch: { level: "advanced" }, changedPath: "/level" },
  {
    collection: "exercises",
    label: "exercise",
    body: () => ({ name: unique("Lunge"), slug: null, level: "beginner", gender: "male", muscle_groups: [], equipment: [], types: [cat.categories[0]], video: UPLOADS.alphaVideo.id, gif: UPLOADS.alphaGif.id, image: UPLOADS.alphaImage.id, steps: ["Step"] }),
    patch: { level: "advanced" },
    changedPath: "/level",
  },
  { collection: "instructors", label: "instructor", body: () => ({ name: unique("Coach"), gender: "female" }), patch: { gender: "male" }, changedPath: "/gender" },
];

describe.each(KINDS)("the versions of $collection", (kind) => {
  it("are one per write, newest first, with the operation, the author and the time; paged", async () => {
    const record = await create<Json & { id: string | number }>(server, editor, `/content/${kind.collection}`, kind.body());
    expect((await call(server, "PATCH", `/content/${kind.collection}/${record.id}`, { token: editor, body: kind.patch })).status).toBe(200);
    const page = ok(await versions(kind.collection, record.id));
    expect(page.total).toBe(2);
    const author = { id: userIdOf(editor), email: EDITOR_EMAIL };
    expect(page.data).toEqual([
      { number: 2, operation: "patch", restored_from: null, author, created_at: expect.any(String) },
      { number: 1, operation: "create", restored_from: null, author, created_at: expect.any(String) },
    ]);
    expect(Date.parse(page.data[0]!.created_at)).toBeGreaterThanOrEqual(Date.parse(page.data[1]!.created_at));
    expect(ok(await versions(kind.collection, record.id, "?filter[limit]=1&filter[offset]=1"))).toEqual({ total: 2, data: [page.data[1]] });

    const diff = ok(await call<{ from: number; to: number; changes: Change[] }>(server, "GET", `/content/${kind.collection}/${record.id}/versions/1/diff?to=2`, { token: editor }));
    expect(diff.from).toBe(1);
    expect(diff.to).toBe(2);
    expect(diff.changes.map((change) => change.path)).toEqual([kind.changedPath]);
  });

  it("answers 404 for a version that does not exist, and for a record that does not", async () => {
    const record = await create<Json & { id: string | number }>(server, editor, `/content/${kind.collection}`, kind.body());
    const notFound = { code: "404", message: `${kind.label} version 7 not found` };
    expectResponse(await call(server, "GET", `/content/${kind.collection}/${record.id}/versions/7`, { token: editor }), 404, notFound);
    expectResponse(await call(server, "GET", `/content/${kind.collection}/${record.id}/versions/7/diff?to=1`, { token: editor }), 404, notFound);
    expectResponse(await call(server, "GET", `/content/${kind.collection}/${record.id}/versions/1/diff?to=7`, { token: editor }), 404, notFound);
    expectResponse(await call(server, "POST", `/content/${kind.collection}/${record.id}/versions/7/restore`, { token: editor, headers: { "If-Match": "*" } }), 404, notFound);
    expectResponse(await versions(kind.collection, MISSING_UUID), 404, { code: "404", message: `${kind.label} not found` });
  });
});

describe("a workout's versions", () => {
  it("hold the full stored record, translations and phases included, as it was", async () => {
    const workout = await create<Json & { id: string }>(server, editor, "/content/workouts", workoutBody(cat));
    const first = ok(await call<Json>(server, "GET", `/content/workouts/${workout.id}?texts=all`, { token: editor }));
    expect((await call(server, "PATCH", `/content/workouts/${workout.id}`, { token: editor, body: { title: { de: "Neu" } } })).status).toBe(200);
    const version = ok(await call<Summary & { record: Json }>(server, "GET", `/content/workouts/${workout.id}/versions/1`, { token: editor }));
    expect(version).toMatchObject({ number: 1, operation: "create", restored_from: null, author: { email: EDITOR_EMAIL } });
    for (const key of ["id", "title", "description", "phases", "status", "goals", "level", "slug"]) expect(version.record[key]).toEqual(first[key]);
    expect((version.record.title as Json).de).not.toBe("Neu");
  });

  it("record status changes as versions", async () => {
    const workout = await create<Json & { id: string }>(server, editor, "/content/workouts", workoutBody(cat));
    expect((await call(server, "PATCH", `/content/workouts/${workout.id}/status`, { token: editor, body: { default: "published" } })).status).toBe(200);
    const page = ok(await versions("workouts", workout.id));
    expect(page.data.map((entry) => [entry.number, entry.operation])).toEqual([[2, "status"], [1, "create"]]);
    const diff = ok(await call<{ changes: Change[] }>(server, "GET", `/content/workouts/${workout.id}/versions/1/diff`, { token: editor }));
    expect(diff).toEqual({ from: 1, to: 2, changes: [{ type: "changed", path: "/status/default", old_value: "draft", new_value: "published" }] });
  });

  it("are not written by a refused write", async () => {
    const workout = await create<Json & { id: string }>(server, editor, "/content/workouts", workoutBody(cat));
    const refused = await call(server, "PATCH", `/content/workouts/${workout.id}`, { token: editor, body: { goals: [2147483000] } });
    expect(refused.status).toBe(422);
    expect(ok(await versions("workouts", workout.id)).total).toBe(1);
  });

  it("diff an item moved between phases and a German note changed as exactly those two changes", async () => {
    const single = { type: "SINGLE-EXERCISES", notes: { en: "Controlled" }, se_exercises: [{ exercise_id: cat.exercises[1], notes: "", sets: [{ notes: "", rest: 30, goal_targets: [{ type: "VALUE", metric: "repetitions", value: 12 }], resistance_targets: [] }] }] };
    const timer = (de: string) => ({ type: "TIMER", notes: { en: "Breathe", de }, timer_title: { en: "Mobilise", de: "Mobilisieren" }, timer_duration: 300 });
    const amrap = { type: "AMRAP", amrap_duration: 600, amrap_exercises: [{ exercise_id: cat.exercises[0], rest: 10, goal_targets: [{ type: "VALUE", metric: "repetitions", value: 10 }], resistance_targets: [] }] };
    const phases = (warmUp: Json[], training: Json[]) => [
      { title: { en: "Warm up", de: "Aufwärmen" }, time: 300, items: warmUp },
      { title: { en: "Training", de: "Training" }, time: 600, items: training },
    ];
    const body = workoutBody(cat, { phases: phases([timer("Atmen"), single], [amrap]) });
    const workout = await create<Json & { id: string }>(server, editor, "/content/workouts", body);
    const put = await call(server, "PUT", `/content/workouts/${workout.id}`, { token: editor, body: { ...body, slug: workout.slug, phases: phases([timer("Tief atmen")], [amrap, single]) } });
    expect(put.status).toBe(200);
    const diff = ok(await call<{ changes: Change[] }>(server, "GET", `/content/workouts/${workout.id}/versions/1/diff?to=2`, { token: editor }));
    expect(diff).toEqual({
      from: 1,
      to: 2,
      changes: [
        { type: "moved", path: "/phases/1/items/1", from_path: "/phases/0/items/1" },
        { type: "changed", path: "/phases/0/items/0/notes/de", language: "de", old_value: "Atmen", new_value: "Tief atmen" },
      ],
    });
    // Backwards: the same two changes seen from the other side.
    const back = ok(await call<{ changes: Change[] }>(server, "GET", `/content/workouts/${workout.id}/versions/2/diff?to=1`, { token: editor }));
    expect(back.changes.map((change) => change.type).sort()).toEqual(["changed", "moved"]);
  });

  it("restore round-trips: the content of version n written again as a new version, nested translations included", async () => {
    const body = workoutBody(cat);
    const workout = await create<Json & { id: string }>(server, editor, "/content/workouts", body);
    const original = ok(await call<Json>(server, "GET", `/content/workouts/${workout.id}?texts=all`, { token: editor }));
    // Version 2: a new title, a German phase title removed and a French one added.
    const changedPhases = structuredClone(body.phases) as Json[];
    (changedPhases[0] as Json).title = { en: "Warm up", fr: "Échauffement" };
    ok(await call(server, "PUT", `/content/workouts/${workout.id}`, { token: editor, body: { ...body, slug: workout.slug, title: { en: "Changed" }, phases: changedPhases } }));

    const restored = await call<Json>(server, "POST", `/content/workouts/${workout.id}/versions/1/restore?texts=all`, { token: editor, headers: { "If-Match": await etagOf("workouts", workout.id) } });
    expect(restored.status).toBe(200);
    expect(restored.headers.get("etag")).toMatch(new RegExp(`^"${workout.id}\\.3\\.`));
    for (const key of ["title", "description", "phases", "status", "goals", "slug"]) expect(restored.body[key]).toEqual(original[key]);
    const page = ok(await versions("workouts", workout.id));
    expect(page.data[0]).toEqual({ number: 3, operation: "restore", restored_from: 1, author: { id: userIdOf(editor), email: EDITOR_EMAIL }, created_at: expect.any(String) });
    expect(ok(await call(server, "GET", `/content/workouts/${workout.id}/versions/1/diff?to=3`, { token: editor }))).toEqual({ from: 1, to: 3, changes: [] });
  });

  it("restore keeps the per-language status as it is", async () => {
    const workout = await create<Json & { id: string }>(server, editor, "/content/workouts", workoutBody(cat));
    ok(await call(server, "PATCH", `/content/workouts/${workout.id}/status`, { token: editor, body: { default: "published" } }));
    const restored = ok(await call<Json>(server, "POST", `/content/workouts/${workout.id}/versions/1/restore`, { token: editor, headers: { "If-Match": "*" } }));
    expect(restored.status).toEqual({ default: "published" });
  });

  it("restore with a stale If-Match is a 412 and writes nothing; without one a 400", async () => {
    const workout = await create<Json & { id: string }>(server, editor, "/content/workouts", workoutBody(cat));
    const stale = await etagOf("workouts", workout.id);
    ok(await call(server, "PATCH", `/content/workouts/${workout.id}`, { token: editor, body: { level: "advanced" } }));
    expectResponse(await call(server, "POST", `/content/workouts/${workout.id}/versions/1/restore`, { token: editor, headers: { "If-Match": stale } }), 412, {
      code: "412",
      message: "the record has changed since it was read: reload it, or send its current ETag in If-Match",
    });
    expectResponse(await call(server, "POST", `/content/workouts/${workout.id}/versions/1/restore`, { token: editor }), 400, {
      code: "400",
      message: "If-Match is required: send the record's current ETag (or *)",
      details: [{ path: "/if-match", message: "is required" }],
    });
    expect(ok(await versions("workouts", workout.id)).total).toBe(2);
  });

  it("restore is checked like any write: references that no longer exist are a 422 naming them", async () => {
    const exercise = await create<{ id: string }>(server, editor, "/content/exercises", KINDS[3]!.body());
    const body = workoutBody(cat);
    const phases = structuredClone(body.phases) as { items: { amrap_exercises?: { exercise_id: string }[] }[] }[];
    phases[1]!.items[0]!.amrap_exercises![0]!.exercise_id = exercise.id;
    const workout = await create<Json & { id: string }>(server, editor, "/content/workouts", { ...body, phases });
    ok(await call(server, "PUT", `/content/workouts/${workout.id}`, { token: editor, body: { ...body, slug: workout.slug } }));
    expect((await call(server, "DELETE", `/content/exercises/${exercise.id}`, { token: editor })).status).toBe(204);
    expectResponse(await call(server, "POST", `/content/workouts/${workout.id}/versions/1/restore`, { token: editor, headers: { "If-Match": "*" } }), 422, {
      code: "422",
      message: `/phases/1/items/0/amrap_exercises/0/exercise_id: unknown exercise ${exercise.id}`,
      details: [{ path: "/phases/1/items/0/amrap_exercises/0/exercise_id", message: `unknown exercise ${exercise.id}` }],
    });
    expect(ok(await versions("workouts", workout.id)).total).toBe(2);
  });

  it("are for the organization's editors only", async () => {
    const workout = await create<Json & { id: string }>(server, editor, "/content/workouts", workoutBody(cat));
    const member = (await loginAs(server, "alphaMember", "mobile")).token;
    expect((await call(server, "GET", `/content/workouts/${workout.id}/versions`, { token: member })).status).toBe(403);
    const mobile = (await loginAs(server, "alphaEditor", "mobile")).token;
    expect((await call(server, "GET", `/content/workouts/${workout.id}/versions/1`, { token: mobile })).status).toBe(403);
    const beta = (await loginAs(server, "betaAdmin")).token;
    expectResponse(await call(server, "GET", `/content/workouts/${workout.id}/versions`, { token: beta }), 404, { code: "404", message: "workout not found" });
    expectResponse(await call(server, "POST", `/content/workouts/${workout.id}/versions/1/restore`, { token: beta, headers: { "If-Match": "*" } }), 404, { code: "404", message: "workout not found" });
    expect((await call(server, "GET", `/content/workouts/${workout.id}/versions`, { token: admin })).status).toBe(200);
  });
});

describe("retention", () => {
  it("keeps a record's last N versions and any younger than the window; the prune job removes the rest", async () => {
    const prepared = await prepareDatabase();
    let own = await startTestServer({ reuse: prepared });
    try {
      const token = (await loginAs(own, "alphaEditor")).token;
      const ownCat = await seedCatalogue(own, token);
      const old = await create<Json & { id: string }>(own, token, "/content/workouts", workoutBody(ownCat));
      for (const level of ["intermediate", "advanced", "beginner", "intermediate"]) ok(await call(own, "PATCH", `/content/workouts/${old.id}`, { token, body: { level } }));
      const young = await create<Json & { id: string }>(own, token, "/content/workouts", workoutBody(ownCat));
      await own.stop();

      const { openDatabase } = await import("@/lib/db/client");
      const { sql } = await import("drizzle-orm");
      const { pruneVersions } = await import("@/lib/versions/prune-versions");
      const database = await openDatabase({ DATABASE_URL: prepared.databaseUrl, DATABASE_POOL_MAX: 2, dataDir: prepared.dataDir });
      try {
        // The old record's versions were written 200 days ago.
        await database.db.execute(sql`UPDATE content_versions SET created_at = now() - interval '200 days' WHERE record_id = ${old.id}`);
        expect(await pruneVersions(database.db, { count: 2, days: 180 })).toBe(3);
        expect(await pruneVersions(database.db, { count: 2, days: 180 })).toBe(0);
      } finally {
        await database.close();
      }

      own = await startTestServer({ reuse: prepared });
      const again = (await loginAs(own, "alphaEditor")).token;
      const page = ok(await call<VersionList>(own, "GET", `/content/workouts/${old.id}/versions`, { token: again }));
      expect(page.data.map((entry) => entry.number)).toEqual([5, 4]);
      expectResponse(await call(own, "GET", `/content/workouts/${old.id}/versions/1`, { token: again }), 404, { code: "404", message: "workout version 1 not found" });
      expect(ok(await call<VersionList>(own, "GET", `/content/workouts/${young.id}/versions`, { token: again })).total).toBe(1);
    } finally {
      await own.stop();
      await prepared.drop();
    }
    // Two server starts and a database opened in between: room for a loaded machine.
  }, 180_000);
});
