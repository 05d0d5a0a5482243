import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COLLECTIONS } from "@/lib/collections/registry";
import { call, type ApiResponse } from "../support/api";
import { runCli } from "../support/cli";
import { prepareDatabase, startTestServer, type TestServer } from "../support/server";
import { TEST_SECRETS } from "../support/test-env";

/**
 * `npm run cli -- seed-demo` (README): the demo organization gets a believable catalogue,
 * written through the domain code, and a second run changes nothing. Checked over HTTP as an app and
 * an editor would see it.
 */
type List<T = Record<string, unknown>> = { total: number; data: T[] };
type Json = Record<string, unknown>;
type Upload = { id: string; mime: string; url: string; metadata?: { animated?: boolean; width?: number } };

const PASSWORD = "demo-password-123";
const ITEM_TYPES = ["SINGLE-EXERCISES", "SUPERSET", "CIRCUIT-TIME", "CIRCUIT-REPETITIONS", "AMRAP", "RFT", "EMOM", "TIMER"];
/** Every collection of the registry: the demo fills each (a collection registered without demo content fails here). */
const COLLECTION_PATHS = COLLECTIONS.map((entry) => `/content/${entry.key}`);

let prepared: Awaited<ReturnType<typeof prepareDatabase>>;
let cliEnv: Record<string, string | undefined>;
/** What the first run said it created, by label ("exercises" → 50). */
let created: Map<string, number>;

const SEED_LINE = /^seeded the demo catalogue of 'demo' in \d+\.\d s: (.+); published: (\d+) of (\d+) workouts, (\d+) of (\d+) training plans, (\d+) of (\d+) on-demand items\n$/;

beforeAll(async () => {
  prepared = await prepareDatabase();
  // The command line stores files where the servers read them (the S3 store with TEST_STORAGE=s3).
  cliEnv = { DATA_DIR: prepared.dataDir, DATABASE_URL: prepared.databaseUrl, ...TEST_SECRETS, ...prepared.s3?.env };
  const org = await runCli(["create-org", "--code", "demo", "--name", "Demo", "--languages", "en,de,fr,es"], cliEnv);
  expect(org.stderr).toBe("");
  const admin = await runCli(["create-user", "--org", "demo", "--email", "admin@demo.test", "--password", PASSWORD, "--role", "admin"], cliEnv);
  expect(admin.stderr).toBe("");
});
afterAll(async () => {
  await prepared?.drop();
});

describe("seed-demo on the command line", () => {
  it("seeds the demo organization and prints what it created", { timeout: 180_000 }, async () => {
    const result = await runCli(["seed-demo"], cliEnv);
    expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: "" });
    const match = SEED_LINE.exec(result.stdout);
    expect(match, result.stdout).not.toBeNull();
    created = new Map(match![1]!.split(", ").map((part) => [part.replace(/^\d+ /, ""), Number(part.split(" ")[0])]));
    expect(created.get("exercises")).toBeGreaterThanOrEqual(24);
    expect(created.get("workouts")).toBeGreaterThanOrEqual(8);
    expect(created.get("training plans")).toBeGreaterThanOrEqual(2);
    expect(created.get("on-demand items")).toBeGreaterThanOrEqual(2);
    expect(created.get("uploads")).toBeGreaterThan(0);
    // Publishing is mixed: some of each kind published, not all of them.
    const [published, workouts] = [Number(match![2]), Number(match![3])];
    expect(published).toBeGreaterThan(workouts / 2);
    expect(published).toBeLessThan(workouts);
  });

  it("does nothing on an organization that already has content", { timeout: 60_000 }, async () => {
    const result = await runCli(["seed-demo", "--org", "demo"], cliEnv);
    expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: "" });
    expect(result.stdout).toMatch(/^organization 'demo' already has content \(\d+ exercises, \d+ workouts, .*\); nothing seeded\n$/);
  });

  it.each([
    [["seed-demo", "--org", "nowhere"], "error: no organization with code 'nowhere'\n"],
    [["seed-demo", "--org", "demo", "--seed", "3"], "error: Unknown option '--seed'"],
  ])("refuses %j with a clear message and exit status 1", async (args, message) => {
    const result = await runCli(args, cliEnv);
    expect({ code: result.code, stderr: result.stderr.slice(0, message.length) }).toEqual({ code: 1, stderr: message });
  });

  it("refuses an organization without an admin or editor to author the content", async () => {
    expect((await runCli(["create-org", "--code", "lonely", "--name", "Lonely"], cliEnv)).code).toBe(0);
    const result = await runCli(["seed-demo", "--org", "lonely"], cliEnv);
    expect({ code: result.code, stderr: result.stderr }).toEqual({
      code: 1,
      stderr: "error: organization 'lonely' has no admin or editor to author the demo content; create one first (create-user --role admin)\n",
    });
  });
});

describe("the seeded catalogue over HTTP", () => {
  let server: TestServer;
  let platform: string;
  let mobile: string;

  const get = async <T = Json>(path: string, token: string, headers: Record<string, string> = {}): Promise<T> => {
    const response: ApiResponse<T> = await call<T>(server, "GET", path, { token, headers });
    expect({ path, status: response.status }).toEqual({ path, status: 200 });
    return response.body;
  };
  const list = <T = Json>(path: string, token: string, headers: Record<string, string> = {}) =>
    get<List<T>>(`${path}${path.includes("?") ? "&" : "?"}filter[limit]=250`, token, headers);
  const login = async (scope: "platform" | "mobile") => {
    const response = await call<{ token: string }>(server, "POST", "/auth/login", { body: { email: "admin@demo.test", password: PASSWORD, code: "demo", scope } });
    expect(response.status).toBe(200);
    return response.body.token;
  };

  beforeAll(async () => {
    server = await startTestServer({ reuse: prepared });
    platform = await login("platform");
    mobile = await login("mobile");
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("holds exactly what the first run reported, so the second run changed nothing", async () => {
    const totals = {
      exercises: (await list("/content/exercises", platform)).total,
      workouts: (await list("/content/workouts", platform)).total,
      "training plans": (await list("/content/training-plans", platform)).total,
      "on-demand items": (await list("/content/on-demand", platform)).total,
      instructors: (await list("/content/instructors", platform)).total,
      // The no-equipment record exists in every organization.
      equipment: (await list("/content/equipment", platform)).total - 1,
    };
    expect(totals).toEqual(Object.fromEntries(Object.keys(totals).map((key) => [key, created.get(key)])));
  });

  it("fills every collection and lookup", async () => {
    for (const path of COLLECTION_PATHS) {
      const { total } = await list(path, platform);
      expect({ path, isFilled: total > 0 }).toEqual({ path, isFilled: true });
    }
  });

  it("has workouts that together use all eight item types, with phases and exercises", async () => {
    const { data } = await list<{ id: string }>("/content/workouts", platform);
    const used = new Set<string>();
    for (const { id } of data) {
      const workout = await get<{ phases: { kind: string; items: { type: string }[] }[]; image: Upload | null }>(`/content/workouts/${id}`, platform);
      expect(workout.phases.map((phase) => phase.kind)).toEqual(["warm-up", "training", "cool-down"]);
      expect(workout.image?.mime).toBe("image/jpeg");
      for (const phase of workout.phases) for (const item of phase.items) used.add(item.type);
    }
    expect([...used].sort()).toEqual([...ITEM_TYPES].sort());
    // The exercises a workout uses are derived from its phases (the `exercises` filter reads them).
    const squat = (await list<{ id: string; name: string }>("/content/exercises?filter[where][name][eq]=Bodyweight squat", platform)).data[0]!;
    expect((await list(`/content/workouts?filter[where][exercises]=${squat.id}`, platform)).total).toBeGreaterThan(0);
  });

  it("has multi-week training plans with derived totals and every kind of activity", async () => {
    const { data } = await list<{ id: string; weeks_total: number; days_total: number; max_days_per_week: number }>("/content/training-plans", platform);
    const multiWeek = data.filter((plan) => plan.weeks_total >= 4);
    expect(multiWeek.length).toBeGreaterThanOrEqual(2);
    const kinds = new Set<string>();
    for (const plan of data) {
      const full = await get<{ weeks: { days: { activities: { type: string }[] }[] }[] }>(`/content/training-plans/${plan.id}`, platform);
      const activeDays = full.weeks.flatMap((week) => week.days).filter((day) => day.activities.length > 0).length;
      expect({ weeks: full.weeks.length, days: activeDays }).toEqual({ weeks: plan.weeks_total, days: plan.days_total });
      for (const week of full.weeks) for (const day of week.days) for (const activity of day.activities) kinds.add(activity.type);
    }
    expect([...kinds].sort()).toEqual(["fitness-activities", "on-demand", "workouts"]);
  });

  it("has on-demand virtual classes with video and audio workouts with audio", async () => {
    for (const [type, mime] of [
      ["virtual-class", "video/mp4"],
      ["audio-workout", "audio/mpeg"],
    ] as const) {
      const { data, total } = await list<{ id: string; instructor_id: string | null }>(`/content/on-demand?filter[where][type]=${type}`, platform);
      expect({ type, hasSome: total > 0 }).toEqual({ type, hasSome: true });
      const item = await get<{ video: Upload; instructor_id: string }>(`/content/on-demand/${data[0]!.id}`, platform);
      expect(item.video.mime).toBe(mime);
      await get(`/content/instructors/${item.instructor_id}`, platform);
    }
  });

  it("speaks German: exercises, workouts and lookups have German texts", async () => {
    const exercises = await call<List<{ id: string; name: string }>>(server, "GET", "/content/exercises?filter[limit]=250", { token: platform, headers: { "Accept-Language": "de" } });
    expect(exercises.headers.get("content-language")).toBe("de");
    expect(exercises.body.data.map((exercise) => exercise.name)).toEqual(expect.arrayContaining(["Kniebeuge", "Liegestütz", "Kreuzheben"]));
    const workouts = await list<{ title: string }>("/content/workouts", platform, { "Accept-Language": "de" });
    expect(workouts.data.map((workout) => workout.title)).toContain("Ganzkörper für Einsteiger");
    const goals = await list<{ name: string }>("/content/goals", platform, { "Accept-Language": "de" });
    expect(goals.data.map((goal) => goal.name)).toContain("Abnehmen");
    const kniebeuge = exercises.body.data.find((exercise) => exercise.name === "Kniebeuge")!;
    const translations = await get<{ name: Record<string, string> }>(`/content/exercises/${kniebeuge.id}?lang=de,fr,es`, platform);
    expect(translations.name).toEqual({ default: "Bodyweight squat", de: "Kniebeuge", fr: "Squat au poids du corps", es: "Sentadilla" });
  });

  it("shows a mobile app only what is published, language by language", async () => {
    const all = await list<{ title: string; status: Record<string, string> }>("/content/workouts", platform);
    const published = await list<{ title: string; status: Record<string, string> }>("/content/workouts", mobile);
    expect(published.total).toBeGreaterThan(0);
    expect(published.total).toBeLessThan(all.total);
    expect(published.data.every((workout) => workout.status.default === "published")).toBe(true);
    // Some records are published in English but withdrawn in German.
    const german = await list<{ title: string }>("/content/workouts", mobile, { "Accept-Language": "de" });
    expect(german.total).toBeGreaterThan(0);
    expect(german.total).toBeLessThan(published.total);
    expect(all.data.some((workout) => workout.status.default === "draft")).toBe(true);
    expect((await list("/content/on-demand", mobile)).total).toBeGreaterThan(0);
    expect((await list("/content/training-plans", mobile)).total).toBeGreaterThan(0);
  });

  it("serves the images: thumbnails of covers, animated exercise loops and media files", async () => {
    const [exercise] = (await list<{ id: string }>("/content/exercises", platform)).data;
    const full = await get<{ image: Upload; gif: Upload; video: Upload }>(`/content/exercises/${exercise!.id}`, platform);
    const thumbnail = new URL(full.image.url);
    thumbnail.searchParams.set("style", "square");
    thumbnail.searchParams.set("size", "xs");
    const response = await fetch(thumbnail);
    expect({ status: response.status, type: response.headers.get("content-type") }).toEqual({ status: 200, type: "image/jpeg" });
    const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect({ width: metadata.width, height: metadata.height }).toEqual({ width: 440, height: 440 });

    expect(full.gif.metadata?.animated).toBe(true);
    const loop = await fetch(full.gif.url);
    expect(loop.status).toBe(200);
    expect((await sharp(Buffer.from(await loop.arrayBuffer()), { animated: true }).metadata()).pages).toBeGreaterThan(1);

    const video = await fetch(full.video.url, { headers: { Range: "bytes=0-11" } });
    expect(video.status).toBe(206);
    expect(Buffer.from(await video.arrayBuffer()).toString("latin1", 4, 12)).toBe("ftypisom");

    const instructors = await list<{ photo: Upload | null }>("/content/instructors", platform);
    expect(instructors.data.every((instructor) => instructor.photo?.mime === "image/jpeg")).toBe(true);
  });
});
