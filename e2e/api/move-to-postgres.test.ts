import { randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/lib/db/client";
import { apiFetch, call, loginAs } from "../support/api";
import { create, ok, seedCatalogue, workoutBody } from "../support/catalogue";
import { runCli } from "../support/cli";
import { seedFixtures } from "../support/fixtures";
import { startS3Server, type TestS3Server } from "../support/s3-server";
import { startTestServer, type TestServer } from "../support/server";
import { TEST_DATA_ROOT, withDatabase } from "../support/test-env";

/**
 * The move from the embedded database and a local storage directory to PostgreSQL and an object
 * store (docs/deployment.md): `npm run cli -- copy-database --to …`, then `copy-files`, then the
 * server on the new engines serves everything the old one did, and goes on from there.
 */
const isPostgres = process.env.TEST_DB_KIND === "postgresql";
const adminUrl = process.env.TEST_DATABASE_URL ?? "";
const id = randomBytes(4).toString("hex");
const embeddedDir = path.join(TEST_DATA_ROOT, `move-${id}`);
const afterDir = path.join(TEST_DATA_ROOT, `move-${id}-after`);
const targetName = `fcs_move_${id}`;
const targetUrl = adminUrl ? withDatabase(adminUrl, targetName) : "";

let s3: TestS3Server | undefined;
const servers: TestServer[] = [];

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await s3?.stop();
  if (isPostgres) await admin(`DROP DATABASE IF EXISTS ${targetName} WITH (FORCE)`);
  for (const directory of [embeddedDir, afterDir]) rmSync(directory, { recursive: true, force: true });
});

describe.runIf(isPostgres)("moving from the embedded database to PostgreSQL and an object store", () => {
  it("copies every record and file; the server on PostgreSQL and S3 serves them and goes on", async () => {
    // An installation on the embedded database, used through the API (records, an upload, a thumbnail).
    mkdirSync(embeddedDir, { recursive: true });
    const embedded = await openDatabase({ dataDir: embeddedDir, DATABASE_URL: undefined, DATABASE_POOL_MAX: 1 });
    await seedFixtures(embedded.db);
    await embedded.close();
    const before = await startTestServer({ reuse: { dataDir: embeddedDir }, keepData: true, storage: "local" });
    servers.push(before);
    const editor = (await loginAs(before, "alphaEditor")).token;
    const catalogue = await seedCatalogue(before, editor);
    const workout = await create<{ id: string }>(before, editor, "/content/workouts", workoutBody(catalogue));
    const image = await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 10, g: 160, b: 90 } } }).png().toBuffer();
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(image)]), "moved.png");
    const uploaded = await apiFetch(before, `/uploads`, { method: "POST", headers: { Authorization: `Bearer ${editor}` }, body: form });
    expect(uploaded.status).toBe(201);
    const upload = (await uploaded.json()) as { id: string; url: string };
    const thumbnail = new URL(upload.url);
    thumbnail.searchParams.set("style", "square");
    thumbnail.searchParams.set("size", "xs");
    const rendered = await fetch(`${before.baseUrl}${thumbnail.pathname}${thumbnail.search}`);
    expect(rendered.status).toBe(200);
    const thumbnailBytes = Buffer.from(await rendered.arrayBuffer());
    const adminToken = (await loginAs(before, "alphaAdmin")).token;
    const reads = [`/content/workouts/${workout.id}`, "/content/exercises?limit=100", "/content/goals?limit=100", `/uploads/${upload.id}`];
    // Addresses name the server that answered; everything else must be the same after the move.
    const readAll = async (server: TestServer, token: string) =>
      JSON.parse(JSON.stringify(await Promise.all(reads.map(async (read) => ok(await call(server, "GET", read, { token }))))).replaceAll(server.baseUrl, "<server>")) as unknown;
    const seenBefore = await readAll(before, editor);
    const usersBefore = ok(await call(before, "GET", "/users?limit=100", { token: adminToken }));
    type Feed = { data: { collection: string; id: unknown }[]; next_cursor: string };
    const feedBefore = ok(await call<Feed>(before, "GET", "/content/changes?limit=1000", { token: editor }));
    await before.stop();

    // The copy, as the operator runs it with the server stopped.
    await admin(`CREATE DATABASE ${targetName}`);
    const copied = await runCli(["copy-database", "--to", targetUrl], { DATA_DIR: embeddedDir });
    expect({ code: copied.code, stderr: copied.stderr }).toEqual({ code: 0, stderr: "" });
    expect(copied.stdout).toMatch(new RegExp(`^copied \\d+ rows of \\d+ tables into ${targetUrl.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}$`, "m"));
    expect(copied.stdout).toMatch(/^ {2}workouts: 1 rows$/m);

    s3 = await startS3Server({ bucket: "moved" });
    const files = await runCli(["copy-files"], { DATA_DIR: embeddedDir, ...s3.env });
    expect({ code: files.code, stderr: files.stderr }).toEqual({ code: 0, stderr: "" });
    // Every stored file: the original, the thumbnail rendered above, and whatever the thumbnails job
    // made before the server stopped (how far it got is timing, so the count is read from the disk).
    const summary = /^copied (\d+) files \(\d+ bytes\) from (.+) to bucket moved; 0 were there already$/m.exec(files.stdout);
    expect(summary, files.stdout).not.toBeNull();
    const storageDir = summary![2]!;
    // Writes in progress (`.tmp/`) are not the service's files and are not copied.
    const stored = readdirSync(storageDir, { recursive: true, withFileTypes: true }).filter(
      (entry) => entry.isFile() && !path.relative(storageDir, entry.parentPath).split(path.sep).includes(".tmp"),
    ).length;
    expect(Number(summary![1])).toBe(stored);
    expect(stored).toBeGreaterThanOrEqual(2);
    const keys = await s3.listKeys();
    expect(keys).toHaveLength(stored);
    expect(keys).toEqual(expect.arrayContaining([expect.stringMatching(new RegExp(`/${upload.id}/original$`)), expect.stringMatching(new RegExp(`/${upload.id}/thumbnails/square/`))]));
    // Run again (say, after an interruption): nothing is copied twice.
    const again = await runCli(["copy-files"], { DATA_DIR: embeddedDir, ...s3.env });
    expect(again.stdout).toMatch(new RegExp(`^copied 0 files \\(0 bytes\\) from .+ to bucket moved; ${stored} were there already$`, "m"));

    // The server on the new engines (same secrets, a directory of its own).
    mkdirSync(afterDir, { recursive: true });
    const after = await startTestServer({ reuse: { dataDir: afterDir, databaseUrl: targetUrl, s3 }, keepData: true, storage: "s3" });
    servers.push(after);
    expect(after.database).toBe("postgresql");
    // Passwords moved with their users; sessions too (the admin's token from before still works).
    const token = (await loginAs(after, "alphaEditor")).token;
    expect(ok(await call(after, "GET", "/users?limit=100", { token: adminToken }))).toEqual(usersBefore);
    expect(await readAll(after, token)).toEqual(seenBefore);
    // The change feed: a cursor of the old database gets 410 (its transaction ids mean nothing here);
    // a sync from the start lists the same changes, and goes on with what happens next.
    expect(await call(after, "GET", `/content/changes?since=${feedBefore.next_cursor}`, { token })).toMatchObject({
      status: 410,
      body: { code: "410", message: "the cursor is from before the service moved to another database; sync again from the start, without since" },
    });
    const feedAfter = ok(await call<Feed>(after, "GET", "/content/changes?limit=1000", { token }));
    expect(feedAfter.data).toEqual(feedBefore.data);

    const original = await fetch(`${after.baseUrl}${new URL(upload.url).pathname}${new URL(upload.url).search}`);
    expect(original.status).toBe(200);
    expect(Buffer.from(await original.arrayBuffer()).equals(image)).toBe(true);
    const cached = await fetch(`${after.baseUrl}${thumbnail.pathname}${thumbnail.search}`);
    expect({ status: cached.status, cache: cached.headers.get("x-thumbnail-cache") }).toEqual({ status: 200, cache: "hit" });
    expect(Buffer.from(await cached.arrayBuffer()).equals(thumbnailBytes)).toBe(true);

    // New records continue the copied ids. (With its slug given, a create is not retried: a taken id would answer 409.)
    const goal = await create<{ id: number }>(after, token, "/content/goals", { name: "After the move", slug: "after-the-move" });
    expect(goal.id).toBeGreaterThan(Math.max(...catalogue.goals));
    expect(ok(await call<Feed>(after, "GET", `/content/changes?since=${feedAfter.next_cursor}`, { token })).data).toEqual([
      { collection: "goals", id: goal.id, change: "upsert", updated_at: expect.any(String) },
    ]);

    // A second copy into the same database is refused, and changes nothing.
    const refused = await runCli(["copy-database", "--to", targetUrl], { DATA_DIR: embeddedDir });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^error: the target database is not empty \(table \w+ has rows\): copy into a new database\n$/);
    // Two databases, two servers and three command runs: more than one API test's usual minute on a busy machine.
  }, 240_000);

  it("refuses a target that is not PostgreSQL, and files without a bucket to copy them to", async () => {
    const dataDir = path.join(TEST_DATA_ROOT, `move-${id}-usage`);
    const notPostgres = await runCli(["copy-database", "--to", "mysql://db.example/fitness"], { DATA_DIR: dataDir });
    expect({ code: notPostgres.code, stderr: notPostgres.stderr }).toEqual({ code: 1, stderr: "error: --to: must be a postgres:// connection string\n" });
    const noBucket = await runCli(["copy-files"], { DATA_DIR: dataDir });
    expect({ code: noBucket.code, stderr: noBucket.stderr }).toEqual({
      code: 1,
      stderr: "error: set S3_BUCKET and its settings (S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_ENDPOINT …): the files are copied into that bucket\n",
    });
    rmSync(dataDir, { recursive: true, force: true });
  });
});
