import { createHash, randomBytes } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/lib/db/client";
import { createOrganization } from "@/lib/organizations/create-organization";
import { createUser } from "@/lib/users/create-user";
import { apiFetch, call } from "../support/api";
import { ok, type Json, type List } from "../support/catalogue";
import { jobsOf } from "../support/jobs";
import { startTestServer, type TestServer } from "../support/server";
import { TEST_DATA_ROOT, withDatabase } from "../support/test-env";

/**
 * The move the organization archive exists for (docs/archive-format.md, ADR 30): the demo
 * organization, seeded on the embedded database as `npm run demo` seeds it (with its videos and audio
 * processed), exported through the API and imported through the API into a new organization of a new
 * PostgreSQL database. Every record of every collection and lookup then reads the same through the
 * API — in every language, with its statuses, status history, versions, schedules and uploads — and
 * every file the API serves (originals, thumbnails, HLS playlists and segments, previews, waveforms,
 * captions) has the same bytes. The archive carries the derived files, so the import processes no
 * media again.
 */
const isPostgres = process.env.TEST_DB_KIND === "postgresql";
const adminUrl = process.env.TEST_DATABASE_URL ?? "";
const id = randomBytes(4).toString("hex");
const demoDir = path.join(TEST_DATA_ROOT, `archive-demo-${id}`);
const targetDir = path.join(TEST_DATA_ROOT, `archive-demo-${id}-pg`);
const targetName = `fcs_archive_demo_${id}`;
const TARGET_PASSWORD = "target-password-123";
/** The comparison reads every record several times: a few thousand requests a minute. */
const UNLIMITED = { RATE_LIMIT_PER_MINUTE: "1000000" };

const COLLECTIONS = ["exercises", "workouts", "training-plans", "on-demand", "instructors", "equipment"];
const LOOKUPS = ["muscle-groups", "body-parts", "goals", "categories", "activity-types", "providers", "equipment/brands", "equipment/categories", "packages"];
const VERSIONED = new Set(["exercises", "instructors", "workouts", "training-plans", "on-demand"]);
const PUBLISHABLE = new Set(["workouts", "training-plans", "on-demand"]);
const THUMBNAIL_STYLES = ["widescreen", "landscape", "square", "portrait"];

type Upload = Json & { id: string; mime: string; url: string; playback_url?: string | null; preview_url?: string | null; waveform_url?: string | null; captions?: { url: string }[]; processing?: { state: string } };
type ArchiveJob = { id: string; state: string; counts: Record<string, number> | null; files: number | null; error: string | null; download_url?: string | null; ids?: string | null };

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
  for (const entry of [demoDir, targetDir]) rmSync(entry, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `read` until `isDone` holds, at most `timeoutMs`; the last value otherwise fails the test. */
async function until<T>(read: () => Promise<T>, isDone: (value: T) => boolean, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (isDone(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what} after ${timeoutMs} ms: ${JSON.stringify(value).slice(0, 2000)}`);
    await sleep(500);
  }
}

/** `work` over `items`, `limit` at a time, results in order. */
async function mapLimit<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!);
      }
    }),
  );
  return results;
}

/**
 * An answer as the other server must give it: its own address replaced, signed policies (they carry
 * an expiry that may roll over between the two reads) named `<policy>`, and — for the source — users
 * as null, since users are not part of an archive (a status change's `changed_by`, a version's `author`).
 */
function comparable(value: unknown, server: TestServer, dropUsers: boolean): unknown {
  const text = JSON.stringify(value)
    .replaceAll(server.baseUrl, "<server>")
    .replace(/Policy=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g, "Policy=<policy>")
    .replace(/\/media\/([0-9a-f-]{36})\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\//g, "/media/$1/<policy>/");
  const users = (item: unknown): unknown => {
    if (Array.isArray(item)) return item.map(users);
    if (item && typeof item === "object") {
      const keys = Object.keys(item);
      if (dropUsers && keys.length === 2 && keys.includes("id") && keys.includes("email")) return null;
      return Object.fromEntries(Object.entries(item).map(([key, member]) => [key, users(member)]));
    }
    return item;
  };
  return users(JSON.parse(text));
}

/** Every page of a list, `filter[limit]=250` at a time. */
async function wholeList(server: TestServer, token: string, apiPath: string, headers: Record<string, string> = {}): Promise<Json[]> {
  const records: Json[] = [];
  for (let offset = 0; ; offset += 250) {
    const separator = apiPath.includes("?") ? "&" : "?";
    const page = ok(await call<List>(server, "GET", `${apiPath}${separator}filter[limit]=250&filter[offset]=${offset}`, { token, headers }));
    records.push(...page.data);
    if (records.length >= page.total || page.data.length === 0) return records;
  }
}

/**
 * What the API says about the organization's records, read by `token` on `server`: every list in every
 * language, every record in every language and with `texts=all`, status histories, versions (each one
 * read whole), schedules, workout timelines, the translation queue of each language, uploads, and a
 * few searches. Keyed by the request, for a comparison that names what differs.
 */
async function readEverything(server: TestServer, token: string, languages: readonly string[]): Promise<Map<string, unknown>> {
  const reads = new Map<string, unknown>();
  const get = async (apiPath: string, headers: Record<string, string> = {}) => ok(await call(server, "GET", apiPath, { token, headers }));
  const inLanguage = (language: string) => ({ "Accept-Language": language });
  const requests: [string, () => Promise<unknown>][] = [];
  for (const collection of [...COLLECTIONS, ...LOOKUPS]) {
    const apiPath = `/content/${collection}`;
    const records = await wholeList(server, token, apiPath);
    reads.set(`${apiPath} (list)`, records);
    for (const language of languages) requests.push([`${apiPath} (list, ${language})`, () => wholeList(server, token, apiPath, inLanguage(language))]);
    for (const record of records) {
      const recordPath = `${apiPath}/${String(record.id)}`;
      requests.push([`${recordPath}?texts=all`, () => get(`${recordPath}?texts=all`)]);
      for (const language of languages) requests.push([`${recordPath} (${language})`, () => get(recordPath, inLanguage(language))]);
      if (PUBLISHABLE.has(collection)) {
        requests.push([`${recordPath}/status-history`, () => wholeList(server, token, `${recordPath}/status-history`)]);
        requests.push([`${recordPath}/schedules`, () => get(`${recordPath}/schedules`)]);
      }
      if (collection === "workouts") requests.push([`${recordPath}/timeline`, () => get(`${recordPath}/timeline`)]);
      if (VERSIONED.has(collection)) {
        requests.push([
          `${recordPath}/versions`,
          async () => {
            const versions = await wholeList(server, token, `${recordPath}/versions`);
            return { versions, whole: await Promise.all(versions.map((version) => get(`${recordPath}/versions/${String(version.number)}`))) };
          },
        ]);
      }
    }
  }
  requests.push(["/content/schedules", () => wholeList(server, token, "/content/schedules")]);
  for (const language of languages.slice(1)) {
    requests.push([`/content/translation-queue (${language})`, () => wholeList(server, token, `/content/translation-queue?filter[where][language][eq]=${language}`)]);
  }
  for (const language of languages) {
    for (const q of ["squat", "yoga", "intreval", "core stre"]) {
      requests.push([`/content/search ${q} (${language})`, async () => ok(await call(server, "POST", "/content/search", { token, body: { q }, headers: inLanguage(language) }))]);
    }
  }
  requests.push(["/uploads", () => wholeList(server, token, "/uploads")]);
  const answers = await mapLimit(requests, 6, ([, read]) => read());
  requests.forEach(([key], index) => reads.set(key, answers[index]));
  for (const upload of reads.get("/uploads") as Json[]) reads.set(`/uploads/${String(upload.id)}`, await get(`/uploads/${String(upload.id)}`));
  return reads;
}

const sha256 = (bytes: ArrayBuffer) => createHash("sha256").update(Buffer.from(bytes)).digest("hex");

/** A file the API serves, as `{status, type, sha256}` (and whether a thumbnail came from the cache). */
async function fetchFile(url: string): Promise<{ status: number; type: string | null; sha256: string; cache: string | null; text?: string }> {
  const response = await fetch(url);
  const bytes = await response.arrayBuffer();
  const type = response.headers.get("content-type");
  return { status: response.status, type, sha256: sha256(bytes), cache: response.headers.get("x-thumbnail-cache"), ...(type?.includes("mpegurl") ? { text: Buffer.from(bytes).toString("utf8") } : {}) };
}

/** The addresses a playlist names (segment lines, `URI="…"` attributes), resolved against its own. */
function playlistUris(text: string, base: string): string[] {
  const uris: string[] = [];
  for (const line of text.split("\n")) {
    const trimmed = line.trim();
    if (trimmed === "") continue;
    if (trimmed.startsWith("#")) {
      for (const match of trimmed.matchAll(/URI="([^"]+)"/g)) uris.push(new URL(match[1]!, base).toString());
    } else {
      uris.push(new URL(trimmed, base).toString());
    }
  }
  return uris;
}

/**
 * Every file of an upload the API serves, keyed by a name the other server shares: the original, the
 * four thumbnails of an image, and for audio and video the master playlist, every playlist and
 * segment it names, the preview, the waveform and the captions.
 */
async function servedFiles(upload: Upload): Promise<Map<string, Awaited<ReturnType<typeof fetchFile>>>> {
  const files = new Map<string, Awaited<ReturnType<typeof fetchFile>>>();
  files.set("original", await fetchFile(upload.url));
  if (upload.mime.startsWith("image/")) {
    for (const style of THUMBNAIL_STYLES) {
      const url = new URL(upload.url);
      url.searchParams.set("style", style);
      files.set(`thumbnail ${style}`, await fetchFile(url.toString()));
    }
  }
  const under = (url: string) => url.replace(/^.*\/media\/[0-9a-f-]{36}\/[^/]+\//, "");
  if (upload.playback_url) {
    const seen = new Set<string>();
    const queue = [upload.playback_url];
    while (queue.length > 0) {
      const url = queue.shift()!;
      if (seen.has(url)) continue;
      seen.add(url);
      const file = await fetchFile(url);
      files.set(under(url), file);
      if (file.text) queue.push(...playlistUris(file.text, url));
    }
  }
  for (const url of [upload.preview_url, upload.waveform_url, ...(upload.captions ?? []).map((caption) => caption.url)]) {
    if (url) files.set(under(url), await fetchFile(url));
  }
  return files;
}

describe.runIf(isPostgres)("the demo organization from the embedded database to a new organization on PostgreSQL", () => {
  it("exports, imports with the same ids, and every record and file reads the same through the API", { timeout: 600_000 }, async () => {
    const started = Date.now();
    const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
    const timings: string[] = [];

    // The source: `npm run demo` (DEMO_MODE on a new embedded database), whose password it prints once.
    mkdirSync(demoDir, { recursive: true });
    const demo = await startTestServer({ reuse: { dataDir: demoDir }, keepData: true, storage: "local", env: { DEMO_MODE: "1", ...UNLIMITED } });
    servers.push(demo);
    expect(demo.database).toBe("embedded");
    const seeded = await until(async () => demo.output(), (output) => /seeded the demo catalogue of 'demo'/.test(output) || /could not be seeded/.test(output), 300_000, "the demo catalogue is not seeded");
    expect(seeded).toMatch(/seeded the demo catalogue of 'demo'/);
    const password = /password:\s+(\S+)/.exec(seeded)![1]!;
    const login = ok(await call<{ access_token: string }>(demo, "POST", "/auth/login", { body: { email: "admin@demo.local", password, code: "demo", scope: "platform" } }));
    const demoAdmin = login.access_token;
    timings.push(`demo seeded ${elapsed()}`);

    // Its media processed and thumbnails made: the derived files an archive carries.
    type Queue = { task: string; waiting: number; active: number; failed: number };
    const queues = await until(
      async () => ok(await call<{ data: Queue[] }>(demo, "GET", "/jobs/queues", { token: demoAdmin })).data,
      (data) => data.every((queue) => queue.waiting === 0 && queue.active === 0),
      300_000,
      "the demo's jobs are not done",
    );
    expect(queues.filter((queue) => queue.failed > 0)).toEqual([]);
    timings.push(`demo's jobs done ${elapsed()}`);
    const languages = ok(await call<{ languages: string[] }>(demo, "GET", "/organization", { token: demoAdmin })).languages;
    expect(languages).toEqual(["en", "de", "fr", "es"]);
    const demoUploads = (await wholeList(demo, demoAdmin, "/uploads")) as Upload[];
    const media = demoUploads.filter((upload) => upload.mime.startsWith("video/") || upload.mime.startsWith("audio/"));
    expect(media.filter((upload) => upload.mime.startsWith("video/")).length).toBeGreaterThan(0);
    expect(media.map((upload) => [upload.id, upload.processing?.state, Boolean(upload.playback_url)])).toEqual(media.map((upload) => [upload.id, "ready", true]));

    // Export through the API.
    const exportJob = await call<ArchiveJob>(demo, "POST", "/exports", { token: demoAdmin });
    expect(exportJob.status).toBe(202);
    const exported = await until(async () => ok(await call<ArchiveJob>(demo, "GET", `/exports/${exportJob.body.id}`, { token: demoAdmin })), (job) => job.state !== "queued" && job.state !== "running", 120_000, "the export is not done");
    expect({ state: exported.state, error: exported.error }).toEqual({ state: "completed", error: null });
    const archive = Buffer.from(await (await fetch(exported.download_url!)).arrayBuffer());
    timings.push(`exported ${(archive.length / 1024 / 1024).toFixed(1)} MB, ${exported.files} files ${elapsed()}`);
    const before = await readEverything(demo, demoAdmin, languages);
    const demoFiles = await mapLimit(demoUploads, 4, servedFiles);
    timings.push(`demo read ${elapsed()}`);
    await demo.stop();

    // The target: a new PostgreSQL database with one new organization and its admin.
    await admin(`CREATE DATABASE ${targetName}`);
    const targetUrl = withDatabase(adminUrl, targetName);
    mkdirSync(targetDir, { recursive: true });
    const database = await openDatabase({ dataDir: targetDir, DATABASE_URL: targetUrl, DATABASE_POOL_MAX: 1 });
    const gym = await createOrganization(database.db, { code: "gym", name: "Gym on PostgreSQL", languages: [...languages], defaultLanguage: languages[0]! });
    await createUser(database.db, gym, { email: "admin@gym.test", password: TARGET_PASSWORD, role: "admin" });
    await database.close();
    const target = await startTestServer({ reuse: { dataDir: targetDir, databaseUrl: targetUrl }, keepData: true, storage: "local", env: UNLIMITED });
    servers.push(target);
    expect(target.database).toBe("postgresql");
    const gymAdmin = ok(await call<{ access_token: string }>(target, "POST", "/auth/login", { body: { email: "admin@gym.test", password: TARGET_PASSWORD, code: "gym", scope: "platform" } })).access_token;

    const posted = await apiFetch(target, "/imports", { method: "POST", headers: { Authorization: `Bearer ${gymAdmin}`, "Content-Type": "application/gzip" }, body: new Uint8Array(archive) });
    expect(posted.status).toBe(202);
    const importId = ((await posted.json()) as ArchiveJob).id;
    const imported = await until(async () => ok(await call<ArchiveJob>(target, "GET", `/imports/${importId}`, { token: gymAdmin })), (job) => job.state !== "queued" && job.state !== "running", 180_000, "the import is not done");
    const importJobs = imported.state === "completed" ? [] : await jobsOf(target, gymAdmin, "archives.import");
    expect(imported, JSON.stringify(importJobs.map((job) => job.last_error))).toMatchObject({ state: "completed", error: null, ids: "kept", counts: exported.counts, files: exported.files });
    timings.push(`imported ${elapsed()}`);

    // Nothing is processed again: the archive brought the renditions and the thumbnails.
    for (const task of ["media.process", "uploads.thumbnails"]) {
      expect({ task, jobs: ok(await call<List>(target, "GET", `/jobs?filter[where][task]=${task}`, { token: gymAdmin })).data }).toEqual({ task, jobs: [] });
    }

    const after = await readEverything(target, gymAdmin, languages);
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    const differing = [...before.keys()].filter((key) => !isDeepStrictEqual(comparable(after.get(key), target, false), comparable(before.get(key), demo, true)));
    expect(differing.slice(0, 3).map((key) => ({ key, source: comparable(before.get(key), demo, true), target: comparable(after.get(key), target, false) }))).toEqual([]);
    expect(differing).toEqual([]);

    // Every file the API serves, byte for byte.
    const targetUploads = new Map(((await wholeList(target, gymAdmin, "/uploads")) as Upload[]).map((upload) => [upload.id, upload]));
    const targetFiles = await mapLimit(demoUploads, 4, (upload) => servedFiles(targetUploads.get(upload.id)!));
    let compared = 0;
    demoUploads.forEach((upload, index) => {
      const source = demoFiles[index]!;
      const copy = targetFiles[index]!;
      expect({ upload: upload.id, files: [...copy.keys()] }).toEqual({ upload: upload.id, files: [...source.keys()] });
      for (const [name, file] of source) {
        const { cache: _sourceCache, ...sourceFile } = file;
        const { cache, ...targetFile } = copy.get(name)!;
        expect({ upload: upload.id, name, ...targetFile }).toEqual({ upload: upload.id, name, ...sourceFile, status: 200 });
        // A thumbnail is read from the files the archive carried, not rendered again.
        if (name.startsWith("thumbnail ")) expect({ upload: upload.id, name, cache }).toEqual({ upload: upload.id, name, cache: "hit" });
        compared += 1;
      }
    });
    timings.push(`compared ${before.size} reads and ${compared} files of ${demoUploads.length} uploads (${media.length} audio and video) ${elapsed()}`);
    expect(compared).toBeGreaterThan(demoUploads.length);
    process.stdout.write(`org-archive-demo: ${timings.join("; ")}\n`);
  });
});
