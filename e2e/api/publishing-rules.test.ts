import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, loginAs } from "../support/api";
import { UPLOADS } from "../support/fixtures";
import { startTestServer, type TestServer } from "../support/server";

let server: TestServer;
let editor: string;
beforeAll(async () => {
  server = await startTestServer();
  editor = (await loginAs(server, "alphaEditor")).token;
});
afterAll(async () => {
  await server?.stop();
});

type Plan = { id: string; title: unknown; status: Record<string, string> };

async function createPlan(): Promise<Plan> {
  const response = await call<Plan>(server, "POST", "/content/training-plans", {
    token: editor,
    body: {
      title: { en: "Morning runs", de: "Morgenläufe" },
      description: { en: "Easy runs", de: "Lockere Läufe" },
      image: UPLOADS.alphaImage.id,
      goals: [],
      types: [],
      level: "beginner",
      locations: ["outdoor"],
      weeks: [],
    },
  });
  expect(response.status).toBe(201);
  return response.body;
}

describe("publishing rules", () => {
  it("refuses two keys for the same language, changing nothing", async () => {
    const plan = await createPlan();
    const response = await call(server, "PATCH", `/content/training-plans/${plan.id}/status`, { token: editor, body: { en: "unpublished", default: "published" } });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      code: "422",
      message: "'en' and 'default' both name the default language (en); send one of them",
      details: [{ path: "/default", message: "names a language another key already names" }],
    });
    const after = await call<Plan>(server, "GET", `/content/training-plans/${plan.id}`, { token: editor });
    expect(after.body.status).toEqual({ default: "draft" });
  });

  it("keeps the required texts of a published language: removing one is a 422 and changes nothing", async () => {
    const plan = await createPlan();
    expect((await call(server, "PATCH", `/content/training-plans/${plan.id}/status`, { token: editor, body: { de: "published" } })).status).toBe(200);
    const response = await call(server, "PATCH", `/content/training-plans/${plan.id}`, { token: editor, body: { title: { de: "" } } });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      code: "422",
      message: "/title: is required in de: the record is published in de",
      details: [{ path: "/title", message: "is required in de: the record is published in de" }],
    });
    const after = await call<Plan>(server, "GET", `/content/training-plans/${plan.id}?lang=de`, { token: editor });
    expect(after.body.title).toEqual({ default: "Morning runs", de: "Morgenläufe" });
    // Once German is unpublished, its texts may go.
    expect((await call(server, "PATCH", `/content/training-plans/${plan.id}/status`, { token: editor, body: { de: "unpublished" } })).status).toBe(200);
    expect((await call(server, "PATCH", `/content/training-plans/${plan.id}`, { token: editor, body: { title: { de: "" } } })).status).toBe(200);
  });
});
