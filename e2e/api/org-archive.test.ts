import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { gzipSync } from "node:zlib";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/lib/db/client";
import { createOrganization } from "@/lib/organizations/create-organization";
import { createUser } from "@/lib/users/create-user";
import { readArchive, rewriteArchive } from "../support/archives";
import { apiFetch, call, loginAs } from "../support/api";
import { changeStatus, create, expectResponse, ok, planBody, seedCatalogue, workoutBody, type Json } from "../support/catalogue";
import { ORGS, PASSWORD } from "../support/fixtures";
import { startTestServer, type TestServer } from "../support/server";
import { TEST_DATA_ROOT, TEST_SECRETS, withDatabase } from "../support/test-env";

/**
 * Organization export and import through the API (docs/api.md "Organization export and import",
 * docs/archive-format.md): admins only; an export's signed download expires; an archive imported
 * into an empty organization of another database keeps its ids and reads the same; into a
 * non-empty organization its ids are remapped with every reference; a damaged archive writes nothing.
 */
type ExportRecord = { id: string; state: string; size: number | null; counts: Record<string, number> | null; files: number | null; error: string | null; download_url: string | null; download_expires_at: string | null };
type ImportRecord = {
  id: string;
  state: string;
  bytes_total: number;
  ids: string | null;
  counts: Record<string, number> | null;
  matched: Record<string, number> | null;
  files: number | null;
  error: string | null;
  created_at: string;
  finished_at: string | null;
};
type Page = { total: number; data: Json[] };

const id = randomBytes(4).toString("hex");
const isPostgres = process.env.TEST_DB_KIND === "postgresql";
const adminUrl = process.env.TEST_DATABASE_URL ?? "";
const secondDir = path.join(TEST_DATA_ROOT, `archive-api-${id}`);
const secondName = `fcs_archive_api_${id}`;
const tamperedFile = path.join(TEST_DATA_ROOT, `archive-api-${id}-tampered.tar.gz`);

let server: TestServer;
let second: TestServer | undefined;
let alphaAdmin: string;
let alphaEditor: string;
let betaAdmin: string;
let workoutId: string;
let planId: string;
let uploadId: string;
let image: Buffer;
let archive: Buffer;
let exported: ExportRecord;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function finished<T extends { state: string }>(target: TestServer, token: string, apiPath: string): Promise<T> {
  for (;;) {
    const current = ok(await call<T>(target, "GET", apiPath, { token }));
    if (current.state === "completed" || current.state === "failed") return current;
    await sleep(250);
  }
}

async function postArchive(target: TestServer, token: string, body: Buffer, contentType = "application/gzip") {
  const response = await apiFetch(target, "/imports", { method: "POST", headers: { Authorization: `Bearer ${token}`, "Content-Type": contentType }, body: new Uint8Array(body) });
  return { status: response.status, location: response.headers.get("location"), body: (await response.json()) as ImportRecord };
}

async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Beta's records: the totals of six lists. */
async function betaTotals(): Promise<Record<string, number>> {
  const paths = ["/content/exercises", "/content/workouts", "/content/training-plans", "/content/goals", "/content/equipment", "/uploads"];
  return Object.fromEntries(await Promise.all(paths.map(async (apiPath) => [apiPath, ok(await call<Page>(server, "GET", `${apiPath}?filter[limit]=1`, { token: betaAdmin })).total])));
}

/** Beta's files in storage (the stored archives of imports aside). */
async function betaFiles(): Promise<string[]> {
  const betaUpload = ok(await call<Page>(server, "GET", "/uploads?filter[limit]=250", { token: betaAdmin })).data.find((upload) => upload.name === "archived.png")!;
  const keys = await server.storedKeys();
  const betaOrganization = keys.find((key) => key.endsWith(`/${betaUpload.id as string}/original`))!.split("/")[0]!;
  return keys.filter((key) => key.startsWith(`${betaOrganization}/`) && !key.startsWith(`${betaOrganization}/archive-imports/`));
}

/** Every value of `key` anywhere in `value`. */
function valuesOf(value: unknown, key: string): unknown[] {
  if (Array.isArray(value)) return value.flatMap((item) => valuesOf(item, key));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([name, item]) => [...(name === key ? [item] : []), ...valuesOf(item, key)]);
  return [];
}

beforeAll(async () => {
  server = await startTestServer();
  alphaAdmin = (await loginAs(server, "alphaAdmin")).token;
  alphaEditor = (await loginAs(server, "alphaEditor")).token;
  betaAdmin = (await loginAs(server, "betaAdmin")).token;
  const catalogue = await seedCatalogue(server, alphaEditor);
  workoutId = (await create<{ id: string }>(server, alphaEditor, "/content/workouts", workoutBody(catalogue))).id;
  ok(await changeStatus(server, alphaEditor, "workouts", workoutId, { default: "published" }));
  planId = (await create<{ id: string }>(server, alphaEditor, "/content/training-plans", planBody(catalogue, { weeks: [{ days: [{ activities: [{ type: "workouts", id: workoutId }] }] }] }))).id;
  image = await sharp({ create: { width: 240, height: 160, channels: 3, background: { r: 30, g: 90, b: 200 } } }).png().toBuffer();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(image)]), "archived.png");
  const uploaded = await apiFetch(server, "/uploads", { method: "POST", headers: { Authorization: `Bearer ${alphaEditor}` }, body: form });
  expect(uploaded.status).toBe(201);
  uploadId = ((await uploaded.json()) as { id: string }).id;
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await second?.stop();
  if (isPostgres) await adminQuery(`DROP DATABASE IF EXISTS ${secondName} WITH (FORCE)`);
  for (const entry of [secondDir, tamperedFile]) rmSync(entry, { recursive: true, force: true });
});

describe("organization archives through the API", () => {
  it("refuses editors, translators and members (403): an archive is the whole organization", async () => {
    const forbidden = { code: "403", message: "this operation requires the admin role" };
    for (const who of ["alphaEditor", "alphaTranslator"] as const) {
      const token = (await loginAs(server, who)).token;
      expectResponse(await call(server, "POST", "/exports", { token }), 403, forbidden);
      expectResponse(await call(server, "GET", `/exports/${randomUUID()}`, { token }), 403, forbidden);
      const posted = await postArchive(server, token, Buffer.from("x"));
      expect({ status: posted.status, body: posted.body }).toEqual({ status: 403, body: forbidden });
      expectResponse(await call(server, "GET", `/imports/${randomUUID()}`, { token }), 403, forbidden);
    }
    // Members have mobile tokens only.
    const member = (await loginAs(server, "alphaMember", "mobile")).token;
    expectResponse(await call(server, "POST", "/exports", { token: member }), 403, { code: "403", message: "mobile tokens are read-only" });
    expectResponse(await call(server, "GET", `/exports/${randomUUID()}`, { token: member }), 403, { code: "403", message: "this endpoint requires a platform token" });
  });

  it("exports the organization as a job; the signed download is the archive and expires", async () => {
    const started = await call<ExportRecord>(server, "POST", "/exports", { token: alphaAdmin });
    expect(started.status).toBe(202);
    expect(started.headers.get("location")).toBe(`/api/v3/exports/${started.body.id}`);
    expect(started.body).toEqual({
      id: started.body.id,
      state: "queued",
      size: null,
      counts: null,
      files: null,
      error: null,
      download_url: null,
      download_expires_at: null,
      created_at: expect.any(String),
      finished_at: null,
    });
    exported = await finished<ExportRecord>(server, alphaAdmin, `/exports/${started.body.id}`);
    expect(exported).toMatchObject({ state: "completed", error: null, files: expect.any(Number) });
    expect(exported.counts).toMatchObject({ workouts: 1, training_plans: 1, exercises: 3, uploads: 5 });

    const download = await fetch(exported.download_url!);
    expect({ status: download.status, type: download.headers.get("content-type") }).toEqual({ status: 200, type: "application/gzip" });
    archive = Buffer.from(await download.arrayBuffer());
    expect(archive.length).toBe(exported.size);
    const entries = await readArchive(Readable.from([archive]));
    expect(entries[0]!.name).toBe("archive.json");
    expect(JSON.parse(entries[0]!.bytes.toString())).toMatchObject({ format: "fitness-content-service/organization-archive", version: 1, organization: { code: "alpha" } });
    expect(entries.at(-1)!.name).toBe("manifest.json");
    const original = entries.find((entry) => entry.name === `files/${uploadId}/original`);
    expect(original?.bytes.equals(image)).toBe(true);

    // The address is valid for 15 minutes; one past its expiry (signed as the server signs) is refused.
    const url = new URL(exported.download_url!);
    const policy = JSON.parse(Buffer.from(url.searchParams.get("Policy")!.split(".")[0]!, "base64url").toString()) as { path: string; exp: number };
    expect(policy).toEqual({ path: `/exports/${exported.id}/archive.tar.gz`, exp: new Date(exported.download_expires_at!).getTime() / 1000 });
    expect(policy.exp * 1000 - Date.now()).toBeGreaterThan(0);
    expect(policy.exp * 1000 - Date.now()).toBeLessThanOrEqual(15 * 60 * 1000);
    const sign = (payload: string) => `${payload}.${createHmac("sha256", TEST_SECRETS.SECRET_KEY).update(`policy:${payload}`).digest("base64url")}`;
    const expired = Buffer.from(JSON.stringify({ path: policy.path, exp: Math.floor(Date.now() / 1000) - 1 })).toString("base64url");
    url.searchParams.set("Policy", sign(expired));
    const refused = await fetch(url);
    expect({ status: refused.status, body: await refused.json() }).toEqual({ status: 403, body: { code: "403", message: "the address has expired; read the export again for a fresh one" } });
    url.searchParams.set("Policy", `${expired}.forged`);
    const forged = await fetch(url);
    expect({ status: forged.status, body: await forged.json() }).toEqual({ status: 403, body: { code: "403", message: "the address's Policy is not valid" } });

    // Another organization's admin does not see it.
    expectResponse(await call(server, "GET", `/exports/${exported.id}`, { token: betaAdmin }), 404, { code: "404", message: "export not found" });
  }, 120_000);

  it("imports into an empty organization of another database with the same ids: every read is the same", async () => {
    // A new installation with one empty organization and its admin.
    mkdirSync(secondDir, { recursive: true });
    let databaseUrl: string | undefined;
    if (isPostgres) {
      await adminQuery(`CREATE DATABASE ${secondName}`);
      databaseUrl = withDatabase(adminUrl, secondName);
    }
    const database = await openDatabase({ dataDir: secondDir, DATABASE_URL: databaseUrl, DATABASE_POOL_MAX: 1 });
    const gamma = await createOrganization(database.db, { code: "gamma", name: "Gamma", languages: [...ORGS.alpha.languages], defaultLanguage: ORGS.alpha.defaultLanguage });
    await createUser(database.db, gamma, { email: "admin@gamma.test", password: PASSWORD, role: "admin" });
    await database.close();
    second = await startTestServer({ reuse: { dataDir: secondDir, databaseUrl }, keepData: true });
    const login = ok(await call<{ access_token: string }>(second, "POST", "/auth/login", { body: { email: "admin@gamma.test", password: PASSWORD, code: "gamma", scope: "platform" } }));
    const gammaAdmin = login.access_token;

    const started = await postArchive(second, gammaAdmin, archive);
    expect(started.status).toBe(202);
    expect(started.location).toBe(`/api/v3/imports/${started.body.id}`);
    const result = await finished<ImportRecord>(second, gammaAdmin, `/imports/${started.body.id}`);
    expect(result).toEqual({
      id: started.body.id,
      state: "completed",
      bytes_total: archive.length,
      ids: "kept",
      counts: exported.counts,
      matched: Object.fromEntries(Object.keys(exported.counts!).map((table) => [table, 0])),
      files: exported.files,
      error: null,
      created_at: expect.any(String),
      finished_at: expect.any(String),
    });

    const reads = [
      `/content/workouts/${workoutId}`,
      `/content/workouts/${workoutId}/status-history`,
      `/content/workouts/${workoutId}/versions`,
      `/content/training-plans/${planId}`,
      "/content/exercises?limit=100",
      "/content/goals?limit=100",
      "/content/categories?limit=100",
      "/content/packages?limit=100",
      "/content/equipment?limit=100",
      `/uploads/${uploadId}`,
    ];
    // Addresses name the server; users are not in an archive (who changed a status, a version's author).
    const readAll = async (target: TestServer, token: string) =>
      JSON.parse(
        JSON.stringify(await Promise.all(reads.map(async (read) => ok(await call(target, "GET", read, { token })))))
          .replaceAll(target.baseUrl, "<server>")
          .replace(/"(changed_by|author)":\{[^}]*\}/g, '"$1":null'),
      ) as unknown;
    expect(await readAll(second, gammaAdmin)).toEqual(await readAll(server, alphaEditor));
    const upload = ok(await call<{ url: string }>(second, "GET", `/uploads/${uploadId}`, { token: gammaAdmin }));
    const bytes = await fetch(upload.url);
    expect(Buffer.from(await bytes.arrayBuffer()).equals(image)).toBe(true);
  }, 180_000);

  it("imports into an organization with records under new ids, every reference rewritten alike; the records beta had already stand for the archive's", async () => {
    // Beta has a goal and a category of its own with slugs of alpha's: theirs stay, and are referenced.
    const alphaWorkoutBefore = ok(await call<Json>(server, "GET", `/content/workouts/${workoutId}`, { token: alphaEditor }));
    const alphaGoal = ok(await call<Json>(server, "GET", `/content/goals/${(alphaWorkoutBefore.goals as number[])[0]!}`, { token: alphaEditor }));
    const alphaCategory = ok(await call<Json>(server, "GET", `/content/categories/${(alphaWorkoutBefore.types as number[])[0]!}`, { token: alphaEditor }));
    const ownGoal = await create<Json & { id: number }>(server, betaAdmin, "/content/goals", { name: "Beta's own goal", slug: alphaGoal.slug });
    const ownCategory = await create<Json & { id: number }>(server, betaAdmin, "/content/categories", { name: "Beta's own category", slug: alphaCategory.slug });

    const started = await postArchive(server, betaAdmin, archive);
    expect(started.status).toBe(202);
    const result = await finished<ImportRecord>(server, betaAdmin, `/imports/${started.body.id}`);
    // Matched: the goal, the category, and the "no equipment" record every organization has.
    const nothing = Object.fromEntries(Object.keys(exported.counts!).map((table) => [table, 0]));
    expect(result).toMatchObject({
      state: "completed",
      ids: "remapped",
      counts: exported.counts,
      matched: { ...nothing, fitness_goals: 1, content_categories: 1, equipment: 1 },
      files: exported.files,
      error: null,
    });
    expect(ok(await call<Json>(server, "GET", `/content/goals/${ownGoal.id}`, { token: betaAdmin }))).toEqual(ownGoal);
    expect(ok(await call<Json>(server, "GET", `/content/categories/${ownCategory.id}`, { token: betaAdmin }))).toEqual(ownCategory);
    const importedWorkout = ok(await call<Page>(server, "GET", "/content/workouts?filter[limit]=250", { token: betaAdmin })).data[0]!;
    const importedWorkoutRecord = ok(await call<Json>(server, "GET", `/content/workouts/${importedWorkout.id as string}`, { token: betaAdmin }));
    expect({ goal: (importedWorkoutRecord.goals as number[])[0], type: (importedWorkoutRecord.types as number[])[0] }).toEqual({ goal: ownGoal.id, type: ownCategory.id });

    const lists = async (token: string) => {
      const get = async (apiPath: string) => ok(await call<Page>(server, "GET", `${apiPath}?filter[limit]=250`, { token })).data;
      return { exercises: await get("/content/exercises"), goals: await get("/content/goals"), workouts: await get("/content/workouts"), plans: await get("/content/training-plans"), uploads: await get("/uploads") };
    };
    const alpha = await lists(alphaEditor);
    const beta = await lists(betaAdmin);
    const slugOf = (records: Json[]) => new Map(records.map((record) => [record.id, record.slug]));
    const slugsOf = (records: Json[]) => records.map((record) => record.slug).sort();
    expect(slugsOf(beta.exercises)).toEqual(slugsOf(alpha.exercises));
    expect(slugsOf(beta.workouts)).toEqual(slugsOf(alpha.workouts));
    // New ids: none of alpha's.
    for (const kind of ["exercises", "goals", "workouts", "plans", "uploads"] as const) {
      const alphaIds = new Set(alpha[kind].map((record) => record.id));
      expect(beta[kind].filter((record) => alphaIds.has(record.id)), kind).toEqual([]);
    }

    const alphaWorkout = ok(await call<Json>(server, "GET", `/content/workouts/${workoutId}`, { token: alphaEditor }));
    const betaWorkout = ok(await call<Json>(server, "GET", `/content/workouts/${beta.workouts[0]!.id as string}`, { token: betaAdmin }));
    const alphaExercises = valuesOf(alphaWorkout, "exercise_id");
    expect(alphaExercises.length).toBeGreaterThan(0);
    // The phases name the imported exercises, in the same places.
    expect(valuesOf(betaWorkout, "exercise_id").map((exercise) => slugOf(beta.exercises).get(exercise))).toEqual(alphaExercises.map((exercise) => slugOf(alpha.exercises).get(exercise)));
    expect((betaWorkout.goals as number[]).map((goal) => slugOf(beta.goals).get(goal))).toEqual((alphaWorkout.goals as number[]).map((goal) => slugOf(alpha.goals).get(goal)));
    // The plan's week names the imported workout.
    const betaPlan = ok(await call<Json>(server, "GET", `/content/training-plans/${beta.plans[0]!.id as string}`, { token: betaAdmin }));
    expect(valuesOf(betaPlan.weeks, "id")).toEqual([beta.workouts[0]!.id]);
    // The upload's file moved with it.
    const betaUpload = beta.uploads.find((upload) => upload.name === "archived.png")!;
    const bytes = await fetch(betaUpload.url as string);
    expect(Buffer.from(await bytes.arrayBuffer()).equals(image)).toBe(true);
  }, 180_000);

  it("imports the same archive again: the records beta still has are matched and kept as beta changed them, the one it deleted comes back", async () => {
    // Since the first import beta renamed the workout's exercise and deleted the training plan.
    const workouts = ok(await call<Page>(server, "GET", "/content/workouts?filter[limit]=250", { token: betaAdmin })).data;
    const betaWorkout = ok(await call<Json>(server, "GET", `/content/workouts/${workouts[0]!.id as string}`, { token: betaAdmin }));
    const exerciseId = valuesOf(betaWorkout, "exercise_id")[0] as string;
    const renamed = ok(await call<Json>(server, "PATCH", `/content/exercises/${exerciseId}`, { token: betaAdmin, body: { name: { en: "Renamed in beta" } } }));
    const plans = ok(await call<Page>(server, "GET", "/content/training-plans?filter[limit]=250", { token: betaAdmin })).data;
    expect(plans.length).toBe(1);
    expect((await call(server, "DELETE", `/content/training-plans/${plans[0]!.id as string}`, { token: betaAdmin })).status).toBe(204);
    const planVersions = ok(await call<Page>(server, "GET", `/content/training-plans/${planId}/versions`, { token: alphaEditor })).total;
    const planHistory = ok(await call<Page>(server, "GET", `/content/training-plans/${planId}/status-history`, { token: alphaEditor })).total;
    const totalsBefore = await betaTotals();
    const filesBefore = await betaFiles();

    const started = await postArchive(server, betaAdmin, archive);
    const result = await finished<ImportRecord>(server, betaAdmin, `/imports/${started.body.id}`);
    // Alpha's uploads of the fixtures were written without bytes (no content hash to match): those come again.
    const counts = exported.counts!;
    expect(counts).toMatchObject({ uploads: 5, instructors: 0, media_assets: 0, training_plans: 1 });
    expect(result).toMatchObject({
      state: "completed",
      ids: "remapped",
      counts,
      matched: { ...counts, uploads: 1, training_plans: 0, content_versions: counts.content_versions! - planVersions, status_history: counts.status_history! - planHistory },
      files: 0,
      error: null,
    });
    expect(await betaTotals()).toEqual({ ...totalsBefore, "/content/training-plans": 1, "/uploads": totalsBefore["/uploads"]! + 4 });
    expect(ok(await call<Json>(server, "GET", `/content/exercises/${exerciseId}`, { token: betaAdmin }))).toEqual(renamed);
    // The plan is back, naming beta's workout; its history came with it.
    const plan = ok(await call<Page>(server, "GET", "/content/training-plans?filter[limit]=250", { token: betaAdmin })).data[0]!;
    expect(valuesOf(ok(await call<Json>(server, "GET", `/content/training-plans/${plan.id as string}`, { token: betaAdmin })).weeks, "id")).toEqual([betaWorkout.id]);
    expect(ok(await call<Page>(server, "GET", `/content/training-plans/${plan.id as string}/versions`, { token: betaAdmin })).total).toBe(planVersions);
    // The matched upload's files are beta's already: none written.
    expect(await betaFiles()).toEqual(filesBefore);
  }, 120_000);

  it("refuses a tampered, a truncated and a newer archive with the reason, writing nothing", async () => {
    const totalsBefore = await betaTotals();
    const filesBefore = await betaFiles();
    expect(filesBefore.length).toBeGreaterThan(0);
    const refusal = async (body: Buffer, error: string) => {
      const started = await postArchive(server, betaAdmin, body);
      expect(started.status).toBe(202);
      expect(await finished<ImportRecord>(server, betaAdmin, `/imports/${started.body.id}`)).toEqual({
        id: started.body.id,
        state: "failed",
        bytes_total: body.length,
        ids: null,
        counts: null,
        matched: null,
        files: null,
        error,
        created_at: expect.any(String),
        finished_at: expect.any(String),
      });
    };
    await rewriteArchive(Readable.from([archive]), tamperedFile, (name, bytes) => (name === "records/exercises/000001.ndjson" ? Buffer.from(bytes.toString().replace("beginner", "advanced")) : bytes));
    const { readFileSync } = await import("node:fs");
    await refusal(readFileSync(tamperedFile), "the checksum of records/exercises/000001.ndjson does not match the manifest: the archive is damaged or was changed");
    await refusal(archive.subarray(0, Math.floor(archive.length / 2)), "the archive is truncated or is not a gzip-compressed tar stream");
    await rewriteArchive(Readable.from([archive]), tamperedFile, (name, bytes) => (name === "manifest.json" || name === "archive.json" ? Buffer.from(JSON.stringify({ ...JSON.parse(bytes.toString()), version: 3 })) : bytes));
    await refusal(readFileSync(tamperedFile), "the archive has format version 3; this service reads version 1");
    await refusal(gzipSync(Buffer.from("not a tar")), "the archive is truncated or is not a gzip-compressed tar stream");
    // The last file changed: every record and every other file comes before it, and none is written.
    const lastFile = (await readArchive(Readable.from([archive]))).filter((entry) => entry.name.startsWith("files/")).at(-1)!.name;
    await rewriteArchive(Readable.from([archive]), tamperedFile, (name, bytes) => (name === lastFile ? Buffer.from(bytes.map((byte, index) => (index === 0 ? byte ^ 1 : byte))) : bytes));
    await refusal(readFileSync(tamperedFile), `the checksum of ${lastFile} does not match the manifest: the archive is damaged or was changed`);
    expect(await betaTotals()).toEqual(totalsBefore);
    expect(await betaFiles()).toEqual(filesBefore);
  }, 120_000);

  it("refuses another media type (415) and answers 404 for another organization's import", async () => {
    const posted = await postArchive(server, alphaAdmin, Buffer.from("{}"), "application/json");
    expect({ status: posted.status, body: posted.body }).toEqual({ status: 415, body: { code: "415", message: "the body must be an organization archive (application/gzip)" } });
    const started = await postArchive(server, betaAdmin, gzipSync(Buffer.from("x")));
    expectResponse(await call(server, "GET", `/imports/${started.body.id}`, { token: alphaAdmin }), 404, { code: "404", message: "import not found" });
    await finished<ImportRecord>(server, betaAdmin, `/imports/${started.body.id}`);
  });
});
