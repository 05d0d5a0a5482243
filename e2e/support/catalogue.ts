import { existsSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { call, decodeJwt, type ApiResponse } from "./api";
import { UPLOADS } from "./fixtures";
import type { TestServer } from "./server";

/**
 * Helpers for the workout, training plan and publishing API tests (`e2e/api/workouts*`,
 * `training-plans*`, `publishing*`): the lookups and exercises those records reference, valid bodies,
 * and assertions on exact responses.
 */

export type Json = Record<string, unknown>;
export type List<T = Json> = { total: number; data: T[] };
export type ErrorBody = { code: string; message: string; details?: { path: string; message: string }[] };
export type Status = Record<string, "draft" | "published" | "unpublished">;
export type Publishable = Json & { id: string; status: Status; updated_at: string; published_at: string | null };

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Ids that exist nowhere (404s and unknown references). */
export const MISSING_UUID = "0e0e0e0e-0000-4000-8000-00000000abcd";
export const MISSING_UUID_2 = "0e0e0e0e-0000-4000-8000-00000000dcba";

/** Whether the on-demand status endpoints exist in this checkout (another engineer is building them). */
export const ON_DEMAND_STATUS_AVAILABLE = existsSync(path.resolve("app/api/v3/content/on-demand/[id]/status/route.ts"));

/** Asserts a response's status and its whole body. */
export function expectResponse(response: ApiResponse<unknown>, status: number, body: unknown): void {
  expect({ status: response.status, body: response.body }).toEqual({ status, body });
}

/** Asserts success and returns the body; on failure the error body shows in the diff. */
export function ok<T>(response: ApiResponse<T>, status = 200): T {
  expect({ status: response.status, body: response.status === status ? "(ok)" : response.body }).toEqual({ status, body: "(ok)" });
  return response.body;
}

/** `{code, message, details}` of a one-problem error whose message is "<path>: <message>". */
export function fieldError(status: number, pointer: string, message: string): ErrorBody {
  return { code: String(status), message: `${pointer}: ${message}`, details: [{ path: pointer, message }] };
}

export async function create<T = Json>(server: TestServer, token: string, apiPath: string, body: unknown, headers?: Record<string, string>): Promise<T> {
  return ok(await call<T>(server, "POST", apiPath, { token, body, headers }), 201);
}

export async function read<T = Json>(server: TestServer, token: string, apiPath: string, headers?: Record<string, string>): Promise<T> {
  return ok(await call<T>(server, "GET", apiPath, { token, headers }));
}

/** A whole list (up to 250 records) with extra query parameters. */
export async function list<T = Json>(server: TestServer, token: string, apiPath: string, query = "", headers?: Record<string, string>): Promise<List<T>> {
  return ok(await call<List<T>>(server, "GET", `${apiPath}?filter[limit]=250${query ? `&${query}` : ""}`, { token, headers }));
}

export const idsOf = (page: { data: { id?: unknown }[] }): unknown[] => page.data.map((item) => item.id);
export const sorted = <T>(values: readonly T[]): T[] => [...values].sort();

let counter = 0;
/** A unique suffix, so slugs and names never collide between tests. */
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix} ${Date.now().toString(36)}${counter}`;
}

/** The X-Query-Count of a response (SQL statements the handler ran). */
export function queryCount(response: ApiResponse<unknown>): number {
  const header = response.headers.get("x-query-count");
  expect(header, "X-Query-Count header").toMatch(/^\d+$/);
  return Number(header);
}

/** The user id inside an access token. */
export const userIdOf = (token: string): string => decodeJwt(token).sub as string;

/** An integration token of `alpha` (POST /auth/integration as an admin). */
export async function createIntegrationToken(server: TestServer, adminToken: string, scope: "mobile" | "platform" = "mobile"): Promise<string> {
  const body = ok(await call<{ token: string }>(server, "POST", "/auth/integration", { token: adminToken, body: { name: unique("Integration"), scope } }), 201);
  return body.token;
}

/** PATCH …/{id}/status. */
export function changeStatus(server: TestServer, token: string, collection: string, id: string, body: unknown, headers?: Record<string, string>) {
  return call<Json>(server, "PATCH", `/content/${collection}/${id}/status`, { token, body, headers });
}

export type History = List<{ language: string; from: string | null; to: string; changed_by: { id: string; email: string } | null; changed_at: string }>;

export function statusHistory(server: TestServer, token: string, collection: string, id: string) {
  return call<History>(server, "GET", `/content/${collection}/${id}/status-history`, { token });
}

// ---------------------------------------------------------------------------------------------------
// The records everything references

export type Catalogue = {
  goals: [number, number, number];
  bodyParts: [number, number, number];
  categories: [number, number];
  /** The uuid of `categories[0]` (on-demand `categories`). */
  categoryUuid: string;
  packages: [string, string];
  provider: number;
  exercises: [string, string, string];
};

async function lookup(server: TestServer, token: string, apiPath: string, body: Json): Promise<Json & { id: number | string }> {
  return create<Json & { id: number | string }>(server, token, apiPath, body);
}

/** Goals, body parts, categories, packages, a provider and three exercises in `alpha`, created through the API. */
export async function seedCatalogue(server: TestServer, token: string): Promise<Catalogue> {
  const ints = async (apiPath: string, names: string[]) => {
    const ids: number[] = [];
    for (const name of names) ids.push((await lookup(server, token, apiPath, { name: unique(name) })).id as number);
    return ids;
  };
  const goals = (await ints("/content/goals", ["Strength", "Endurance", "Mobility"])) as Catalogue["goals"];
  const bodyParts = (await ints("/content/body-parts", ["Legs", "Core", "Arms"])) as Catalogue["bodyParts"];
  const firstCategory = await lookup(server, token, "/content/categories", { name: unique("HIIT") });
  const secondCategory = await lookup(server, token, "/content/categories", { name: unique("Yoga") });
  const packages: string[] = [];
  for (const name of ["Premium", "Partner"]) packages.push((await lookup(server, token, "/content/packages", { name: unique(name), description: "A package" })).id as string);
  const provider = (await lookup(server, token, "/content/providers", { name: unique("Provider") })).id as number;
  const exercises: string[] = [];
  for (const name of ["Squat", "Push-up", "Plank"]) {
    const exercise = await create<{ id: string }>(server, token, "/content/exercises", {
      name: unique(name),
      slug: null,
      level: "beginner",
      gender: "male",
      muscle_groups: [],
      equipment: [],
      types: [firstCategory.id],
      video: UPLOADS.alphaVideo.id,
      gif: UPLOADS.alphaGif.id,
      image: UPLOADS.alphaImage.id,
      steps: ["Stand tall"],
    });
    exercises.push(exercise.id);
  }
  return {
    goals,
    bodyParts,
    categories: [firstCategory.id as number, secondCategory.id as number],
    categoryUuid: firstCategory.uuid as string,
    packages: packages as Catalogue["packages"],
    provider,
    exercises: exercises as Catalogue["exercises"],
  };
}

// ---------------------------------------------------------------------------------------------------
// Bodies

/** A small valid workout: two phases (warm-up with a timer, training with an AMRAP), texts in English and German. */
export function workoutBody(cat: Catalogue, overrides: Json = {}): Json {
  return {
    title: { en: unique("Workout"), de: unique("Training") },
    slug: null,
    description: { en: "Burn it", de: "Verbrenn es" },
    image: UPLOADS.alphaImage.id,
    gender: "female",
    level: "beginner",
    types: [cat.categories[0]],
    goals: [cat.goals[0]],
    body_parts: [cat.bodyParts[0]],
    locations: ["home"],
    duration: "16-30",
    phases: [
      { title: { en: "Warm up", de: "Aufwärmen" }, time: 300, items: [{ type: "TIMER", notes: "", timer_title: { en: "Mobilise", de: "Mobilisieren" }, timer_duration: 300 }] },
      {
        title: { en: "Training", de: "Training" },
        time: 600,
        items: [
          {
            type: "AMRAP",
            amrap_duration: 600,
            amrap_exercises: [{ exercise_id: cat.exercises[0], rest: 10, goal_targets: [{ type: "VALUE", metric: "repetitions", value: 10 }], resistance_targets: [] }],
          },
        ],
      },
    ],
    ...overrides,
  };
}

const value = (metric: string, amount: number) => ({ type: "VALUE", metric, value: amount });
const range = (metric: string, min: number, max: number) => ({ type: "RANGE", metric, min, max });

/**
 * Three phases using all eight item types, VALUE and RANGE targets, as a request writes them (plain
 * strings, every field given) — and, with `kind` added, as a single-language response shows them.
 */
export function allItemPhases(exercises: readonly [string, string, string]): Json[] {
  const [a, b, c] = exercises;
  return [
    {
      title: "Warm up",
      time: 420,
      items: [
        { type: "TIMER", notes: "Breathe", timer_title: "Joint circles", timer_duration: 120 },
        {
          type: "SINGLE-EXERCISES",
          notes: "Controlled",
          se_exercises: [
            {
              exercise_id: a,
              notes: "Slow descent",
              sets: [
                { notes: "Set one", rest: 30, goal_targets: [value("repetitions", 12)], resistance_targets: [range("weight", 10, 12.5)] },
                { notes: "", rest: 45, goal_targets: [range("repetitions", 8, 10)], resistance_targets: [value("weight", 15)] },
              ],
            },
          ],
        },
      ],
    },
    {
      title: "Main block",
      time: 1500,
      items: [
        {
          type: "SUPERSET",
          notes: "No rest inside",
          ss_sets: 3,
          ss_rest: 90,
          ss_exercises: [
            { notes: "", exercise_id: a, goal_targets: [value("repetitions", 10)], resistance_targets: [range("weight", 20, 25)] },
            { notes: "Hold the top", exercise_id: b, goal_targets: [value("duration", 30)], resistance_targets: [] },
          ],
        },
        {
          type: "CIRCUIT-TIME",
          notes: "Two rounds",
          ct_rounds: [
            { rest_rounds: 60, work: 40, rest: 20, exercises: [{ notes: "", exercise_id: b, rest: 10, resistance_targets: [value("weight", 8)] }] },
            { rest_rounds: 0, work: 30, rest: 15, exercises: [{ notes: "Faster", exercise_id: c, rest: 5, resistance_targets: [] }] },
          ],
        },
        {
          type: "CIRCUIT-REPETITIONS",
          notes: "",
          cr_rounds: [
            {
              rest: 15,
              rest_round: 60,
              exercises: [{ notes: "", rest: 10, exercise_id: c, goal_targets: [range("repetitions", 15, 20)], resistance_targets: [range("weight", 4, 6)] }],
            },
          ],
        },
        {
          type: "AMRAP",
          notes: "Steady pace",
          amrap_duration: 600,
          amrap_exercises: [{ notes: "", rest: 0, exercise_id: a, goal_targets: [value("repetitions", 5)], resistance_targets: [] }],
        },
        {
          type: "RFT",
          notes: "",
          rft_rounds: 5,
          rft_exercises: [{ notes: "Sprint", exercise_id: b, goal_targets: [range("duration", 20, 30)], resistance_targets: [value("weight", 0)] }],
        },
      ],
    },
    {
      title: "Cool down",
      time: 300,
      items: [
        {
          type: "EMOM",
          notes: "Every minute",
          emom_rest: 30,
          emom_minutes: [
            { notes: "", rest: 20, exercise_id: c, goal_targets: [value("repetitions", 8)], resistance_targets: [] },
            { notes: "Easy", rest: 25, exercise_id: a, goal_targets: [value("duration", 35)], resistance_targets: [range("weight", 2, 2)] },
          ],
        },
      ],
    },
  ];
}

/** A valid training plan over `weeks` (default: one day with one fitness activity). */
export function planBody(cat: Catalogue, overrides: Json = {}): Json {
  return {
    title: { en: unique("Plan"), de: unique("Plan DE") },
    slug: null,
    description: { en: "Four weeks", de: "Vier Wochen" },
    image: UPLOADS.alphaImage.id,
    goals: [cat.goals[0]],
    types: [cat.categories[0]],
    level: "beginner",
    locations: ["outdoor"],
    weeks: [{ days: [{ activities: [run()] }] }],
    ...overrides,
  };
}

/** A fitness activity (docs/api.md "Training plan weeks") written in English and German. */
export function run(id?: string): Json {
  return {
    type: "fitness-activities",
    ...(id ? { id } : {}),
    fields: { title: { en: "Easy run", de: "Lockerer Lauf" }, description: { en: "Chatty pace", de: "Plaudertempo" }, distance: 3000, duration: 1200 },
  };
}

/** Weeks whose days each hold one fitness activity: `[2, 0, 3]` is three weeks with 2, 0 and 3 active days. */
export function weeksWithActiveDays(counts: readonly number[]): Json[] {
  return counts.map((count) => ({ days: Array.from({ length: count }, () => ({ activities: [run()] })) }));
}

/** A valid on-demand record (virtual class), titled in English and German. */
export function onDemandBody(cat: Catalogue, overrides: Json = {}): Json {
  return {
    type: "virtual-class",
    title: { en: unique("Class"), de: unique("Kurs") },
    description: { en: "Flow", de: "Fluss" },
    slug: null,
    video: UPLOADS.alphaVideo.id,
    image: UPLOADS.alphaImage.id,
    duration: "16-30",
    level: "beginner",
    goals: [cat.goals[0]],
    equipment: [],
    categories: [cat.categoryUuid],
    languages: ["en"],
    content_provider: cat.provider,
    ...overrides,
  };
}

/** A publishable collection, with how to make a valid record of it and how its 404 reads. */
export type PublishableKind = {
  collection: "workouts" | "training-plans" | "on-demand";
  label: string;
  body: (cat: Catalogue, overrides?: Json) => Json;
};

export const PUBLISHABLE: PublishableKind[] = [
  { collection: "workouts", label: "workout", body: workoutBody },
  { collection: "training-plans", label: "training plan", body: planBody },
  ...(ON_DEMAND_STATUS_AVAILABLE ? [{ collection: "on-demand" as const, label: "on-demand item", body: onDemandBody }] : []),
];
