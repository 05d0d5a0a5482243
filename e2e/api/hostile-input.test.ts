import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiFetch, call, loginAs, type ApiResponse } from "../support/api";
import { PASSWORD } from "../support/fixtures";
import { MISSING_UUID, create, expectResponse, fieldError, filterError, type Json } from "../support/content";
import { RawConnection } from "../support/raw-http";
import { startTestServer, type TestServer } from "../support/server";

/**
 * What an attacker sends: text PostgreSQL cannot store, structures nested beyond reason, bodies over
 * the limit on a kept-alive connection, and requests whose refusal would list everything they did
 * wrong. Every answer is a 4xx with the usual error body; none is a 500, a hang or a huge body.
 */
let server: TestServer;
let editor: string;
let admin: string;
let muscleGroup: number;

beforeAll(async () => {
  server = await startTestServer();
  editor = (await loginAs(server, "alphaEditor")).token;
  admin = (await loginAs(server, "alphaAdmin")).token;
  muscleGroup = (await create<{ id: number }>(server, editor, "/content/muscle-groups", { name: "Hostile" })).id;
});
afterAll(async () => {
  await server?.stop();
});

const NUL = "must not contain the NUL character (U+0000)";
const SURROGATE = "must not contain an unpaired UTF-16 surrogate";

/** A request with a JSON body written by hand: `JSON.stringify` cannot write a lone surrogate escape. */
const raw = (method: string, path: string, rawBody: string, token?: string) =>
  call(server, method, path, { token, rawBody, headers: { "Content-Type": "application/json" } });

function nestedBody(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
}

describe("NUL and unpaired surrogates in a JSON body are a 422 naming the field, on every endpoint", () => {
  const cases: [string, () => Promise<ApiResponse<unknown>>, string, string][] = [
    ["a login (no token needed)", () => call(server, "POST", "/auth/login", { body: { email: "admin@alpha.test\u0000", password: PASSWORD, code: "alpha", scope: "mobile" } }), "/email", NUL],
    ["a login's password", () => raw("POST", "/auth/login", '{"email":"admin@alpha.test","password":"x\\ud800","code":"alpha","scope":"mobile"}'), "/password", SURROGATE],
    ["a refresh token", () => call(server, "POST", "/auth/token/refresh", { body: { refresh_token: "rt_\u0000" } }), "/refresh_token", NUL],
    ["a record's text", () => call(server, "POST", "/content/muscle-groups", { token: editor, body: { name: "Legs\u0000" } }), "/name", NUL],
    ["one translation of a text", () => raw("POST", "/content/muscle-groups", '{"name":{"en":"Legs","de":"\\udc00"}}', editor), "/name/de", SURROGATE],
    ["a language key", () => call(server, "POST", "/content/muscle-groups", { token: editor, body: { name: { "e\u0000n": "Legs" } } }), "/name/e\u0000n", `member name ${NUL}`],
    ["a text inside a list (other fields missing)", () => call(server, "POST", "/content/exercises", { token: editor, body: { name: "Squat", steps: ["Stand", "Sit down slowly\u0000"] } }), "/steps/1", NUL],
    ["a text deep inside a workout", () => raw("POST", "/content/workouts", '{"title":"W","phases":[{"kind":"warm-up","items":[{"notes":{"de":"\\ud83d"}}]}]}', editor), "/phases/0/items/0/notes/de", SURROGATE],
    ["a merge patch", () => call(server, "PATCH", `/content/muscle-groups/${muscleGroup}`, { token: editor, body: { name: { de: "Beinpresse\u0000" } } }), "/name/de", NUL],
    ["a replacement", () => raw("PUT", `/content/muscle-groups/${muscleGroup}`, '{"name":"\\udfff"}', editor), "/name", SURROGATE],
    ["a search", () => call(server, "POST", "/content/search", { token: editor, body: { q: "run\u0000" } }), "/q", NUL],
    ["a user's password", () => call(server, "POST", "/users", { token: admin, body: { email: "new@alpha.test", password: "long enough\u0000", role: "editor" } }), "/password", NUL],
    ["an upload's new name", () => call(server, "PATCH", `/uploads/a0000000-0000-4000-8000-000000000001`, { token: editor, body: { name: "cover\u0000.png" } }), "/name", NUL],
  ];

  it.each(cases)("in %s", async (_, send, path, message) => {
    expectResponse(await send(), 422, fieldError(422, path, message));
  });

  it("in the admin's sign-in form: refused as invalid credentials", async () => {
    const csrf = await fetch(`${server.baseUrl}/api/auth/csrf`);
    const cookie = csrf.headers.getSetCookie().map((value) => value.split(";")[0]).join("; ");
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const form = new URLSearchParams({ csrfToken, code: "alpha", email: "admin@alpha.test\u0000", password: PASSWORD, json: "true" });
    const response = await fetch(`${server.baseUrl}/api/auth/callback/credentials`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: form,
      redirect: "manual",
    });
    // next-auth's answer to a failed sign-in: 401 and where the form shows the error.
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ url: expect.stringMatching(/\/api\/auth\/error\?error=invalid$/) });
  });

  it("stores well-formed text from every plane intact", async () => {
    const name = { en: "Push-up 💪", de: "Liegestütz", fr: "Pompe \ufffd" };
    const created = await create<Json & { id: number }>(server, editor, "/content/muscle-groups", { name });
    const read = await call<Json>(server, "GET", `/content/muscle-groups/${created.id}?lang=en,de,fr`, { token: editor });
    expect(read.body.name).toEqual({ default: name.en, ...name });
  });
});

describe("NUL and unpaired surrogates in the address", () => {
  it.each([
    ["a filter value", `/content/muscle-groups?filter[where][name][eq]=Legs%00`, filterError("filter[where][name][eq]", NUL)],
    ["a filter in the JSON form", `/content/muscle-groups?filter=${encodeURIComponent('{"where":{"name":{"eq":"\\ud800"}}}')}`, filterError("filter[where][name][eq]", SURROGATE)],
    ["a filter's field name", `/content/muscle-groups?filter[where][na%00me]=x`, filterError("filter[where][na\u0000me]", NUL)],
  ])("in %s: 400 naming the parameter", async (_, path, body) => {
    expectResponse(await call(server, "GET", path, { token: editor }), 400, body);
  });

  it.each([
    ["an integer id", `/content/muscle-groups/1%00`, "/id"],
    ["a uuid", `/content/exercises/${MISSING_UUID}%00`, "/id"],
    ["the lang parameter", `/content/exercises/${MISSING_UUID}?lang=de%00`, "/lang"],
  ])("in %s: 422 naming it", async (_, path, name) => {
    expectResponse(await call(server, "GET", path, { token: editor }), 422, fieldError(422, name, NUL));
  });

  it.each([
    ["an unpaired surrogate (its UTF-8 bytes)", "/api/v3/content/exercises/%ED%A0%80"],
    ["a broken escape", "/api/v3/content/exer%ZZcises"],
    ["a broken escape under the image route", "/cdn/uploads/%E0%A4%A/x.png"],
  ])("a path with %s is a 400, not Next.js's bare 500", async (_, path) => {
    const response = await fetch(`${server.baseUrl}${path}`, { headers: { Authorization: `Bearer ${editor}` } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ code: "400", message: "the path's percent-encoding is not valid UTF-8" });
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("replaces an X-Request-Id that is not ASCII (a surrogate's UTF-8 bytes) with its own", async () => {
    const connection = await RawConnection.open(Number(new URL(server.baseUrl).port));
    connection.write(Buffer.concat([Buffer.from("GET /api/v3/health HTTP/1.1\r\nHost: test\r\nX-Request-Id: id-"), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from("\r\n\r\n")]));
    const response = await connection.nextResponse();
    connection.end();
    expect(response).toMatchObject({ status: 200, headers: { "x-request-id": expect.stringMatching(/^[0-9a-f-]{36}$/) } });
  });

  it("keeps an idle connection open for longer than clients do (docs/deployment.md, Keep-alive): a request after 6 s of quiet is answered on it", async () => {
    const connection = await RawConnection.open(Number(new URL(server.baseUrl).port));
    connection.write("GET /api/v3/health HTTP/1.1\r\nHost: test\r\n\r\n");
    expect(await connection.nextResponse()).toMatchObject({ status: 200, headers: { connection: "keep-alive", "keep-alive": "timeout=65" } });
    // Past Node's default of 5 s, after which the server used to close the connection.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    connection.write("GET /api/v3/health HTTP/1.1\r\nHost: test\r\n\r\n");
    const second = await connection.nextResponse();
    connection.end();
    expect(second).toMatchObject({ status: 200 });
  });

  it("answers a NUL inside a header with 400 before the request reaches the application", async () => {
    const connection = await RawConnection.open(Number(new URL(server.baseUrl).port));
    connection.write("GET /api/v3/health HTTP/1.1\r\nHost: test\r\nX-Request-Id: a\u0000b\r\n\r\n");
    const response = await connection.nextResponse();
    expect(response).not.toBe("closed");
    const { status, body } = response as Exclude<typeof response, "closed">;
    expect({ status, body: JSON.parse(body) }).toEqual({ status: 400, body: { code: "400", message: "the request could not be parsed" } });
    expect(await connection.closed()).toBe(true);
  });
});

describe("NUL and unpaired surrogates in an upload's multipart parts", () => {
  const boundary = "----hostile-multipart";
  let png: Buffer;
  beforeAll(async () => {
    png = await sharp({ create: { width: 16, height: 16, channels: 3, background: { r: 10, g: 200, b: 10 } } }).png().toBuffer();
  });

  /** A multipart body written byte by byte: each part's header line as given, then its content. */
  async function uploadParts(parts: { disposition: Buffer | string; content: Buffer | string }[]) {
    const body = Buffer.concat([
      ...parts.flatMap(({ disposition, content }) => [Buffer.from(`--${boundary}\r\nContent-Disposition: `), Buffer.from(disposition), Buffer.from("\r\n\r\n"), Buffer.from(content), Buffer.from("\r\n")]),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    const response = await apiFetch(server, `/uploads`, {
      method: "POST",
      headers: { Authorization: `Bearer ${editor}`, "Content-Type": `multipart/form-data; boundary=${boundary}` },
      body: new Uint8Array(body),
    });
    return { status: response.status, body: (await response.json()) as Json };
  }

  it("a NUL in the name part: 422 naming it", async () => {
    const response = await uploadParts([
      { disposition: 'form-data; name="file"; filename="cover.png"', content: png },
      { disposition: 'form-data; name="name"', content: "cov\u0000er.png" },
    ]);
    expect(response).toEqual({ status: 422, body: fieldError(422, "/name", NUL) });
  });

  it("a surrogate's UTF-8 bytes in the file name: the name is cleaned and the file stored", async () => {
    const response = await uploadParts([{ disposition: "form-data; name=\"file\"; filename*=UTF-8''%ED%A0%80x.png", content: png }]);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ name: "\ufffd\ufffd\ufffdx.png", mime: "image/png" });
  });

  it.each([
    ["the file name", 'form-data; name="file"; filename="pho\u0000to.png"'],
    ["a part's own name", 'form-data; name="fi\u0000le"; filename="x.png"'],
  ])("a NUL in %s: 400, the multipart body cannot be parsed", async (_, disposition) => {
    const response = await uploadParts([{ disposition: Buffer.from(disposition, "latin1"), content: png }]);
    expect(response).toEqual({ status: 400, body: { code: "400", message: "the multipart body cannot be parsed" } });
  });
});

describe("nesting", () => {
  const tooDeep = { code: "422", message: `${"/a".repeat(64)}: nests objects or arrays more than 64 levels deep`, details: [{ path: "/a".repeat(64), message: "nests objects or arrays more than 64 levels deep" }] };

  it("a merge patch nested 10,000 deep is a 422, like a create", async () => {
    expectResponse(await raw("PATCH", `/content/muscle-groups/${muscleGroup}`, nestedBody(10_000), editor), 422, tooDeep);
    expectResponse(await raw("POST", "/content/muscle-groups", nestedBody(10_000), editor), 422, tooDeep);
    // The record is untouched and the server well.
    expect((await call<Json>(server, "GET", `/content/muscle-groups/${muscleGroup}`, { token: editor })).body.name).toBe("Hostile");
  });

  it("a merge patch of 64 levels is merged", async () => {
    const response = await raw("PATCH", `/content/muscle-groups/${muscleGroup}`, nestedBody(64), editor);
    // Unknown members are dropped after merging; the depth itself is fine.
    expect(response.status).toBe(200);
  });
});

describe("error bodies stay small", () => {
  it("a 422 for 100,000 wrong items lists the first 20 and counts the rest", async () => {
    // 100,000 language keys the organization does not have (about 950 KB of JSON).
    const keys: string[] = [];
    for (let index = 0; keys.length < 100_000; index++) {
      const key = index.toString(36);
      if (!["en", "de", "fr", "es"].includes(key)) keys.push(key);
    }
    const name = Object.fromEntries(keys.map((key) => [key, ""]));
    const response = await call(server, "POST", "/content/muscle-groups", { token: editor, body: { name } });
    const problem = (key: string) => ({ path: `/name/${key}`, message: `language '${key}' is not enabled for this organization; enabled: en, de, fr, es` });
    expectResponse(response, 422, {
      code: "422",
      message: "100000 problems in text fields; see details",
      // In the order of the object's members (integer-like keys first, as JSON objects keep them).
      details: Object.keys(name).slice(0, 20).map(problem),
      details_omitted: 99_980,
    });
    expect(JSON.stringify(response.body).length).toBeLessThan(3_000);
  });
});

describe("a body refused part-way never leaves the connection hanging", () => {
  const port = () => Number(new URL(server.baseUrl).port);
  const tooLarge = { code: "413", message: "request body exceeds 1024 KB" };
  const chunkedPost = (path: string) => `POST ${path} HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`;

  it("a 4 MB chunked JSON body: 413 with Connection: close, and the connection is closed", async () => {
    const connection = await RawConnection.open(port());
    connection.write(chunkedPost("/api/v3/auth/login"));
    connection.writeChunked(4 * 1024 * 1024);
    const first = await connection.nextResponse();
    expect(first).not.toBe("closed");
    const { status, headers, body } = first as Exclude<typeof first, "closed">;
    expect({ status, connection: headers.connection, body: JSON.parse(body) }).toEqual({ status: 413, connection: "close", body: tooLarge });
    connection.write("GET /api/v3/health HTTP/1.1\r\nHost: test\r\n\r\n");
    expect(await connection.nextResponse()).toBe("closed");
  });

  it("a 1.5 MB chunked JSON body: 413, and the same connection answers the next request", async () => {
    const connection = await RawConnection.open(port());
    connection.write(chunkedPost("/api/v3/auth/login"));
    connection.writeChunked(1536 * 1024);
    const first = await connection.nextResponse();
    expect(first).toMatchObject({ status: 413, headers: { connection: "keep-alive" } });
    expect(JSON.parse((first as { body: string }).body)).toEqual(tooLarge);
    connection.write("GET /api/v3/health HTTP/1.1\r\nHost: test\r\n\r\n");
    const second = await connection.nextResponse();
    connection.end();
    expect(second).toMatchObject({ status: 200 });
    expect(JSON.parse((second as { body: string }).body)).toMatchObject({ status: "ok" });
  });
});

describe("the server's log", () => {
  it("shows no 500 and none of the values sent above", () => {
    const output = server.output();
    expect(output).not.toContain("unhandled error");
    for (const value of ["long enough", "Beinpresse", "Sit down slowly", PASSWORD]) expect(output).not.toContain(value);
  });
});
