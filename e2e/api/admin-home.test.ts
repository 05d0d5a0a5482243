import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/lib/db/client";
import { tables } from "@/lib/db";
import { countUpcomingSchedules } from "@/lib/schedules/count-upcoming-schedules";
import { countUncroppedImages } from "@/lib/uploads/count-uncropped-images";
import { listRecentEdits } from "@/lib/versions/list-recent-edits";
import { countFailedDeliveries } from "@/lib/webhooks/count-failed-deliveries";
import { apiFetch, call, loginAs } from "../support/api";
import { create, ok, seedCatalogue, userIdOf, workoutBody } from "../support/catalogue";
import { prepareDatabase, startTestServer, type TestServer } from "../support/server";

/**
 * The admin home's figures (lib/admin/get-admin-home.ts, ADR 9 "Home") are one statement each; these run
 * them on the database the API wrote, on both databases: the home itself is rendered in the Playwright
 * suite, which runs on the embedded one only.
 */
let prepared: Awaited<ReturnType<typeof prepareDatabase>>;
let server: TestServer | undefined;

beforeAll(async () => {
  prepared = await prepareDatabase();
});
afterAll(async () => {
  await server?.stop();
  await prepared?.drop();
});

/** The statements run with the server stopped: the embedded database admits one process. */
async function onDatabase<T>(read: (db: Awaited<ReturnType<typeof openDatabase>>["db"], organizationId: string) => Promise<T>): Promise<T> {
  await server?.stop();
  server = undefined;
  const database = await openDatabase({ DATABASE_URL: prepared.databaseUrl, DATABASE_POOL_MAX: 2, dataDir: prepared.dataDir });
  try {
    const organizations = await database.db.select({ id: tables.organizations.id, code: tables.organizations.code }).from(tables.organizations);
    return await read(database.db, organizations.find((organization) => organization.code === "alpha")!.id);
  } finally {
    await database.close();
  }
}

async function uploadImage(token: string): Promise<string> {
  const image = await sharp({ create: { width: 320, height: 200, channels: 3, background: "#336699" } }).png().toBuffer();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(image)]), "home.png");
  const response = await apiFetch(server!, "/uploads", { method: "POST", headers: { Authorization: `Bearer ${token}` }, body: form });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

describe("the admin home's statements", () => {
  it("count a new image without a chosen crop, list the person's last edit first, and count upcoming schedules", async () => {
    server = await startTestServer({ reuse: prepared });
    const editor = (await loginAs(server, "alphaEditor")).token;
    const catalogue = await seedCatalogue(server, editor);
    await uploadImage(editor);
    const before = await onDatabase((db, organizationId) => countUncroppedImages(db, organizationId));
    expect(before).toBeGreaterThanOrEqual(1);

    server = await startTestServer({ reuse: prepared });
    const token = (await loginAs(server, "alphaEditor")).token;
    await uploadImage(token);
    const workout = await create<{ id: string }>(server, token, "/content/workouts", workoutBody(catalogue, { title: "Home statements" }));
    const at = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000);
    at.setUTCSeconds(0, 0);
    ok(await call(server, "POST", `/content/workouts/${workout.id}/schedules`, { token, body: { language: "default", status: "published", at: at.toISOString() } }), 201);

    const figures = await onDatabase(async (db, organizationId) => ({
      uncropped: await countUncroppedImages(db, organizationId),
      recent: await listRecentEdits(db, organizationId, userIdOf(token)),
      schedules: await countUpcomingSchedules(db, organizationId),
      failedDeliveries: await countFailedDeliveries(db, organizationId),
    }));
    expect(figures.uncropped).toBe(before + 1);
    expect(figures.recent[0]).toMatchObject({ collection: "workouts", recordId: workout.id });
    expect(figures.schedules).toEqual({ total: 1, next: at });
    expect(figures.failedDeliveries).toBe(0);
  });
});
