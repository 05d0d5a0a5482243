import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiFetch, call, loginAs, type ApiResponse } from "../support/api";
import {
  expectResponse,
  ok,
  onDemandBody,
  planBody,
  seedCatalogue,
  workoutBody,
  MISSING_UUID,
  type Catalogue,
  type Json,
  type List,
} from "../support/catalogue";
import { startTestServer, type TestServer } from "../support/server";

/**
 * Preview links (docs/api.md "Preview links", ADR 31): a link reads its draft record in its language
 * without any other credential, and the records that record references; nothing else, never a write.
 * Expiry and revocation are 401s, another record a 404 like one that does not exist; making and
 * revoking are audit log entries without the token; refusals with their exact bodies.
 */
type PreviewLink = {
  id: string;
  collection: string;
  record_id: string;
  language: string;
  state: string;
  expires_at: string;
  revoked_at: string | null;
  created_by: { id: string; email: string } | null;
  created_at: string;
};
type CreatedLink = PreviewLink & { token: string; url: string };
type Entry = { action: string; credential: string; actor: { type: string; label: string | null }; target: { type: string; id: string | null }; details: Json };
type Record_ = Json & { id: string; title?: unknown; name?: unknown; status?: Record<string, string> };

let server: TestServer;
let admin: string;
let editor: string;
let translator: string;
let member: string;
let betaAdmin: string;
let cat: Catalogue;

beforeAll(async () => {
  server = await startTestServer();
  [admin, editor, translator, betaAdmin] = await Promise.all([
    loginAs(server, "alphaAdmin"),
    loginAs(server, "alphaEditor"),
    loginAs(server, "alphaTranslator"),
    loginAs(server, "betaAdmin"),
  ]).then((pairs) => pairs.map((pair) => pair.token));
  member = (await loginAs(server, "alphaMember", "mobile")).token;
  cat = await seedCatalogue(server, editor);
});
afterAll(async () => {
  await server?.stop();
});

const TOKEN_PATTERN = /^pv_[A-Za-z0-9_-]{43}$/;
const UNREADABLE = { code: "401", message: "a preview link reads only its record and the records it references (GET /content/{collection}/{id})" };

function share(token: string, collection: string, id: string, body: unknown): Promise<ApiResponse<CreatedLink>> {
  return call<CreatedLink>(server, "POST", `/content/${collection}/${id}/preview-links`, { token, body });
}

/** A new record, answered with every text in every language (`texts=all`). */
async function newRecord(collection: string, body: Json): Promise<Record_> {
  return ok(await call<Record_>(server, "POST", `/content/${collection}?texts=all`, { token: editor, body }), 201);
}

/** A request with the preview token and no other credential. */
function viaLink(method: string, path: string, token: string, body?: unknown): Promise<ApiResponse<Json>> {
  const separator = path.includes("?") ? "&" : "?";
  return call<Json>(server, method, `${path}${separator}preview=${token}`, { body });
}

describe("a preview link of a draft workout", () => {
  let workout: Record_;
  let link: CreatedLink;

  beforeAll(async () => {
    // Its only exercise is cat.exercises[0] (workoutBody's AMRAP); the workout stays a draft.
    workout = await newRecord("workouts", workoutBody(cat));
    link = ok(await share(editor, "workouts", workout.id, { language: "de", expires_in: 3600 }), 201);
  });

  it("answers the link once, with its token in the record's own address", async () => {
    expect(link).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      collection: "workouts",
      record_id: workout.id,
      language: "de",
      state: "active",
      expires_at: expect.any(String),
      revoked_at: null,
      created_by: { id: expect.any(String), email: "editor@alpha.test" },
      created_at: expect.any(String),
      token: expect.stringMatching(TOKEN_PATTERN),
      url: `${server.apiUrl}/content/workouts/${workout.id}?preview=${link.token}`,
    });
    const lifetime = Date.parse(link.expires_at) - Date.parse(link.created_at);
    expect(lifetime).toBeGreaterThanOrEqual(3_599_000);
    expect(lifetime).toBeLessThanOrEqual(3_601_000);
  });

  it("reads the draft in the link's language without any other credential", async () => {
    // A mobile token sees only what is published: this workout is not.
    expectResponse(await call(server, "GET", `/content/workouts/${workout.id}`, { token: member }), 404, { code: "404", message: "workout not found" });
    const response = await apiFetch(server, link.url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-language")).toBe("de");
    const body = (await response.json()) as Record_;
    expect(body.id).toBe(workout.id);
    expect(body.title).toBe((workout.title as Record<string, string>).de);
    expect(body.status).toEqual({ default: "draft" });
    // `lang`, `texts` and Accept-Language do not widen it to other languages.
    const widened = await apiFetch(server, `${link.url}&lang=en,fr&texts=all`, { headers: { "Accept-Language": "en" } });
    expect(widened.status).toBe(200);
    expect(widened.headers.get("content-language")).toBe("de");
    expect(((await widened.json()) as Record_).title).toBe((workout.title as Record<string, string>).de);
  });

  it("is the credential even beside another one", async () => {
    const response = await viaLink("GET", `/content/workouts/${workout.id}`, link.token);
    expect(response.status).toBe(200);
    const withBearer = await call<Record_>(server, "GET", `/content/workouts/${workout.id}?preview=${link.token}`, { token: editor });
    expect(withBearer.headers.get("content-language")).toBe("de");
    expect(withBearer.body.title).toBe((workout.title as Record<string, string>).de);
  });

  it("reads the exercises the workout references, and no other", async () => {
    const referenced = await viaLink("GET", `/content/exercises/${cat.exercises[0]}`, link.token);
    expect(referenced.status).toBe(200);
    expect(referenced.body.id).toBe(cat.exercises[0]);
    expectResponse(await viaLink("GET", `/content/exercises/${cat.exercises[1]}`, link.token), 404, { code: "404", message: "exercise not found" });
  });

  it("answers another record exactly as one that does not exist (404)", async () => {
    const other = await newRecord("workouts", workoutBody(cat));
    expectResponse(await viaLink("GET", `/content/workouts/${other.id}`, link.token), 404, { code: "404", message: "workout not found" });
    expectResponse(await viaLink("GET", `/content/workouts/${MISSING_UUID}`, link.token), 404, { code: "404", message: "workout not found" });
    const plan = await newRecord("training-plans", planBody(cat, { weeks: [{ days: [{ activities: [{ type: "workouts", id: workout.id }] }] }] }));
    // A plan that references the workout is not something the workout references.
    expectResponse(await viaLink("GET", `/content/training-plans/${plan.id}`, link.token), 404, { code: "404", message: "training plan not found" });
  });

  it("reads nothing else: lists, the change feed, search, the timeline, the record's links (401)", async () => {
    for (const path of ["/content/workouts", "/content/exercises", "/content/changes", `/content/workouts/${workout.id}/timeline`, `/content/workouts/${workout.id}/preview-links`, `/content/workouts/${workout.id}/versions`, "/organization"]) {
      expectResponse(await viaLink("GET", path, link.token), 401, UNREADABLE);
    }
    expectResponse(await viaLink("POST", "/content/search", link.token, { q: "workout" }), 401, UNREADABLE);
  });

  it("never writes (401), and the record is unchanged", async () => {
    expectResponse(await viaLink("PATCH", `/content/workouts/${workout.id}`, link.token, { title: "Taken over" }), 401, UNREADABLE);
    expectResponse(await viaLink("PUT", `/content/workouts/${workout.id}`, link.token, workoutBody(cat)), 401, UNREADABLE);
    expectResponse(await viaLink("DELETE", `/content/workouts/${workout.id}`, link.token), 401, UNREADABLE);
    expectResponse(await viaLink("PATCH", `/content/workouts/${workout.id}/status`, link.token, { de: "published" }), 401, UNREADABLE);
    expectResponse(await viaLink("POST", "/content/workouts", link.token, workoutBody(cat)), 401, UNREADABLE);
    expectResponse(await viaLink("POST", `/content/workouts/${workout.id}/preview-links`, link.token, { language: "de" }), 401, UNREADABLE);
    const now = ok(await call<Record_>(server, "GET", `/content/workouts/${workout.id}?texts=all`, { token: editor }));
    expect(now.title).toEqual(workout.title);
    expect(now.updated_at).toBe(workout.updated_at);
  });

  it("refuses a token the service did not issue (401)", async () => {
    const invalid = { code: "401", message: "the preview token is invalid" };
    expectResponse(await viaLink("GET", `/content/workouts/${workout.id}`, "pv_" + "A".repeat(43)), 401, invalid);
    expectResponse(await viaLink("GET", `/content/workouts/${workout.id}`, "not-a-token"), 401, invalid);
    expectResponse(await viaLink("GET", `/content/workouts/${workout.id}`, ""), 401, invalid);
  });
});

describe("a preview link of a training plan", () => {
  it("reads the plan's workouts and on-demand items and those workouts' exercises, nothing else", async () => {
    const amrap = { type: "AMRAP", amrap_duration: 600, amrap_exercises: [{ exercise_id: cat.exercises[1], rest: 10, goal_targets: [{ type: "VALUE", metric: "repetitions", value: 10 }], resistance_targets: [] }] };
    const inPlan = await newRecord("workouts", workoutBody(cat, { phases: [{ title: { en: "Training", de: "Training" }, time: 600, items: [amrap] }] }));
    const outside = await newRecord("workouts", workoutBody(cat));
    const onDemand = await newRecord("on-demand", onDemandBody(cat));
    const plan = await newRecord("training-plans", planBody(cat, { weeks: [{ days: [{ activities: [{ type: "workouts", id: inPlan.id }, { type: "on-demand", id: onDemand.id }] }] }] }));
    const link = ok(await share(admin, "training-plans", plan.id, { language: "default", expires_in: 600 }), 201);
    expect(link.language).toBe("default");

    const read = await viaLink("GET", `/content/training-plans/${plan.id}`, link.token);
    expect(read.status).toBe(200);
    expect(read.headers.get("content-language")).toBe("en");
    expect(read.body.title).toBe((plan.title as Record<string, string>).en);
    expect((await viaLink("GET", `/content/workouts/${inPlan.id}`, link.token)).status).toBe(200);
    expect((await viaLink("GET", `/content/on-demand/${onDemand.id}`, link.token)).status).toBe(200);
    expect((await viaLink("GET", `/content/exercises/${cat.exercises[1]}`, link.token)).status).toBe(200);
    expectResponse(await viaLink("GET", `/content/workouts/${outside.id}`, link.token), 404, { code: "404", message: "workout not found" });
    // cat.exercises[0] is only in workouts outside the plan.
    expectResponse(await viaLink("GET", `/content/exercises/${cat.exercises[0]}`, link.token), 404, { code: "404", message: "exercise not found" });
  });
});

describe("on-demand items and exercises", () => {
  it("have preview links of their own", async () => {
    const onDemand = await newRecord("on-demand", onDemandBody(cat));
    const onDemandLink = ok(await share(editor, "on-demand", onDemand.id, { language: "de" }), 201);
    // Without expires_in a link lives a day.
    expect(Date.parse(onDemandLink.expires_at) - Date.parse(onDemandLink.created_at)).toBeGreaterThanOrEqual(86_399_000);
    const item = await apiFetch(server, onDemandLink.url);
    expect(item.status).toBe(200);
    expect(((await item.json()) as Record_).title).toBe((onDemand.title as Record<string, string>).de);

    const exerciseLink = ok(await share(editor, "exercises", cat.exercises[2], { language: "fr", expires_in: 60 }), 201);
    const exercise = await viaLink("GET", `/content/exercises/${cat.exercises[2]}`, exerciseLink.token);
    expect(exercise.status).toBe(200);
    expect(exercise.headers.get("content-language")).toBe("fr");
    expectResponse(await viaLink("GET", `/content/exercises/${cat.exercises[0]}`, exerciseLink.token), 404, { code: "404", message: "exercise not found" });
  });
});

describe("expiry and revocation", () => {
  it("stops an expired link (401)", async () => {
    const workout = await newRecord("workouts", workoutBody(cat));
    const link = ok(await share(editor, "workouts", workout.id, { language: "de", expires_in: 1 }), 201);
    // The server's own expiry, on the same clock: wait until it has passed, then read.
    while (Date.now() <= Date.parse(link.expires_at) + 50) await new Promise((resolve) => setTimeout(resolve, 100));
    expectResponse(await viaLink("GET", `/content/workouts/${workout.id}`, link.token), 401, { code: "401", message: "the preview link has expired" });
    const listed = ok(await call<List<PreviewLink>>(server, "GET", `/content/workouts/${workout.id}/preview-links`, { token: editor }));
    expect(listed.data.map((item) => item.state)).toEqual(["expired"]);
  });

  it("stops a revoked link from the next request on (401); the list keeps it, without tokens", async () => {
    const workout = await newRecord("workouts", workoutBody(cat));
    const kept = ok(await share(editor, "workouts", workout.id, { language: "de", expires_in: 3600 }), 201);
    const revoked = ok(await share(editor, "workouts", workout.id, { language: "fr", expires_in: 3600 }), 201);
    expect((await viaLink("GET", `/content/workouts/${workout.id}`, revoked.token)).status).toBe(200);

    expect((await call(server, "DELETE", `/content/workouts/${workout.id}/preview-links/${revoked.id}`, { token: editor })).status).toBe(204);
    expectResponse(await viaLink("GET", `/content/workouts/${workout.id}`, revoked.token), 401, { code: "401", message: "the preview link has been revoked" });
    expectResponse(await viaLink("GET", `/content/exercises/${cat.exercises[0]}`, revoked.token), 401, { code: "401", message: "the preview link has been revoked" });
    // Revoking again changes nothing.
    expect((await call(server, "DELETE", `/content/workouts/${workout.id}/preview-links/${revoked.id}`, { token: admin })).status).toBe(204);
    expect((await viaLink("GET", `/content/workouts/${workout.id}`, kept.token)).status).toBe(200);

    const listed = ok(await call<List<PreviewLink>>(server, "GET", `/content/workouts/${workout.id}/preview-links`, { token: translator }));
    expect(listed.total).toBe(2);
    expect(listed.data.map((item) => [item.id, item.state, item.language])).toEqual([
      [revoked.id, "revoked", "fr"],
      [kept.id, "active", "de"],
    ]);
    expect(listed.data[0]!.revoked_at).toEqual(expect.any(String));
    for (const item of listed.data) expect(Object.keys(item).sort()).toEqual(["collection", "created_at", "created_by", "expires_at", "id", "language", "record_id", "revoked_at", "state"]);
    expect(JSON.stringify(listed)).not.toContain(kept.token);
    const page = ok(await call<List<PreviewLink>>(server, "GET", `/content/workouts/${workout.id}/preview-links?filter[limit]=1&filter[offset]=1`, { token: editor }));
    expect(page).toEqual({ total: 2, data: [listed.data[1]] });
  });

  it("cannot be revoked, listed or made from another organization or another record (404)", async () => {
    const workout = await newRecord("workouts", workoutBody(cat));
    const other = await newRecord("workouts", workoutBody(cat));
    const link = ok(await share(editor, "workouts", workout.id, { language: "de", expires_in: 3600 }), 201);
    expectResponse(await call(server, "DELETE", `/content/workouts/${workout.id}/preview-links/${link.id}`, { token: betaAdmin }), 404, { code: "404", message: "preview link not found" });
    expectResponse(await call(server, "DELETE", `/content/workouts/${other.id}/preview-links/${link.id}`, { token: editor }), 404, { code: "404", message: "preview link not found" });
    expectResponse(await call(server, "DELETE", `/content/training-plans/${workout.id}/preview-links/${link.id}`, { token: editor }), 404, { code: "404", message: "preview link not found" });
    expectResponse(await call(server, "GET", `/content/workouts/${workout.id}/preview-links`, { token: betaAdmin }), 404, { code: "404", message: "workout not found" });
    expectResponse(await share(betaAdmin, "workouts", workout.id, { language: "de" }), 404, { code: "404", message: "workout not found" });
    // Still working: nobody outside revoked it.
    expect((await viaLink("GET", `/content/workouts/${workout.id}`, link.token)).status).toBe(200);
  });
});

describe("making a preview link", () => {
  let workout: Record_;
  beforeAll(async () => {
    workout = await newRecord("workouts", workoutBody(cat));
  });

  it("refuses expires_in over 7 days and a language the organization lacks (422 naming the field)", async () => {
    expectResponse(await share(editor, "workouts", workout.id, { language: "de", expires_in: 604_801 }), 422, {
      code: "422",
      message: "/expires_in: must be at most 604800 (7 days)",
      details: [{ path: "/expires_in", message: "must be at most 604800 (7 days)" }],
    });
    expectResponse(await share(editor, "workouts", workout.id, { language: "de", expires_in: 0 }), 422, {
      code: "422",
      message: "/expires_in: must be at least 1",
      details: [{ path: "/expires_in", message: "must be at least 1" }],
    });
    expectResponse(await share(editor, "workouts", workout.id, { language: "it", expires_in: 3600 }), 422, {
      code: "422",
      message: "/language: is not a language of this organization; use default or one of en, de, fr, es",
      details: [{ path: "/language", message: "is not a language of this organization; use default or one of en, de, fr, es" }],
    });
    expectResponse(await share(editor, "workouts", workout.id, { expires_in: 3600 }), 400, {
      code: "400",
      message: "/language: is required",
      details: [{ path: "/language", message: "is required" }],
    });
    expectResponse(await share(editor, "workouts", MISSING_UUID, { language: "de" }), 404, { code: "404", message: "workout not found" });
    expectResponse(await share(editor, "workouts", "not-a-uuid", { language: "de" }), 422, {
      code: "422",
      message: "/id: must be a uuid",
      details: [{ path: "/id", message: "must be a uuid" }],
    });
    const listed = ok(await call<List<PreviewLink>>(server, "GET", `/content/workouts/${workout.id}/preview-links`, { token: editor }));
    expect(listed.total).toBe(0);
  });

  it("lets translators share and revoke their own languages only; members not at all", async () => {
    expectResponse(await share(translator, "workouts", workout.id, { language: "fr" }), 403, {
      code: "403",
      message: "translators can only share previews in their own languages (de); not fr",
    });
    expectResponse(await share(translator, "workouts", workout.id, { language: "default" }), 403, {
      code: "403",
      message: "translators can only share previews in their own languages (de); not en",
    });
    const own = ok(await share(translator, "workouts", workout.id, { language: "de" }), 201);
    expect(own.created_by).toEqual({ id: expect.any(String), email: "translator@alpha.test" });
    const editors = ok(await share(editor, "workouts", workout.id, { language: "fr" }), 201);
    expectResponse(await call(server, "DELETE", `/content/workouts/${workout.id}/preview-links/${editors.id}`, { token: translator }), 403, {
      code: "403",
      message: "translators can only share previews in their own languages (de); not fr",
    });
    expect((await call(server, "DELETE", `/content/workouts/${workout.id}/preview-links/${own.id}`, { token: translator })).status).toBe(204);
    expectResponse(await share(member, "workouts", workout.id, { language: "de" }), 403, { code: "403", message: "mobile tokens are read-only" });
    expectResponse(await call(server, "GET", `/content/workouts/${workout.id}/preview-links`, { token: member }), 403, { code: "403", message: "this endpoint requires a platform token" });
  });
});

describe("the audit log and the OpenAPI document", () => {
  it("records making and revoking a link in the audit log, never its token", async () => {
    const workout = await newRecord("workouts", workoutBody(cat));
    const link = ok(await share(editor, "workouts", workout.id, { language: "de", expires_in: 3600 }), 201);
    expect((await call(server, "DELETE", `/content/workouts/${workout.id}/preview-links/${link.id}`, { token: editor })).status).toBe(204);
    // A second revocation changes nothing, and records nothing.
    expect((await call(server, "DELETE", `/content/workouts/${workout.id}/preview-links/${link.id}`, { token: editor })).status).toBe(204);
    const entries = ok(await call<List<Entry>>(server, "GET", `/audit-log?filter[where][target_id]=${link.id}&filter[order][at]=asc`, { token: admin })).data;
    const details = { collection: "workouts", record_id: workout.id, language: "de", expires_at: link.expires_at };
    expect(entries).toEqual([
      expect.objectContaining({ action: "preview_link.created", credential: "access_token", actor: expect.objectContaining({ type: "user", label: "editor@alpha.test" }), target: { type: "PreviewLink", id: link.id, label: null }, details }),
      expect.objectContaining({ action: "preview_link.revoked", credential: "access_token", target: { type: "PreviewLink", id: link.id, label: null }, details: { ...details, revoked_at: expect.any(String) } }),
    ]);
    const exported = await (await apiFetch(server, "/audit-log/export", { headers: { Authorization: `Bearer ${admin}` } })).text();
    expect(exported).toContain(link.id);
    expect(exported).not.toContain(link.token);
    expect(exported).not.toContain(link.token.slice(3));
  });

  it("documents the operations with their statuses and the record reads' preview credential", async () => {
    const document = (await (await fetch(`${server.apiUrl}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown>; security?: Record<string, string[]>[] }>>;
      components: { securitySchemes: Record<string, Json> };
    };
    for (const collection of ["workouts", "training-plans", "on-demand", "exercises"]) {
      const links = document.paths[`/content/${collection}/{id}/preview-links`]!;
      expect(Object.keys(links.post!.responses).sort()).toEqual(["201", "400", "401", "403", "404", "413", "422", "429", "500"]);
      expect(Object.keys(links.get!.responses).sort()).toEqual(["200", "400", "401", "403", "404", "422", "429", "500"]);
      expect(Object.keys(document.paths[`/content/${collection}/{id}/preview-links/{link_id}`]!.delete!.responses).sort()).toEqual(["204", "401", "403", "404", "422", "429", "500"]);
      expect(document.paths[`/content/${collection}/{id}`]!.get!.security).toEqual([{ bearerAuth: [] }, { previewLink: [] }]);
      expect(document.paths[`/content/${collection}`]!.get!.security).toEqual([{ bearerAuth: [] }]);
    }
    expect(document.paths["/content/instructors/{id}"]!.get!.security).toEqual([{ bearerAuth: [] }]);
    expect(document.components.securitySchemes.previewLink).toMatchObject({ type: "apiKey", in: "query", name: "preview" });
  });
});
