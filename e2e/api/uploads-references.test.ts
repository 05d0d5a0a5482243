import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { openDatabase } from "@/lib/db/client";
import * as schema from "@/lib/db/schema";
import { apiFetch, call, loginAs } from "../support/api";
import { prepareDatabase, startTestServer, type TestServer } from "../support/server";

async function upload(server: TestServer, token: string, file: Buffer, filename: string): Promise<{ id: string; url: string }> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(file)]), filename);
  const response = await apiFetch(server, `/uploads`, { method: "POST", headers: { Authorization: `Bearer ${token}` }, body: form });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; url: string };
}

const png = () => sharp({ create: { width: 20, height: 20, channels: 3, background: "#808080" } }).png().toBuffer();
const mp4 = () => Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypisom", "latin1"), Buffer.alloc(100)]);

describe("uploads used through the content API", () => {
  it("are embedded as Upload records, cannot be deleted while used, and another organization's are unknown (422)", async () => {
    const server = await startTestServer();
    try {
      const editor = (await loginAs(server, "alphaEditor")).token;
      const betaAdmin = (await loginAs(server, "betaAdmin")).token;
      const [video, gif, image] = [await upload(server, editor, mp4(), "v.mp4"), await upload(server, editor, await png(), "g.png"), await upload(server, editor, await png(), "i.png")];
      const exercise = { name: "Push-up", slug: null, level: "beginner", gender: "male", muscle_groups: [], equipment: [], types: [], video: video.id, gif: gif.id, image: image.id, steps: [] };
      const created = await call<{ id: string; image: unknown; video: unknown }>(server, "POST", "/content/exercises", { token: editor, body: exercise });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.image).toEqual((await call(server, "GET", `/uploads/${image.id}`, { token: editor })).body);
      // The video's processing moves on meanwhile (its bytes are no video at all: it fails); the rest is the record as uploaded.
      const { processing: _embedded, ...embedded } = created.body.video as typeof video & { processing?: unknown };
      const { processing: _uploaded, ...uploaded } = video as typeof video & { processing?: unknown };
      expect(embedded).toEqual(uploaded);

      const refused = await call(server, "DELETE", `/uploads/${image.id}`, { token: editor });
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ code: "409", message: `upload ${image.id} is still used by exercise ${created.body.id} (Push-up) as image; remove those references first` });

      const theirs = await upload(server, betaAdmin, await png(), "beta.png");
      const foreign = await call(server, "POST", "/content/exercises", { token: editor, body: { ...exercise, name: "Pull-up", image: theirs.id } });
      expect(foreign.status).toBe(422);
      expect(foreign.body).toEqual({ code: "422", message: `/image: unknown upload ${theirs.id}`, details: [{ path: "/image", message: `unknown upload ${theirs.id}` }] });

      expect((await call(server, "DELETE", `/content/exercises/${created.body.id}`, { token: editor })).status).toBe(204);
      expect((await call(server, "DELETE", `/uploads/${image.id}`, { token: editor })).status).toBe(204);
    } finally {
      await server.stop();
    }
  });
});

/**
 * Deleting an upload that content uses. The content records are written straight into the database
 * (with the server stopped), so this holds whatever the content endpoints look like.
 */
describe("DELETE /uploads/{id} while any kind of content record uses the upload", () => {
  it("answers 409 listing the referrers, and 204 once they are gone", async () => {
    const prepared = await prepareDatabase();
    try {
      let server = await startTestServer({ reuse: prepared });
      let editor = (await loginAs(server, "alphaEditor")).token;
      const used = await upload(server, editor, await png(), "used.png");
      await server.stop();

      const database = await openDatabase({ dataDir: prepared.dataDir, DATABASE_URL: prepared.databaseUrl, DATABASE_POOL_MAX: 1 });
      let exerciseId: string;
      let workoutId: string;
      try {
        const [alpha] = await database.db.select().from(schema.organizations).where(eq(schema.organizations.code, "alpha"));
        const [exercise] = await database.db
          .insert(schema.exercises)
          .values({ organizationId: alpha!.id, name: { en: "Squat" }, slug: "squat", level: "beginner", gender: "male", imageId: used.id, gifId: used.id })
          .returning();
        const [workout] = await database.db
          .insert(schema.workouts)
          .values({ organizationId: alpha!.id, title: { en: "Legs" }, slug: "legs", level: "beginner", gender: "male", duration: "16-30", imageId: used.id })
          .returning();
        exerciseId = exercise!.id;
        workoutId = workout!.id;
      } finally {
        await database.close();
      }

      server = await startTestServer({ reuse: prepared });
      editor = (await loginAs(server, "alphaEditor")).token;
      const refused = await call(server, "DELETE", `/uploads/${used.id}`, { token: editor });
      expect(refused.status).toBe(409);
      const referrers = (refused.body as { message: string }).message;
      expect(refused.body).toEqual({ code: "409", message: expect.stringMatching(/^upload [0-9a-f-]{36} is still used by .+; remove those references first$/) });
      expect(referrers).toContain(`upload ${used.id} is still used by `);
      for (const referrer of [`exercise ${exerciseId} (Squat) as gif`, `exercise ${exerciseId} (Squat) as image`, `workout ${workoutId} (Legs) as image`]) {
        expect(referrers).toContain(referrer);
      }
      expect((await call(server, "GET", `/uploads/${used.id}`, { token: editor })).status).toBe(200);
      await server.stop();

      const again = await openDatabase({ dataDir: prepared.dataDir, DATABASE_URL: prepared.databaseUrl, DATABASE_POOL_MAX: 1 });
      try {
        await again.db.delete(schema.exercises).where(eq(schema.exercises.id, exerciseId));
        await again.db.delete(schema.workouts).where(eq(schema.workouts.id, workoutId));
      } finally {
        await again.close();
      }
      server = await startTestServer({ reuse: prepared });
      editor = (await loginAs(server, "alphaEditor")).token;
      expect((await call(server, "DELETE", `/uploads/${used.id}`, { token: editor })).status).toBe(204);
      await server.stop();
    } finally {
      await prepared.drop();
    }
    // Three server starts and two direct database sessions.
  }, 240_000);
});
