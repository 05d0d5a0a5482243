import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD, UPLOADS, USERS } from "../support/fixtures";
import { startTestServer, type TestServer } from "../support/server";

/**
 * The lean production path of the API and Next.js's route files answer alike (docs/decisions/0025):
 * two production servers over fresh copies of the same database, one as `npm start` runs by default
 * (the lean path) and one with `API_ROUTER=next` (every API request through Next.js, as `next dev`
 * serves it), get the same requests in the same order; their answers must have the same status, the
 * same headers and the same body. What differs by nature is made alike before comparing: generated
 * ids (numbered in order of first appearance), times, tokens and signatures, request ids, dates and
 * the framing headers (`Content-Length` or chunked). Next.js's own `Vary` entries for its page router
 * (`rsc`, `next-router-*`) do not apply to the API and are left out.
 */
let lean: TestServer;
let next: TestServer;

beforeAll(async () => {
  [lean, next] = await Promise.all([startTestServer(), startTestServer({ env: { API_ROUTER: "next" } })]);
});
afterAll(async () => {
  await Promise.all([lean?.stop(), next?.stop()]);
});

type Sent = { method: string; path: string; token?: string; json?: unknown; body?: BodyInit; headers?: Record<string, string> };
type Answer = { status: number; headers: Record<string, string>; body: string; json: Record<string, unknown> | undefined };

/** Headers that say nothing about behaviour: framing, the connection, the clock, the request id. */
const VOLATILE_HEADERS = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length", "x-request-id", "ratelimit-reset", "ratelimit-remaining"]);

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const ISO_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})/g;
const JWT = /eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g;

/** Makes one server's transcript comparable with the other's (see the file's comment). */
function normalizer(): (text: string) => string {
  const ids = new Map<string, string>();
  return (text) =>
    text
      .replace(JWT, "<jwt>")
      .replace(UUID, (id) => {
        if (Object.values(UPLOADS).some((upload) => upload.id === id)) return id;
        if (!ids.has(id)) ids.set(id, `<id${ids.size + 1}>`);
        return ids.get(id)!;
      })
      .replace(ISO_TIME, "<time>")
      // Record tags name a digest of the representation, which holds its times.
      .replace(/(<id\d+>\.\d+)\.[A-Za-z0-9_-]{16}/g, "$1.<digest>")
      .replace(/W\/"[A-Za-z0-9_.:-]+"/g, 'W/"<list>"')
      // Signed addresses: an expiry and a signature.
      .replace(/([?&](?:Policy|Signature|Expires|exp|sig)=)[^&"\\]+/g, "$1<signed>")
      // Each server has its own port; cursors carry a transaction's number and a signature.
      .replace(/http:\/\/127\.0\.0\.1:\d+/g, "<base>")
      .replace(/"next_cursor":"[^"]+"/g, '"next_cursor":"<cursor>"')
      // An upload's tag is its update time.
      .replace(/"etag":"\\"[a-z0-9]{4,16}\\""/g, '"etag":"<time tag>"')
      .replace(/"(refresh_token|token|access_token|secret)":"[^"]+"/g, '"$1":"<secret>"');
}

function headersOf(response: Response): Record<string, string> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    // A request id is the client's own (echoed) or a fresh one.
    if (VOLATILE_HEADERS.has(name) && !(name === "x-request-id" && value.startsWith("parity-"))) return;
    if (name === "vary") {
      const entries = value.split(",").map((entry) => entry.trim()).filter((entry) => entry && !/^(rsc|next-router-)/i.test(entry));
      if (entries.length > 0) headers.vary = entries.join(", ").toLowerCase();
      return;
    }
    headers[name] = value;
  });
  return Object.fromEntries(Object.entries(headers).sort(([a], [b]) => a.localeCompare(b)));
}

async function send(server: TestServer, request: Sent): Promise<Answer> {
  const headers = new Headers(request.headers);
  if (request.token) headers.set("authorization", `Bearer ${request.token}`);
  let body = request.body;
  if (request.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(request.json);
  }
  const response = await fetch(`${server.apiUrl}${request.path}`, { method: request.method, headers, body });
  const text = await response.text();
  let json: Record<string, unknown> | undefined;
  try {
    json = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: headersOf(response), body: text, json };
}

async function login(server: TestServer, user: keyof typeof USERS, scope: "mobile" | "platform"): Promise<string> {
  const { org, email } = USERS[user];
  const answer = await send(server, { method: "POST", path: "/auth/login", json: { email, password: PASSWORD, code: org, scope } });
  return answer.json!.access_token as string;
}

async function pngImage(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 40, b: 40 } } }).png().toBuffer();
}

/**
 * The requests, in order; each step may use what earlier answers said (ids, tags). Returns every
 * answer, labelled.
 */
async function transcript(server: TestServer): Promise<Array<{ label: string; answer: Answer }>> {
  const answers: Array<{ label: string; answer: Answer }> = [];
  const step = async (label: string, request: Sent) => {
    const answer = await send(server, request);
    answers.push({ label, answer });
    return answer;
  };
  const editor = await login(server, "alphaEditor", "platform");
  const member = await login(server, "alphaMember", "mobile");

  // Service, documents, errors of routing.
  await step("health", { method: "GET", path: "/health" });
  await step("health, HEAD", { method: "HEAD", path: "/health" });
  await step("readiness", { method: "GET", path: "/health/ready" });
  await step("OpenAPI document, gzip", { method: "GET", path: "/openapi.json", headers: { "accept-encoding": "gzip" } });
  await step("OpenAPI document, identity", { method: "GET", path: "/openapi.json", headers: { "accept-encoding": "identity" } });
  await step("unknown path", { method: "GET", path: "/no/such/endpoint" });
  await step("unknown path, POST", { method: "POST", path: "/content/nothing-here", json: {} });
  await step("405 with Allow", { method: "DELETE", path: "/health" });
  await step("OPTIONS", { method: "OPTIONS", path: "/content/exercises/1" });
  await step("OPTIONS of a collection", { method: "OPTIONS", path: "/content/exercises" });
  // A client's own header naming a refused method (scripts/server.mjs) changes nothing.
  await step("OPTIONS naming a refused method", { method: "OPTIONS", path: "/content/exercises", headers: { "x-refused-method": "TRACE", "x-request-id": "parity-1" } });
  await step("a request id of the client's", { method: "GET", path: "/health", headers: { "x-request-id": "parity-2" } });

  // Authentication.
  await step("login, body missing fields", { method: "POST", path: "/auth/login", json: {} });
  await step("login, not JSON", { method: "POST", path: "/auth/login", body: "{nope", headers: { "content-type": "application/json" } });
  await step("login, wrong password", { method: "POST", path: "/auth/login", json: { email: USERS.alphaEditor.email, password: "wrong-password", code: "alpha", scope: "platform" } });
  await step("login", { method: "POST", path: "/auth/login", json: { email: USERS.alphaEditor.email, password: PASSWORD, code: "alpha", scope: "platform" } });
  await step("no token", { method: "GET", path: "/content/exercises" });
  await step("malformed Authorization", { method: "GET", path: "/content/exercises", headers: { authorization: "Token abc" } });
  await step("bad token", { method: "GET", path: "/content/exercises", token: "not-a-token" });

  // Lookups and records: create with errors, create, read, conditional read, list, search.
  const goal = await step("create a goal", { method: "POST", path: "/content/goals", token: editor, json: { name: { en: "Parity goal" } } });
  await step("create a goal, invalid", { method: "POST", path: "/content/goals", token: editor, json: { name: 42 } });
  await step("a body over 1 MB, 413", { method: "POST", path: "/content/goals", token: editor, json: { name: "x".repeat(1024 * 1024 + 10) } });
  await step("mobile token writes", { method: "POST", path: "/content/goals", token: member, json: { name: "No" } });
  const exerciseBody = {
    name: { en: "Parity squat", de: "Parität Kniebeuge" },
    slug: null,
    level: "beginner",
    gender: "male",
    muscle_groups: [],
    equipment: [],
    types: [],
    image: UPLOADS.alphaImage.id,
    steps: ["Stand tall", "Sit back"],
  };
  await step("create an exercise, invalid", { method: "POST", path: "/content/exercises", token: editor, json: { ...exerciseBody, level: "expert" } });
  const exercise = await step("create an exercise", { method: "POST", path: "/content/exercises", token: editor, json: exerciseBody });
  const exercisePath = `/content/exercises/${exercise.json!.id as string}`;
  const read = await step("read it", { method: "GET", path: exercisePath, token: editor });
  const etag = read.headers.etag!;
  await step("read it, HEAD", { method: "HEAD", path: exercisePath, token: editor });
  await step("read it, gzip", { method: "GET", path: exercisePath, token: editor, headers: { "accept-encoding": "gzip" } });
  await step("read it in German", { method: "GET", path: `${exercisePath}?lang=de`, token: editor });
  await step("read it, all texts", { method: "GET", path: `${exercisePath}?texts=all`, token: editor });
  await step("conditional read, 304", { method: "GET", path: exercisePath, token: editor, headers: { "if-none-match": etag } });
  await step("conditional read, other tag", { method: "GET", path: exercisePath, token: editor, headers: { "if-none-match": '"other"' } });
  await step("patch with a stale tag, 412", { method: "PATCH", path: exercisePath, token: editor, json: { level: "advanced" }, headers: { "if-match": '"0.0"' } });
  await step("patch an unknown member, 422", { method: "PATCH", path: exercisePath, token: editor, json: { no_such_member: 1 } });
  await step("patch", { method: "PATCH", path: exercisePath, token: editor, json: { level: "advanced" }, headers: { "if-match": etag } });
  await step("read after the patch", { method: "GET", path: exercisePath, token: editor });
  await step("missing record, 404", { method: "GET", path: "/content/exercises/0e0e0e0e-0000-4000-8000-00000000abcd", token: editor });
  await step("id of another shape", { method: "GET", path: "/content/exercises/not-a-uuid", token: editor });
  await step("list", { method: "GET", path: "/content/exercises", token: editor });
  await step("list, filtered and ordered", { method: "GET", path: "/content/exercises?filter[where][level]=advanced&filter[order][name]=asc&filter[limit]=5", token: editor });
  await step("list, bad filter", { method: "GET", path: "/content/exercises?filter[where][nope]=1", token: editor });
  const list = await step("list of goals", { method: "GET", path: "/content/goals", token: editor });
  await step("list, conditional", { method: "GET", path: "/content/goals", token: editor, headers: { "if-none-match": list.headers.etag ?? '"none"' } });
  await step("member reads a draft", { method: "GET", path: exercisePath, token: member, headers: { "accept-language": "de" } });
  await step("search", { method: "POST", path: "/content/search", token: member, json: { q: "parity" } });
  await step("search, invalid", { method: "POST", path: "/content/search", token: member, json: { q: 3 } });
  await step("change feed", { method: "GET", path: "/content/changes?limit=5", token: member });
  await step("change feed, foreign cursor", { method: "GET", path: "/content/changes?since=abc", token: member });
  await step("delete a goal", { method: "DELETE", path: `/content/goals/${goal.json!.id as number}`, token: editor });
  await step("delete it again", { method: "DELETE", path: `/content/goals/${goal.json!.id as number}`, token: editor });

  // Uploads: multipart, a read, a refused type.
  const image = await pngImage();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(image)], { type: "image/png" }), "parity.png");
  const upload = await step("upload an image", { method: "POST", path: "/uploads", token: editor, body: form });
  await step("read the upload", { method: "GET", path: `/uploads/${upload.json!.id as string}`, token: editor });
  const text = new FormData();
  text.append("file", new Blob(["plain words"], { type: "text/plain" }), "notes.txt");
  await step("upload a refused type", { method: "POST", path: "/uploads", token: editor, body: text });
  await step("upload without a file", { method: "POST", path: "/uploads", token: editor, body: new FormData() });
  await step("resumable upload without Tus-Resumable", { method: "POST", path: "/uploads/resumable", token: editor, headers: { "upload-length": "10" } });

  // Organization and users (an admin's endpoints, refused to the editor).
  await step("organization", { method: "GET", path: "/organization", token: editor });
  await step("users, as an editor", { method: "GET", path: "/users", token: editor });
  return answers;
}

describe("the lean path and Next.js's route files", () => {
  it("answer every request alike: status, headers and body", async () => {
    const [leanAnswers, nextAnswers] = [await transcript(lean), await transcript(next)];
    const normalizeLean = normalizer();
    const normalizeNext = normalizer();
    const comparable = (answers: Array<{ label: string; answer: Answer }>, normalize: (text: string) => string) =>
      answers.map(({ label, answer }) => ({
        label,
        status: answer.status,
        headers: JSON.parse(normalize(JSON.stringify(answer.headers))) as Record<string, string>,
        body: normalize(answer.body),
      }));
    const leanSide = comparable(leanAnswers, normalizeLean);
    const nextSide = comparable(nextAnswers, normalizeNext);
    expect(leanSide.map((entry) => entry.label)).toEqual(nextSide.map((entry) => entry.label));
    // Every difference at once, each said in a line (lean vs Next.js).
    const differences = leanSide.flatMap((entry, index) => {
      const other = nextSide[index]!;
      const parts: string[] = [];
      if (entry.status !== other.status) parts.push(`status ${entry.status} vs ${other.status}`);
      for (const name of new Set([...Object.keys(entry.headers), ...Object.keys(other.headers)])) {
        if (entry.headers[name] !== other.headers[name]) parts.push(`${name}: ${entry.headers[name]} vs ${other.headers[name]}`);
      }
      if (entry.body !== other.body) {
        let at = 0;
        while (entry.body[at] === other.body[at]) at += 1;
        parts.push(`body from ${at}: ${entry.body.slice(Math.max(0, at - 40), at + 80)} vs ${other.body.slice(Math.max(0, at - 40), at + 80)}`);
      }
      return parts.length > 0 ? [`${entry.label}: ${parts.join("; ")}`] : [];
    });
    expect(differences).toEqual([]);
    // The transcript covers what it says it does.
    const statuses = new Set(leanSide.map((entry) => entry.status));
    for (const status of [200, 201, 204, 304, 400, 401, 403, 404, 405, 412, 413, 422]) expect(statuses, `a ${status} answer`).toContain(status);
    expect(leanSide.find((entry) => entry.label === "OpenAPI document, gzip")!.headers["content-encoding"]).toBe("gzip");
  });

});
