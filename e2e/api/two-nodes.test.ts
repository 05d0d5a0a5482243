import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiFetch, call, loginAs } from "../support/api";
import { startS3Server, type TestS3Server } from "../support/s3-server";
import { prepareDatabase, startTestServer, type TestServer } from "../support/server";

/**
 * Two server processes on one PostgreSQL database and one S3 store: either serves what the other
 * wrote, and a change made through one (or by an operator's SQL) reaches the other's caches within
 * a second (docs/decisions/0018).
 */
const isPostgres = process.env.TEST_DB_KIND === "postgresql";
const WITHIN_MS = 1000;

let s3: TestS3Server;
let prepared: Awaited<ReturnType<typeof prepareDatabase>>;
let one: TestServer;
let two: TestServer;

beforeAll(async () => {
  if (!isPostgres) return;
  s3 = await startS3Server({ bucket: "two-nodes" });
  prepared = await prepareDatabase();
  const options = { reuse: prepared, keepData: true, storage: "local" as const, env: s3.env };
  [one, two] = await Promise.all([startTestServer(options), startTestServer(options)]);
});
afterAll(async () => {
  await Promise.all([one?.stop(), two?.stop()]);
  await prepared?.drop();
  await s3?.stop();
});

/** Asks `probe` until it holds; fails unless it does within `WITHIN_MS` of the change. */
async function expectWithinASecond(probe: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + WITHIN_MS;
  for (;;) {
    if (await probe()) return;
    if (Date.now() > deadline) throw new Error(`not seen within ${WITHIN_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function sql(statement: string, values: unknown[] = []): Promise<void> {
  const client = new pg.Client({ connectionString: prepared.databaseUrl });
  await client.connect();
  try {
    await client.query(statement, values);
  } finally {
    await client.end();
  }
}

describe.runIf(isPostgres)("two servers on one database and one object store", () => {
  it("a login revoked through one server is refused by the other within a second", async () => {
    const pair = await loginAs(one, "alphaAdmin");
    expect((await call(two, "GET", "/users", { token: pair.token })).status).toBe(200);
    expect((await call(one, "POST", "/auth/token/revoke", { body: { refresh_token: pair.refresh_token } })).status).toBe(204);
    await expectWithinASecond(async () => (await call(two, "GET", "/users", { token: pair.token })).status === 401);
    expect((await call(two, "GET", "/users", { token: pair.token })).body).toEqual({ code: "401", message: "the token has been revoked" });
  });

  it("an integration token deleted through one server is refused by the other within a second", async () => {
    const admin = (await loginAs(one, "alphaAdmin")).token;
    const issued = await call<{ id: string; token: string }>(one, "POST", "/auth/integration", { token: admin, body: { name: "two nodes" } });
    expect(issued.status).toBe(201);
    expect((await call(two, "GET", "/content/muscle-groups", { token: issued.body.token })).status).toBe(200);
    expect((await call(one, "DELETE", `/auth/integration/token/${issued.body.id}`, { token: admin })).status).toBe(204);
    await expectWithinASecond(async () => (await call(two, "GET", "/content/muscle-groups", { token: issued.body.token })).status === 401);
  });

  it("an organization's languages changed in the database reach the other server's cache within a second", async () => {
    const token = (await loginAs(two, "alphaEditor")).token;
    const group = await call<{ id: number }>(one, "POST", "/content/muscle-groups", { token, body: { name: "Core" } });
    expect(group.status).toBe(201);
    const italian = () => call(two, "GET", `/content/muscle-groups/${group.body.id}?lang=it`, { token });
    // Read twice: the second answer comes from the server's copy of the organization.
    for (let read = 0; read < 2; read += 1) {
      expect((await italian()).body).toMatchObject({ code: "400", message: "lang: language 'it' is not enabled for this organization; enabled: en, de, fr, es" });
    }
    await sql("UPDATE organizations SET languages = array_append(languages, 'it') WHERE code = 'alpha'");
    try {
      await expectWithinASecond(async () => (await italian()).status === 200);
    } finally {
      await sql("UPDATE organizations SET languages = array_remove(languages, 'it') WHERE code = 'alpha'");
    }
    await expectWithinASecond(async () => (await italian()).status === 400);
  });

  it("an upload made through one server is served, original and thumbnail, by the other", async () => {
    const editor = (await loginAs(one, "alphaEditor")).token;
    const image = await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 200, g: 40, b: 40 } } }).png().toBuffer();
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(image)]), "shared.png");
    const created = await apiFetch(one, `/uploads`, { method: "POST", headers: { Authorization: `Bearer ${editor}` }, body: form });
    expect(created.status).toBe(201);
    const record = (await created.json()) as { url: string };
    const address = new URL(record.url);
    const onTwo = (url: URL) => fetch(`${two.baseUrl}${url.pathname}${url.search}`);
    const onOne = (url: URL) => fetch(`${one.baseUrl}${url.pathname}${url.search}`);

    const original = await onTwo(address);
    expect(original.status).toBe(200);
    expect(Buffer.from(await original.arrayBuffer()).equals(image)).toBe(true);

    const thumbnail = new URL(address);
    thumbnail.searchParams.set("style", "square");
    thumbnail.searchParams.set("size", "xs");
    const rendered = await onTwo(thumbnail);
    expect({ status: rendered.status, cache: rendered.headers.get("x-thumbnail-cache") }).toEqual({ status: 200, cache: "miss" });
    expect((await sharp(Buffer.from(await rendered.arrayBuffer())).metadata()).width).toBe(440);
    // The thumbnail the second server made is in the shared store: the first one serves it without rendering.
    const cached = await onOne(thumbnail);
    expect({ status: cached.status, cache: cached.headers.get("x-thumbnail-cache") }).toEqual({ status: 200, cache: "hit" });
  });
});
