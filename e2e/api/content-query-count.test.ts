import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, loginAs } from "../support/api";
import { UPLOADS } from "../support/fixtures";
import { startTestServer, type TestServer } from "../support/server";
import { create, createEquipment, exerciseBody, ok, queryCount, type List } from "../support/content";

/**
 * No N+1 (X-Query-Count, the SQL statements a handler runs): a list costs the same number of
 * statements for 2 records as for 12, however much each preview resolves (instructors' photos).
 */
let server: TestServer;
let editor: string;
const RECORDS = 12;
let muscleGroups: number[];

beforeAll(async () => {
  server = await startTestServer();
  editor = (await loginAs(server, "alphaEditor")).token;
  muscleGroups = [];
  for (let i = 0; i < RECORDS; i++) muscleGroups.push((await create<{ id: number }>(server, editor, "/content/muscle-groups", { name: `Muscle ${i + 1}` })).id);
  const categories = [(await create<{ id: number }>(server, editor, "/content/categories", { name: "Strength" })).id];
  const equipment = await createEquipment(
    server,
    editor,
    Array.from({ length: RECORDS }, (_, i) => `Equipment ${i + 1}`),
  );
  for (let i = 0; i < RECORDS; i++) {
    await create(server, editor, "/content/exercises", exerciseBody({ muscleGroups: muscleGroups.slice(0, 2), equipment: [equipment.ids[i]!, equipment.ids[(i + 1) % RECORDS]!], categories }, { name: `Exercise ${i + 1}`, steps: ["One", { en: "Two", de: "Zwei" }] }));
    await create(server, editor, "/content/instructors", { name: `Coach ${i + 1}`, gender: "female", photo: i % 2 === 0 ? UPLOADS.alphaImage.id : UPLOADS.alphaGif.id });
  }
});
afterAll(async () => {
  await server?.stop();
});

/**
 * The statement count of a list read with `limit` records (checked to be that many). A read right
 * before it warms the organization's settings (cached for five seconds), so the measured read never
 * reads them, however slow the machine.
 */
async function countFor(path: string, limit: number): Promise<number> {
  await call(server, "GET", path, { token: editor });
  const response = await call<List>(server, "GET", `${path}?filter[limit]=${limit}`, { token: editor });
  expect(ok(response).data).toHaveLength(limit);
  return queryCount(response);
}

describe("X-Query-Count", () => {
  it.each(["/content/exercises", "/content/instructors", "/content/equipment", "/content/muscle-groups"])("a list of %s costs the same for 2 records as for 12, and at least its rows and total", async (path) => {
    const two = await countFor(path, 2);
    const twelve = await countFor(path, RECORDS);
    expect({ two, twelve }).toEqual({ two: twelve, twelve });
    // Rows and total are two statements: a count of 0 would mean nothing is counted at all.
    expect(twelve).toBeGreaterThanOrEqual(2);
  });

  it("a filtered exercise list (q through equipment, muscle_groups[and]) is no costlier per record", async () => {
    const query = `filter[where][q]=equipment&filter[where][muscle_groups][and]=${muscleGroups.slice(0, 2).join(",")}`;
    const measured = async (limit: number) => {
      await call(server, "GET", "/content/exercises", { token: editor });
      return call<List>(server, "GET", `/content/exercises?${query}&filter[limit]=${limit}`, { token: editor });
    };
    const two = await measured(2);
    const twelve = await measured(12);
    expect([ok(two).data.length, ok(twelve).data.length]).toEqual([2, RECORDS]);
    expect(queryCount(two)).toBe(queryCount(twelve));
    expect(queryCount(twelve)).toBeGreaterThanOrEqual(2);
  });

  it("the header is on every content answer, writes included", async () => {
    const created = await call(server, "POST", "/content/muscle-groups", { token: editor, body: { name: "Legs" } });
    expect(created.status).toBe(201);
    expect(queryCount(created)).toBeGreaterThanOrEqual(2);
    const read = await call(server, "GET", `/content/exercises?filter[limit]=1`, { token: editor });
    expect(queryCount(read)).toBeGreaterThanOrEqual(2);
  });
});
