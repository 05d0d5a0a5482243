import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, loginAs } from "../support/api";
import { expectResponse, ok, seedCatalogue, unique, workoutBody, MISSING_UUID, type Catalogue, type Json, type List } from "../support/catalogue";
import type { TestServer } from "../support/server";
import { sleep, startReceiver, startWebhookServer, type Receiver } from "../support/webhook-receiver";

/**
 * Scheduled status changes (docs/api.md "Scheduled status changes", ADR 29): refusals with their exact
 * bodies, a schedule of the current minute running at once and exactly once, schedules that became
 * invalid ending `failed` with their reason and a `Schedule.updated` webhook event, and releases of
 * three languages that publish all or none.
 */
type Schedule = { id: string; collection: string; record_id: string; at: string; changes: { language: string; status: string }[]; state: string; reason: string | null; created_by: { id: string; email: string } | null; completed_at: string | null };
type Workout = Json & { id: string; status: Record<string, string> };

let context: Awaited<ReturnType<typeof startWebhookServer>>;
let server: TestServer;
let admin: string;
let editor: string;
let translator: string;
let cat: Catalogue;
let receiver: Receiver;

beforeAll(async () => {
  context = await startWebhookServer(["alpha"]);
  server = context.server;
  [admin, editor, translator] = await Promise.all([loginAs(server, "alphaAdmin"), loginAs(server, "alphaEditor"), loginAs(server, "alphaTranslator")]).then((pairs) => pairs.map((pair) => pair.token));
  cat = await seedCatalogue(server, editor);
  receiver = await startReceiver();
  ok(await call(server, "POST", "/webhooks", { token: admin, body: { url: receiver.url, events: ["Schedule.*"] } }), 201);
});
afterAll(async () => {
  await receiver?.close();
  await context?.stop();
});

const MINUTE = 60_000;
const minuteOf = (time: number) => new Date(time - (time % MINUTE));

/** The current minute, not within its last seconds (a request must reach the server inside it). */
async function currentMinute(): Promise<string> {
  if (Date.now() % MINUTE > 50_000) await sleep(MINUTE - (Date.now() % MINUTE) + 200);
  return minuteOf(Date.now()).toISOString();
}

async function newWorkout(overrides: Json = {}): Promise<Workout> {
  return ok(await call<Workout>(server, "POST", "/content/workouts", { token: editor, body: workoutBody(cat, overrides) }), 201);
}

function schedule(token: string, id: string, body: Json) {
  return call<Schedule>(server, "POST", `/content/workouts/${id}/schedules`, { token, body });
}

/** Waits until the schedule has run (the job's own time: no fixed delay is assumed). */
async function ended(id: string, scheduleId: string, timeoutMs = 150_000): Promise<Schedule> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const list = ok(await call<List<Schedule>>(server, "GET", `/content/workouts/${id}/schedules`, { token: editor }));
    const found = list.data.find((candidate) => candidate.id === scheduleId)!;
    if (found.state !== "pending") return found;
    if (Date.now() > deadline) throw new Error(`schedule ${scheduleId} still pending after ${timeoutMs} ms`);
    await sleep(250);
  }
}

const statusOf = async (id: string) => ok(await call<Workout>(server, "GET", `/content/workouts/${id}`, { token: editor })).status;

describe("scheduling a status change", () => {
  it("refuses a time in the past, an unknown language and a forbidden transition (422), a duplicate (409)", async () => {
    const workout = await newWorkout();
    const later = new Date(minuteOf(Date.now()).getTime() + 60 * MINUTE).toISOString();
    expectResponse(await schedule(editor, workout.id, { language: "de", status: "published", at: "2020-01-01T00:00:00Z" }), 422, {
      code: "422",
      message: "/at: is in the past; schedule the current minute or later",
      details: [{ path: "/at", message: "is in the past" }],
    });
    expectResponse(await schedule(editor, workout.id, { language: "it", status: "published", at: later }), 422, {
      code: "422",
      message: "/language: is not a language of this organization; use default or one of en, de, fr, es",
      details: [{ path: "/language", message: "is not a language of this organization; use default or one of en, de, fr, es" }],
    });
    expectResponse(await schedule(editor, workout.id, { changes: [{ language: "default", status: "published" }, { language: "de", status: "unpublished" }], at: later }), 422, {
      code: "422",
      message: "de: cannot change from draft to unpublished",
      details: [{ path: "/changes/1/status", message: "de: cannot change from draft to unpublished" }],
    });
    expectResponse(await schedule(editor, MISSING_UUID, { language: "de", status: "published", at: later }), 404, { code: "404", message: "workout not found" });

    const first = ok(await schedule(editor, workout.id, { language: "de", status: "published", at: later }), 201);
    expect(first).toMatchObject({ collection: "workouts", record_id: workout.id, at: later, changes: [{ language: "de", status: "published" }], state: "pending", reason: null, completed_at: null });
    expectResponse(await schedule(editor, workout.id, { changes: [{ language: "fr", status: "published" }, { language: "de", status: "published" }], at: later.replace(":00.000Z", ":42.000Z") }), 409, {
      code: "409",
      message: `this workout already has a pending schedule for fr, de at ${later} (${first.id})`,
    });
    // The status the record will have then: published at `later`, so unpublishing after it is allowed.
    const afterwards = new Date(Date.parse(later) + MINUTE).toISOString();
    ok(await schedule(editor, workout.id, { language: "de", status: "unpublished", at: afterwards }), 201);
  });

  it("lets translators schedule their own languages only; members not at all", async () => {
    const workout = await newWorkout();
    const later = new Date(minuteOf(Date.now()).getTime() + 60 * MINUTE).toISOString();
    expectResponse(await schedule(translator, workout.id, { language: "fr", status: "published", at: later }), 403, {
      code: "403",
      message: "translators can only set the status of their own languages (de); not fr",
    });
    ok(await schedule(translator, workout.id, { language: "de", status: "published", at: later }), 201);
    const member = (await loginAs(server, "alphaMember", "mobile")).token;
    expectResponse(await schedule(member, workout.id, { language: "de", status: "published", at: later }), 403, { code: "403", message: "mobile tokens are read-only" });
  });

  it("cancels a pending schedule; a second cancel is a 404", async () => {
    const workout = await newWorkout();
    const later = new Date(minuteOf(Date.now()).getTime() + 60 * MINUTE).toISOString();
    const created = ok(await schedule(editor, workout.id, { language: "default", status: "published", at: later }), 201);
    expect((await call(server, "DELETE", `/content/workouts/${workout.id}/schedules/${created.id}`, { token: editor })).status).toBe(204);
    expectResponse(await call(server, "DELETE", `/content/workouts/${workout.id}/schedules/${created.id}`, { token: editor }), 404, { code: "404", message: "schedule not found" });
    expect(ok(await call<List<Schedule>>(server, "GET", `/content/workouts/${workout.id}/schedules`, { token: editor })).total).toBe(0);
  });

  it("runs a schedule of the current minute at once, exactly once, as its scheduler", async () => {
    const workout = await newWorkout();
    const created = ok(await schedule(editor, workout.id, { language: "de", status: "published", at: await currentMinute() }), 201);
    const done = await ended(workout.id, created.id);
    expect(done).toMatchObject({ state: "succeeded", reason: null, created_by: { email: "editor@alpha.test" } });
    expect(await statusOf(workout.id)).toEqual({ default: "draft", de: "published" });
    const history = ok(await call<List<{ language: string; to: string; changed_by: { email: string } }>>(server, "GET", `/content/workouts/${workout.id}/status-history`, { token: editor }));
    expect(history.data.map((entry) => [entry.language, entry.to, entry.changed_by.email])).toEqual([["de", "published", "editor@alpha.test"]]);
    // The calendar lists it with the organization's other schedules.
    const calendar = ok(await call<List<Schedule>>(server, "GET", `/content/schedules?filter[where][record_id]=${workout.id}&filter[where][language]=de`, { token: editor }));
    expect(calendar.data.map((entry) => [entry.id, entry.state])).toEqual([[created.id, "succeeded"]]);
    expectResponse(await call(server, "DELETE", `/content/workouts/${workout.id}/schedules/${created.id}`, { token: editor }), 409, { code: "409", message: "only a pending schedule can be cancelled; this one has succeeded" });
  });

  it("ends a schedule that became invalid as failed with its reason and a Schedule event; a release of three languages publishes all or none", { timeout: 240_000 }, async () => {
    // Everything runs in the next minute (or the one after, near a minute's end): set up, then break.
    const now = Date.now();
    const at = new Date(minuteOf(now).getTime() + (now % MINUTE > 40_000 ? 2 : 1) * MINUTE).toISOString();

    const email = `scheduler-${Date.now()}@alpha.test`;
    const scheduler = ok(await call<{ id: string }>(server, "POST", "/users", { token: admin, body: { email, password: "scheduler-password-1", role: "editor" } }), 201);
    const schedulerToken = ok(await call<{ token: string }>(server, "POST", "/auth/login", { body: { email, password: "scheduler-password-1", code: "alpha", scope: "platform" } })).token;
    const demoted = await newWorkout();
    const lostRight = ok(await schedule(schedulerToken, demoted.id, { language: "de", status: "published", at }), 201);
    ok(await call(server, "PATCH", `/users/${scheduler.id}`, { token: admin, body: { role: "member" } }));

    const emptied = await newWorkout();
    const textsRemoved = ok(await schedule(editor, emptied.id, { language: "de", status: "published", at }), 201);
    ok(await call(server, "PATCH", `/content/workouts/${emptied.id}`, { token: editor, body: { title: { de: "" } } }));

    const partial = await newWorkout();
    const releaseFailing = ok(await schedule(editor, partial.id, { changes: [{ language: "default", status: "published" }, { language: "de", status: "published" }, { language: "fr", status: "published" }], at }), 201);

    const complete = await newWorkout({ title: { en: unique("Workout"), de: unique("Training"), fr: unique("Séance") }, description: { en: "Burn it", de: "Verbrenn es", fr: "Brûle-le" } });
    const releasePassing = ok(await schedule(editor, complete.id, { changes: [{ language: "default", status: "published" }, { language: "de", status: "published" }, { language: "fr", status: "published" }], at }), 201);

    const [a, b, c, d] = [await ended(demoted.id, lostRight.id), await ended(emptied.id, textsRemoved.id), await ended(partial.id, releaseFailing.id), await ended(complete.id, releasePassing.id)];
    expect(a).toMatchObject({ state: "failed", reason: `${email} (now member) may no longer set the status of de` });
    expect(b.state).toBe("failed");
    expect(b.reason).toBe("cannot publish before these fields are translated: de: /title");
    expect(c.state).toBe("failed");
    expect(c.reason).toMatch(/^cannot publish before these fields are translated: fr: /);
    expect(d).toMatchObject({ state: "succeeded", reason: null });

    expect(await statusOf(demoted.id)).toEqual({ default: "draft" });
    expect(await statusOf(emptied.id)).toEqual({ default: "draft" });
    expect(await statusOf(partial.id)).toEqual({ default: "draft" });
    expect(await statusOf(complete.id)).toEqual({ default: "published", de: "published", fr: "published" });

    // Receivers hear of each schedule's end, failures with their reason.
    const ids = [lostRight.id, textsRemoved.id, releaseFailing.id, releasePassing.id];
    await receiver.waitFor((r) => ids.every((id) => r.delivered().some((event) => event.entity === "Schedule" && event.data.id === id)), 30_000);
    const events = receiver.delivered().filter((event) => event.entity === "Schedule" && ids.includes(event.data.id as string));
    expect(events.map((event) => [event.event, event.data.id, event.data.state, event.data.reason])).toEqual(
      expect.arrayContaining([
        ["updated", a.id, "failed", a.reason],
        ["updated", b.id, "failed", b.reason],
        ["updated", c.id, "failed", c.reason],
        ["updated", d.id, "succeeded", null],
      ]),
    );
    expect(events).toHaveLength(4);
    for (const event of events) expect(server.contract.validate("#/components/schemas/Schedule", event.data)).toEqual([]);
  });
});
