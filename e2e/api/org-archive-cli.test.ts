import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/lib/db/client";
import { rewriteArchive } from "../support/archives";
import { apiFetch, call, loginAs } from "../support/api";
import { changeStatus, create, ok, planBody, seedCatalogue, workoutBody } from "../support/catalogue";
import { runCli } from "../support/cli";
import { PASSWORD, seedFixtures } from "../support/fixtures";
import { startTestServer, type TestServer } from "../support/server";
import { TEST_DATA_ROOT, withDatabase } from "../support/test-env";

/**
 * The organization archive on the command line (docs/archive-format.md), the documented way from the
 * embedded database to PostgreSQL (docs/deployment.md): `export` on the embedded database, `import
 * --create-org` into a new PostgreSQL database, and the server there serves the same records and
 * files under the same ids; then back from PostgreSQL into a new embedded database.
 */
const isPostgres = process.env.TEST_DB_KIND === "postgresql";
const adminUrl = process.env.TEST_DATABASE_URL ?? "";
const id = randomBytes(4).toString("hex");
const embeddedDir = path.join(TEST_DATA_ROOT, `archive-${id}`);
const afterDir = path.join(TEST_DATA_ROOT, `archive-${id}-after`);
const backDir = path.join(TEST_DATA_ROOT, `archive-${id}-back`);
const archive = path.join(TEST_DATA_ROOT, `archive-${id}.tar.gz`);
const tampered = path.join(TEST_DATA_ROOT, `archive-${id}-tampered.tar.gz`);
const targetName = `fcs_archive_${id}`;
const targetUrl = adminUrl ? withDatabase(adminUrl, targetName) : "";

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
  if (isPostgres) await admin(`DROP DATABASE IF EXISTS ${targetName} WITH (FORCE)`);
  for (const entry of [embeddedDir, afterDir, backDir, archive, tampered]) rmSync(entry, { recursive: true, force: true });
});

describe.runIf(isPostgres)("an organization archive from the embedded database to PostgreSQL and back", () => {
  it("exports, refuses a tampered copy, imports with the same ids, and the server on PostgreSQL serves the same", async () => {
    mkdirSync(embeddedDir, { recursive: true });
    const embedded = await openDatabase({ dataDir: embeddedDir, DATABASE_URL: undefined, DATABASE_POOL_MAX: 1 });
    await seedFixtures(embedded.db);
    await embedded.close();
    const before = await startTestServer({ reuse: { dataDir: embeddedDir }, keepData: true, storage: "local" });
    servers.push(before);
    const editor = (await loginAs(before, "alphaEditor")).token;
    const catalogue = await seedCatalogue(before, editor);
    const workout = await create<{ id: string }>(before, editor, "/content/workouts", workoutBody(catalogue));
    ok(await changeStatus(before, editor, "workouts", workout.id, { default: "published" }));
    const plan = await create<{ id: string }>(before, editor, "/content/training-plans", planBody(catalogue, { weeks: [{ days: [{ activities: [{ type: "workouts", id: workout.id }] }] }] }));
    const image = await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 200, g: 60, b: 90 } } }).png().toBuffer();
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(image)]), "archived.png");
    const uploaded = await apiFetch(before, `/uploads`, { method: "POST", headers: { Authorization: `Bearer ${editor}` }, body: form });
    expect(uploaded.status).toBe(201);
    const upload = (await uploaded.json()) as { id: string; url: string };
    const reads = [
      `/content/workouts/${workout.id}`,
      `/content/workouts/${workout.id}/status-history`,
      `/content/training-plans/${plan.id}`,
      "/content/exercises?limit=100",
      "/content/goals?limit=100",
      "/content/categories?limit=100",
      "/content/packages?limit=100",
      "/content/equipment?limit=100",
      `/uploads/${upload.id}`,
    ];
    // Addresses name the server that answered; users are not part of an archive (their references are dropped).
    const readAll = async (server: TestServer, token: string) =>
      JSON.parse(
        JSON.stringify(await Promise.all(reads.map(async (read) => ok(await call(server, "GET", read, { token })))))
          .replaceAll(server.baseUrl, "<server>")
          .replace(/"changed_by":\{[^}]*\}/g, '"changed_by":null'),
      ) as unknown;
    const seenBefore = await readAll(before, editor);
    const versionsBefore = ok(await call<{ total: number }>(before, "GET", `/content/workouts/${workout.id}/versions`, { token: editor })).total;
    await before.stop();

    const exported = await runCli(["export", "--org", "alpha", "--out", archive], { DATA_DIR: embeddedDir });
    expect({ code: exported.code, stderr: exported.stderr }).toEqual({ code: 0, stderr: "" });
    // The original and whatever thumbnails its job made before the server stopped (timing): counted from the summary.
    const summary = new RegExp(`^exported 'alpha' to ${archive.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}: (\\d+) records, (\\d+) files \\(\\d+ bytes\\)$`, "m").exec(exported.stdout);
    expect(summary, exported.stdout).not.toBeNull();
    const [records, files] = [Number(summary![1]), Number(summary![2])];
    expect(files).toBeGreaterThanOrEqual(1);

    await admin(`CREATE DATABASE ${targetName}`);
    mkdirSync(afterDir, { recursive: true });
    const target = { DATA_DIR: afterDir, DATABASE_URL: targetUrl };

    // One byte of the upload's file changed: refused before anything is written, the organization not created.
    await rewriteArchive(archive, tampered, (name, bytes) => (name === `files/${upload.id}/original` ? Buffer.from(bytes.map((byte, index) => (index === 100 ? byte ^ 1 : byte))) : bytes));
    const refused = await runCli(["import", "--org", "alpha", "--in", tampered, "--create-org"], target);
    expect({ code: refused.code, stderr: refused.stderr }).toEqual({
      code: 1,
      stderr: `error: the checksum of files/${upload.id}/original does not match the manifest: the archive is damaged or was changed\n`,
    });
    // A newer format version is named as such.
    await rewriteArchive(archive, tampered, (name, bytes) => (name === "archive.json" ? Buffer.from(JSON.stringify({ ...JSON.parse(bytes.toString()), version: 2 })) : bytes));
    const newer = await runCli(["import", "--org", "alpha", "--in", tampered, "--create-org"], target);
    expect({ code: newer.code, stderr: newer.stderr }).toEqual({ code: 1, stderr: "error: the archive has format version 2; this service reads version 1\n" });
    const usage = await runCli(["import", "--org", "alpha", "--in", archive], target);
    expect({ code: usage.code, stderr: usage.stderr }).toEqual({ code: 1, stderr: "error: no organization with code 'alpha' (add --create-org to create it from the archive's)\n" });

    const imported = await runCli(["import", "--org", "alpha", "--in", archive, "--create-org"], target);
    expect({ code: imported.code, stderr: imported.stderr }).toEqual({ code: 0, stderr: "" });
    expect(imported.stdout).toBe(`imported ${records} records and ${files} files into 'alpha' (ids kept)\n`);
    const user = await runCli(["create-user", "--org", "alpha", "--email", "editor@alpha.test", "--password", PASSWORD, "--role", "editor"], target);
    expect(user.code).toBe(0);

    const after = await startTestServer({ reuse: { dataDir: afterDir, databaseUrl: targetUrl }, keepData: true, storage: "local" });
    servers.push(after);
    expect(after.database).toBe("postgresql");
    const token = (await loginAs(after, "alphaEditor")).token;
    expect(await readAll(after, token)).toEqual(seenBefore);
    expect(ok(await call<{ total: number }>(after, "GET", `/content/workouts/${workout.id}/versions`, { token })).total).toBe(versionsBefore);
    const original = await fetch(`${after.baseUrl}${new URL(upload.url).pathname}${new URL(upload.url).search}`);
    expect(original.status).toBe(200);
    expect(Buffer.from(await original.arrayBuffer()).equals(image)).toBe(true);
    // New records continue after the imported ids.
    const goal = await create<{ id: number }>(after, token, "/content/goals", { name: "After the import", slug: "after-the-import" });
    expect(goal.id).toBeGreaterThan(Math.max(...catalogue.goals));
    await after.stop();

    // And back: from PostgreSQL into a new embedded database.
    const again = path.join(TEST_DATA_ROOT, `archive-${id}-again.tar.gz`);
    const exportedAgain = await runCli(["export", "--org", "alpha", "--out", again], target);
    expect({ code: exportedAgain.code, stderr: exportedAgain.stderr }).toEqual({ code: 0, stderr: "" });
    const back = await runCli(["import", "--org", "alpha", "--in", again, "--create-org"], { DATA_DIR: backDir });
    expect({ code: back.code, stderr: back.stderr }).toEqual({ code: 0, stderr: "" });
    // The goal created on PostgreSQL came along.
    expect(back.stdout).toBe(`imported ${records + 1} records and ${files} files into 'alpha' (ids kept)\n`);
    // The same archive once more: every record the organization has is matched to its own, and no file
    // is written; only the fixtures' four upload records, which have no bytes to match, come again.
    const repeated = await runCli(["import", "--org", "alpha", "--in", again], { DATA_DIR: backDir });
    rmSync(again, { force: true });
    expect({ code: repeated.code, stderr: repeated.stderr }).toEqual({ code: 0, stderr: "" });
    const matched = /^imported (\d+) records and 0 files into 'alpha' \(ids remapped\); (\d+) of them the organization had already \((.+)\)\n$/.exec(repeated.stdout);
    expect(matched, repeated.stdout).not.toBeNull();
    expect([Number(matched![1]), Number(matched![2])]).toEqual([records + 1, records + 1 - 4]);
    expect(matched![3]).toContain("1 workouts");
  }, 300_000);
});
