import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, loginAs, type ApiResponse } from "../support/api";
import { UPLOADS } from "../support/fixtures";
import { startTestServer, type TestServer } from "../support/server";

/**
 * Typo tolerance with a bound and prefix search (docs/api.md "Search"): a word of up to 4 characters
 * must be written exactly, one of 5 to 8 may have 1 typo, a longer one 2; a transposition is one typo;
 * the query's last word also matches as the beginning of a longer word. Words matching nothing within
 * their bound find nothing, and only queries whose every word matched as written become suggestions.
 */

type Json = Record<string, unknown>;
type Result = { entity_id: string; match_score: number; title: string };
type SearchBody = { results: Result[]; suggestions: { q: string; popularity: number }[]; cursors: { collection: string; total: number }[] };

let server: TestServer;
let admin: string;
let member: string;
const item: Record<string, string> = {};
const nameOf = (id: string) => Object.entries(item).find(([, entry]) => entry === id)?.[0] ?? `other ${id}`;

async function post(path: string, body: Json): Promise<Json> {
  const response = await call(server, "POST", path, { token: admin, body });
  if (response.status !== 201) throw new Error(`POST ${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

async function add(key: string, path: string, body: Json): Promise<void> {
  const id = (await post(path, body)).id as string;
  const published = await call(server, "PATCH", `${path}/${id}/status`, { token: admin, body: { default: "published" } });
  if (published.status !== 200) throw new Error(`publish ${key}: ${published.status} ${JSON.stringify(published.body)}`);
  item[key] = id;
}

const workout = (overrides: Json): Json => ({
  image: UPLOADS.alphaImage.id,
  gender: "female",
  level: "beginner",
  types: [],
  goals: [],
  body_parts: [],
  locations: ["home"],
  duration: "16-30",
  phases: [],
  ...overrides,
});

/** A member's search (recorded for suggestions when it qualifies), or with `token` another caller's. */
async function search(q: string, options: { offset?: number; token?: string } = {}): Promise<SearchBody> {
  const body = options.offset === undefined ? { q } : { q, cursors: [{ collection: "workouts", offset: options.offset, limit: 1 }] };
  const response: ApiResponse<SearchBody> = await call<SearchBody>(server, "POST", "/content/search", { token: options.token ?? member, body });
  expect({ q, status: response.status }).toEqual({ q, status: 200 });
  return response.body;
}

/** What a query finds, searched by a platform caller (never recorded: the suggestions test counts the member's searches). */
const keysOf = async (q: string) => (await search(q, { token: admin })).results.map((result) => nameOf(result.entity_id)).sort();

beforeAll(async () => {
  server = await startTestServer();
  admin = (await loginAs(server, "alphaAdmin")).token;
  member = (await loginAs(server, "alphaMember", "mobile")).token;
  const intervals = (await post("/content/categories", { name: "Intervals" })).id as number;
  const brand = (await post("/content/equipment/brands", { name: "Acme" })).id as number;
  const equipmentCategory = (await post("/content/equipment/categories", { name: "Free weights" })).id as number;
  const dumbbell = (await post("/content/equipment", { name: "Dumbbell", brand_id: brand, categories: [equipmentCategory], image: UPLOADS.alphaImage.id })).id as number;
  const provider = (await post("/content/providers", { name: "Studio" })).id as number;
  const instructor = (await post("/content/instructors", { name: "Marta Quintero" })).id as string;

  await add("interval", "/content/workouts", workout({ title: "Interval Sprint", description: "Short hard efforts.", types: [intervals] }));
  await add("kettlebell", "/content/workouts", workout({ title: "Kettlebell Conditioning", description: "Swings and presses." }));
  await add("flow", "/content/workouts", workout({ title: "Flow", description: "Gentle stretching for the evening." }));
  await add("class", "/content/on-demand", {
    type: "virtual-class",
    title: "Upper Body Class",
    video: UPLOADS.alphaVideo.id,
    image: UPLOADS.alphaImage.id,
    duration: "16-30",
    level: "beginner",
    goals: [],
    equipment: [dumbbell],
    categories: [],
    languages: ["en"],
    content_provider: provider,
    instructor_id: instructor,
  });
});

afterAll(async () => {
  await server?.stop();
});

describe("typos within the bound by word length", () => {
  it.each<[string, string, string[]]>([
    // 5 to 8 characters: one typo.
    ["a deletion (7 characters)", "intervl", ["interval"]],
    ["a substitution (6 characters)", "sprimt", ["interval"]],
    ["a transposition counts as one (8 characters)", "intreval", ["interval"]],
    ["a transposition at the end (6 characters)", "spritn", ["interval"]],
    ["two typos at 8 characters are too many", "ketlebel", []],
    // 9 characters and more: two typos.
    ["one typo (11 characters)", "kettlebelll", ["kettlebell"]],
    ["a transposition and a deletion (9 characters)", "kettelbel", ["kettlebell"]],
    ["two substitutions (10 characters)", "kedtlebelx", ["kettlebell"]],
    ["three typos are too many (10 characters)", "kedtlebexx", []],
    ["a deletion and an insertion (12 characters)", "condtioninng", ["kettlebell"]],
    // Up to 4 characters: none.
    ["a transposition at 4 characters", "folw", []],
    ["the exact 4-letter word", "flow", ["flow"]],
    // In descriptions and in related names too.
    ["a transposition in a description word (10 characters)", "strecthing", ["flow"]],
    ["a typo in an instructor's name", "quinteor", ["class"]],
    ["a typo in an equipment name (7 characters)", "dumbell", ["class"]],
    ["a typo in a category name", "intervls", ["interval"]],
  ])("%s: %s", async (_name, q, expected) => {
    expect(await keysOf(q)).toEqual(expected);
  });

  it("ranks a title found as written above the same title found through a typo", async () => {
    const [exact] = (await search("interval", { token: admin })).results;
    const [typo] = (await search("intreval", { token: admin })).results;
    expect(exact!.entity_id).toBe(typo!.entity_id);
    expect(exact!.match_score).toBeGreaterThan(typo!.match_score);
  });

  it("learns the words of an edit: a typo of a word added to a title is found", async () => {
    expect(await keysOf("recovrey")).toEqual([]);
    const edited = await call(server, "PATCH", `/content/workouts/${item.flow}`, { token: admin, body: { title: "Flow Recovery" } });
    expect(edited.status).toBe(200);
    expect(await keysOf("recovrey")).toEqual(["flow"]);
  });
});

describe("prefix of the last word", () => {
  it.each<[string, string, string[]]>([
    ["a word being typed", "interv", ["interval"]],
    ["a word being typed that is no stem either", "kettleb", ["kettlebell"]],
    ["after a complete word", "interval spr", ["interval"]],
    ["in a description", "stretc", ["flow"]],
    ["in an instructor's name", "quint", ["class"]],
    ["only the last word: an earlier one must be complete", "kettleb xyzq", []],
    ["not from a single letter", "k", []],
  ])("%s: %s", async (_name, q, expected) => {
    expect(await keysOf(q)).toEqual(expected);
  });
});

describe("noise", () => {
  it.each(["intervalzzqx", "kettlebellzzqx", "xyzzyq", "kettleb xyzq"])("%s finds nothing in any collection", async (q) => {
    const body = await search(q);
    expect(body.results).toEqual([]);
    expect(body.cursors.map((cursor) => cursor.total)).toEqual([0, 0, 0, 0]);
  });

  it("is never suggested, nor are misspellings or words still being typed", async () => {
    // "interva" begins "interval" but is neither a word nor its stem.
    for (const q of ["intervalzzqx", "intreval", "interva", "interval zzqx", "interval sprint"]) expect((await search(q)).results.length > 0).toBe(q !== "intervalzzqx");
    // Far past the last page, so that asking records nothing itself.
    const suggestions = async () => (await search("int", { offset: 1000 })).suggestions;
    // The one query written out is recorded (after a short delay); none of the others.
    await expect.poll(suggestions, { timeout: 5_000, interval: 100 }).toEqual([{ q: "interval sprint", popularity: 1 }]);
  });
});
