import { expect } from "vitest";
import { call, type ApiResponse } from "./api";
import { UPLOADS } from "./fixtures";
import type { TestServer } from "./server";

/** Helpers for the content API tests (`e2e/api/content-*.test.ts`). */

export type List<T = Record<string, unknown>> = { total: number; data: T[] };
export type Json = Record<string, unknown>;
export type ErrorBody = { code: string; message: string; details?: { path: string; message: string }[] };

/** A lookup collection (docs/api.md "Content (lookups, exercises, equipment, instructors, workouts, training plans, on-demand)"), with what its records look like. */
export type LookupKind = {
  /** Path under /api/v3. */
  path: string;
  /** Singular, as messages name it ("muscle group not found"). */
  label: string;
  idKind: "int" | "uuid";
  withUuid?: boolean;
  withDescription?: boolean;
  /** The name is typed "string or MultiLangString" (an object with `lang=a,b`); otherwise a plain string. */
  isNameMultiLang: boolean;
};

export const LOOKUP_KINDS: LookupKind[] = [
  { path: "/content/muscle-groups", label: "muscle group", idKind: "int", isNameMultiLang: true },
  { path: "/content/body-parts", label: "body part", idKind: "int", isNameMultiLang: true },
  { path: "/content/goals", label: "fitness goal", idKind: "int", isNameMultiLang: true },
  { path: "/content/activity-types", label: "activity type", idKind: "int", isNameMultiLang: true },
  { path: "/content/providers", label: "content provider", idKind: "int", isNameMultiLang: true },
  { path: "/content/categories", label: "content category", idKind: "int", withUuid: true, isNameMultiLang: true },
  { path: "/content/equipment/brands", label: "equipment brand", idKind: "int", isNameMultiLang: false },
  { path: "/content/equipment/categories", label: "equipment category", idKind: "int", isNameMultiLang: false },
  { path: "/content/packages", label: "content package", idKind: "uuid", withDescription: true, isNameMultiLang: false },
];

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A fixed id that exists nowhere (for 404s and unknown references). */
export const MISSING_UUID = "0e0e0e0e-0000-4000-8000-000000000000";

/** Asserts a response's status and its whole body (style.md: "assert the exact status and body"). */
export function expectResponse(response: ApiResponse<unknown>, status: number, body: unknown): void {
  expect({ status: response.status, body: response.body }).toEqual({ status, body });
}

/** Asserts success and returns the body, showing the error body when the call failed. */
export function ok<T>(response: ApiResponse<T>, status = 200): T {
  expect({ status: response.status, body: response.status === status ? "(ok)" : response.body }).toEqual({ status, body: "(ok)" });
  return response.body;
}

/** The `{code, message, details}` body of a single-detail error whose message is "<path>: <message>". */
export function fieldError(status: number, path: string, message: string): ErrorBody {
  return { code: String(status), message: `${path}: ${message}`, details: [{ path, message }] };
}

/** The body of a 400 for a bad `filter[...]`/query parameter (one problem). */
export function filterError(parameter: string, message: string): ErrorBody {
  return { code: "400", message: `Invalid ${parameter}: ${message}`, details: [{ path: parameter, message }] };
}

/** Creates a record and returns its body (201 asserted). */
export async function create<T = Json>(server: TestServer, token: string, path: string, body: unknown, headers?: Record<string, string>): Promise<T> {
  return ok(await call<T>(server, "POST", path, { token, body, headers }), 201);
}

/** Reads a whole list (up to 250 records) with optional extra query parameters. */
export async function listAll<T = Json>(server: TestServer, token: string, path: string, query = ""): Promise<List<T>> {
  const separator = query ? "&" : "";
  return ok(await call<List<T>>(server, "GET", `${path}?filter[limit]=250${separator}${query}`, { token }));
}

/** The ids of a list response, in order. */
export const idsOf = (list: { data: { id?: unknown }[] }): unknown[] => list.data.map((item) => item.id);

/** A unique suffix so records of one test never collide with another's slugs or names. */
let counter = 0;
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix} ${Date.now().toString(36)}${counter}`;
}

/** The lookups an exercise needs, created in `alpha` through the API. */
export type ExerciseRefs = {
  muscleGroups: number[];
  equipment: number[];
  categories: number[];
  brands: number[];
  equipmentCategories: number[];
};

/** Creates an equipment brand and category, then one equipment record per name. */
export async function createEquipment(
  server: TestServer,
  token: string,
  names: (string | Record<string, string>)[],
  options: { brandId?: number; categoryId?: number } = {},
): Promise<{ brandId: number; categoryId: number; ids: number[] }> {
  const brandId = options.brandId ?? (await create<{ id: number }>(server, token, "/content/equipment/brands", { name: unique("Brand") })).id;
  const categoryId = options.categoryId ?? (await create<{ id: number }>(server, token, "/content/equipment/categories", { name: unique("Category") })).id;
  const ids: number[] = [];
  for (const name of names) {
    const record = await create<{ id: number }>(server, token, "/content/equipment", { name, brand_id: brandId, categories: [categoryId], image: UPLOADS.alphaImage.id });
    ids.push(record.id);
  }
  return { brandId, categoryId, ids };
}

/** A valid exercise body of `alpha` (uploads of the fixtures); `overrides` replace members. */
export function exerciseBody(refs: { muscleGroups: number[]; equipment: number[]; categories: number[] }, overrides: Json = {}): Json {
  return {
    name: unique("Exercise"),
    slug: null,
    summary: "A short summary",
    level: "beginner",
    gender: "male",
    orientation: null,
    muscle_groups: refs.muscleGroups,
    equipment: refs.equipment,
    types: refs.categories,
    video: UPLOADS.alphaVideo.id,
    gif: UPLOADS.alphaGif.id,
    image: UPLOADS.alphaImage.id,
    steps: ["Stand tall", "Move"],
    ...overrides,
  };
}

/** The Upload record (with `url`; docs/api.md "Uploads") a content record shows for a fixture upload. */
export function expectUpload(value: unknown, upload: { id: string; name: string; mime: string }): void {
  expect(value).toMatchObject({ id: upload.id, name: upload.name, mime: upload.mime });
  const record = value as { url: string; created_at: string; updated_at: string };
  expect(record.url).toMatch(new RegExp(`/cdn/uploads/${upload.id}/${upload.name.replace(".", "\\.")}\\?v=[0-9a-f]{32}&Policy=[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$`));
  expect(Date.parse(record.created_at)).not.toBeNaN();
  expect(Date.parse(record.updated_at)).not.toBeNaN();
}

/** The X-Query-Count of a response (SQL statements run by the handler). */
export function queryCount(response: ApiResponse<unknown>): number {
  const header = response.headers.get("x-query-count");
  expect(header, "X-Query-Count header").toMatch(/^\d+$/);
  return Number(header);
}
