import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pruneExpiredChanges } from "@/lib/changes/prune-changes";
import { CHANGE_COLLECTIONS } from "@/lib/changes/schemas";
import { call, loginAs } from "../support/api";
import { createEquipment, exerciseBody } from "../support/content";
import { prepareDatabase, startTestServer, type TestServer } from "../support/server";
import {
  changeStatus,
  create,
  createIntegrationToken,
  expectResponse,
  ok,
  onDemandBody,
  planBody,
  seedCatalogue,
  unique,
  workoutBody,
  type Catalogue,
  type Json,
} from "../support/catalogue";

/**
 * The change feed (docs/api.md "Change feed", docs/decisions/0019): every collection and lookup, each
 * record once at its latest change; what mobile and integration tokens may read, with records that stop
 * being visible to them as deletes; commit-order-safe cursors (no change skipped, also while
 * transactions commit out of order); junk cursors refused; expired ones 410.
 */
type Change = { collection: string; id: string | number; change: "upsert" | "delete"; updated_at: string };
type Page = { data: Change[]; next_cursor: string; has_more: boolean };

let server: TestServer;
let editor: string;
let admin: string;
let member: string;
let integration: string;
let betaAdmin: string;
let cat: Catalogue;

beforeAll(async () => {
  server = await startTestServer();
  editor = (await loginAs(server, "alphaEditor")).token;
  admin = (await loginAs(server, "alphaAdmin")).token;
  member = (await loginAs(server, "alphaMember", "mobile")).token;
  betaAdmin = (await loginAs(server, "betaAdmin")).token;
  integration = await createIntegrationToken(server, admin);
  cat = await seedCatalogue(server, editor);
});
afterAll(async () => {
  await server?.stop();
});

const feed = (token: string, query = "", headers?: Record<string, string>) => call<Page>(server, "GET", `/content/changes${query}`, { token, headers });

function query(since: string | undefined, extra = ""): string {
  const parts = [since === undefined ? "" : `since=${encodeURIComponent(since)}`, extra].filter(Boolean);
  return parts.length > 0 ? `?${parts.join("&")}` : "";
}

/** Reads the feed from `since` until it has nothing more now: every change and the cursor to go on from. */
async function drain(token: string, since?: string, extra = "", headers?: Record<string, string>): Promise<{ changes: Change[]; cursor: string }> {
  const changes: Change[] = [];
  let cursor = since;
  for (let pages = 0; pages < 1000; pages++) {
    const page = ok(await feed(token, query(cursor, extra), headers));
    changes.push(...page.data);
    cursor = page.next_cursor;
    if (!page.has_more) return { changes, cursor };
  }
  throw new Error("the feed did not end");
}

/** The cursor at the end of the feed, now. */
async function endOf(token: string, headers?: Record<string, string>): Promise<string> {
  return (await drain(token, undefined, "limit=1000", headers)).cursor;
}

const entry = (changes: Change[], id: string | number) => changes.filter((change) => change.id === id);
const keyOf = (change: Pick<Change, "collection" | "id">) => `${change.collection}:${change.id}`;

describe("every collection and lookup, each record once at its latest change", () => {
  it("lists what was created, changed and deleted since a cursor, in order, with the record's updated_at", async () => {
    const start = await endOf(editor);
    const created: { collection: string; id: string | number; updated_at: string }[] = [];
    const make = async (collection: string, body: Json) => {
      const record = await create<{ id: string | number; updated_at?: string }>(server, editor, `/content/${collection}`, body);
      created.push({ collection, id: record.id, updated_at: record.updated_at ?? "" });
      return record;
    };
    for (const lookup of ["muscle-groups", "body-parts", "goals", "categories", "activity-types", "providers", "equipment/brands", "equipment/categories"]) {
      await make(lookup, { name: unique(lookup) });
    }
    await make("packages", { name: unique("Package"), description: "All of it" });
    const equipment = await createEquipment(server, editor, [unique("Bench")]);
    created.push(
      { collection: "equipment/brands", id: equipment.brandId, updated_at: "" },
      { collection: "equipment/categories", id: equipment.categoryId, updated_at: "" },
      { collection: "equipment", id: equipment.ids[0]!, updated_at: "" },
    );
    await make("instructors", { name: "Mara Lind" });
    await make("exercises", exerciseBody({ muscleGroups: [], equipment: [], categories: [] }));
    await make("workouts", workoutBody(cat));
    await make("training-plans", planBody(cat));
    await make("on-demand", onDemandBody(cat));

    const { changes } = await drain(editor, start);
    expect(new Set(changes.map((change) => change.collection))).toEqual(new Set(CHANGE_COLLECTIONS));
    for (const record of created) {
      const found = entry(changes, record.id).filter((change) => change.collection === record.collection);
      expect(found, keyOf(record)).toHaveLength(1);
      expect(found[0]!.change).toBe("upsert");
      if (record.updated_at) expect(found[0]!.updated_at).toBe(record.updated_at);
    }
    // Each record once; integer ids stay integers.
    expect(new Set(changes.map(keyOf)).size).toBe(changes.length);
    expect(changes.find((change) => change.collection === "goals")!.id).toEqual(expect.any(Number));
    expect(changes.find((change) => change.collection === "packages")!.id).toEqual(expect.any(String));
  });

  it("moves a changed record to the end, once, and shows a deleted one as a delete", async () => {
    const first = await create<{ id: number }>(server, editor, "/content/goals", { name: unique("First") });
    const second = await create<{ id: number }>(server, editor, "/content/goals", { name: unique("Second") });
    const start = await endOf(editor);
    ok(await call(server, "PATCH", `/content/goals/${first.id}`, { token: editor, body: { name: unique("Renamed") } }));
    expect((await call(server, "DELETE", `/content/goals/${second.id}`, { token: editor })).status).toBe(204);
    ok(await call(server, "PATCH", `/content/goals/${first.id}`, { token: editor, body: { name: unique("Renamed again") } }));
    const { changes } = await drain(editor, start);
    expect(changes.map((change) => [change.collection, change.id, change.change])).toEqual([
      ["goals", second.id, "delete"],
      ["goals", first.id, "upsert"],
    ]);
    expect(Date.parse(changes[0]!.updated_at)).toBeGreaterThan(0);
  });

  it("pages through the feed with limit and next_cursor, visiting every change once", async () => {
    const whole = await drain(editor, undefined, "limit=1000");
    const paged = await drain(editor, undefined, "limit=3");
    expect(paged.changes).toEqual(whole.changes);
    const quiet = ok(await feed(editor, query(paged.cursor)));
    expect(quiet).toEqual({ data: [], next_cursor: expect.any(String), has_more: false });
    const first = ok(await feed(editor, "?limit=1"));
    expect(first.data).toHaveLength(1);
    expect(first.has_more).toBe(true);
  });

  it("shows an organization only its own records", async () => {
    const alphaGoal = await create<{ id: number }>(server, editor, "/content/goals", { name: unique("Alpha only") });
    const { changes } = await drain(betaAdmin);
    expect(changes.some((change) => change.collection === "goals" && change.id === alphaGoal.id)).toBe(false);
    expect(changes.length).toBeGreaterThan(0); // beta's own "no equipment" record
  });
});

describe("what a mobile or integration token may read", () => {
  it("leaves out what was never published, shows what is, and turns what stops being visible into a delete", async () => {
    const starts = { member: await endOf(member), integration: await endOf(integration), editor: await endOf(editor), de: await endOf(member, { "Accept-Language": "de" }) };
    const draft = await create<{ id: string }>(server, editor, "/content/workouts", workoutBody(cat));
    const published = await create<{ id: string }>(server, editor, "/content/workouts", workoutBody(cat));
    const german = await create<{ id: string }>(server, editor, "/content/training-plans", planBody(cat));
    const dropped = await create<{ id: string }>(server, editor, "/content/workouts", workoutBody(cat));
    ok(await changeStatus(server, editor, "workouts", published.id, { default: "published" }));
    ok(await changeStatus(server, editor, "training-plans", german.id, { de: "published" }));
    ok(await changeStatus(server, editor, "workouts", dropped.id, { default: "published" }));
    const sawPublished = await drain(member, starts.member);
    expect(entry(sawPublished.changes, dropped.id).map((change) => change.change)).toEqual(["upsert"]);
    ok(await changeStatus(server, editor, "workouts", dropped.id, { default: "unpublished" }));
    expect((await call(server, "DELETE", `/content/workouts/${draft.id}`, { token: editor })).status).toBe(204);

    for (const [token, start] of [
      [member, starts.member],
      [integration, starts.integration],
    ] as const) {
      const { changes } = await drain(token, start);
      const seen = (id: string) => entry(changes, id).map((change) => change.change);
      expect(seen(draft.id)).toEqual([]); // never published, then deleted: never anything to this caller
      expect(seen(published.id)).toEqual(["upsert"]);
      expect(seen(german.id)).toEqual(["delete"]); // published, but not in English
      expect(seen(dropped.id)).toEqual(["delete"]); // unpublished
    }
    // In German (Accept-Language, or lang) the plan is there.
    const inGerman = await drain(member, starts.de, "", { "Accept-Language": "de" });
    expect(entry(inGerman.changes, german.id).map((change) => change.change)).toEqual(["upsert"]);
    const withLang = await drain(member, starts.member, "lang=fr,de");
    expect(entry(withLang.changes, german.id).map((change) => change.change)).toEqual(["upsert"]);
    // `texts` (every language of a record's texts) has no say in the feed: English decides here.
    const withTexts = await drain(member, starts.member, "texts=all");
    expect(entry(withTexts.changes, german.id).map((change) => change.change)).toEqual(["delete"]);
    // Editors see every record as it is: the deleted draft as a delete, the others as upserts.
    const { changes } = await drain(editor, starts.editor);
    expect([draft.id, published.id, german.id, dropped.id].map((id) => entry(changes, id).map((change) => change.change))).toEqual([["delete"], ["upsert"], ["upsert"], ["upsert"]]);
  });

  it("shows a published record's deletion as a delete", async () => {
    const start = await endOf(member);
    const record = await create<{ id: string }>(server, editor, "/content/on-demand", onDemandBody(cat));
    ok(await changeStatus(server, editor, "on-demand", record.id, { default: "published" }));
    ok(await changeStatus(server, editor, "on-demand", record.id, { default: "unpublished" }));
    expect((await call(server, "DELETE", `/content/on-demand/${record.id}`, { token: editor })).status).toBe(204);
    const { changes } = await drain(member, start);
    expect(entry(changes, record.id).map((change) => [change.collection, change.change])).toEqual([["on-demand", "delete"]]);
  });
});

describe("cursors", () => {
  const invalid = { code: "422", message: "/since: is not a cursor this service issued for this organization", details: [{ path: "/since", message: "is not a cursor this service issued for this organization" }] };

  it("refuses cursors this service did not issue to the organization, and bad limits", async () => {
    const real = ok(await feed(editor, "?limit=1")).next_cursor;
    const altered = real.slice(0, 10) + (real[10] === "A" ? "B" : "A") + real.slice(11);
    const cases: [string, number, unknown][] = [
      [query("junk"), 422, invalid],
      [query(""), 422, invalid],
      [query(altered), 422, invalid],
      [query(`${real}=`), 422, invalid],
      [query("x".repeat(5000)), 422, invalid],
      ["?limit=0", 422, { code: "422", message: "/limit: must be at least 1", details: [{ path: "/limit", message: "must be at least 1" }] }],
      ["?limit=1001", 422, { code: "422", message: "/limit: must be at most 1000", details: [{ path: "/limit", message: "must be at most 1000" }] }],
      ["?limit=ten", 422, { code: "422", message: "/limit: must be a whole number", details: [{ path: "/limit", message: "must be a whole number" }] }],
      ["?limit=1.5", 422, { code: "422", message: "/limit: must be a whole number", details: [{ path: "/limit", message: "must be a whole number" }] }],
    ];
    for (const [path, status, body] of cases) expectResponse(await feed(editor, path), status, body);
    // A cursor of another organization.
    expectResponse(await feed(betaAdmin, query(real)), 422, invalid);
    // `lang` as on a record read: a language the organization does not have is a 400 naming it.
    const refusedLang = await call(server, "GET", `/content/goals/${cat.goals[0]}?lang=xx`, { token: member });
    expect(refusedLang.status).toBe(400);
    expectResponse(await feed(member, "?lang=xx"), 400, refusedLang.body);
  });

  it("answers with the caller's language and no cache reuse", async () => {
    const response = await feed(member, "?limit=1", { "Accept-Language": "de" });
    expect(response.headers.get("content-language")).toBe("de");
    expect(response.headers.get("cache-control")).toBe("private, no-cache");
    expect(response.headers.get("vary")).toContain("Authorization, Accept-Language");
  });

  it("loses no change made by concurrent writers", async () => {
    let cursor = await endOf(editor);
    const seen = new Set<string>();
    let isWriting = true;
    const poll = async () => {
      while (isWriting) {
        const page = ok(await feed(editor, query(cursor, "limit=5")));
        for (const change of page.data) seen.add(keyOf(change));
        cursor = page.next_cursor;
      }
    };
    const polling = poll();
    const writers = Array.from({ length: 4 }, async (_, writer) => {
      const ids: number[] = [];
      for (let n = 0; n < 8; n++) ids.push((await create<{ id: number }>(server, editor, "/content/muscle-groups", { name: unique(`Writer ${writer}`) })).id);
      return ids;
    });
    const ids = (await Promise.all(writers)).flat();
    isWriting = false;
    await polling;
    for (const change of (await drain(editor, cursor)).changes) seen.add(keyOf(change));
    expect(ids.filter((id) => !seen.has(keyOf({ collection: "muscle-groups", id })))).toEqual([]);
  });
});

describe.runIf(process.env.TEST_DB_KIND === "postgresql")("transactions that commit out of order (PostgreSQL)", () => {
  let client: pg.Client;
  let organizationId: string;

  beforeAll(async () => {
    client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    organizationId = (await client.query<{ id: string }>("SELECT id FROM organizations WHERE code = 'alpha'")).rows[0]!.id;
  });
  afterAll(async () => {
    await client?.end();
  });

  /** Polls until the feed after `since` holds `count` changes (other databases' transactions may delay it). */
  async function changesAfter(since: string, count: number): Promise<Change[]> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const { changes } = await drain(editor, since);
      if (changes.length >= count || Date.now() > deadline) return changes;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it.each([
    ["takes its place first and commits after a later write", true],
    ["starts first, commits after a later write, and takes its place after it", false],
  ])("a transaction that %s is not skipped: the later write waits for it", async (_what, writesFirst) => {
    const start = await endOf(editor);
    const slug = unique("held").toLowerCase();
    const heldInsert = () => client.query<{ id: number }>("INSERT INTO muscle_groups (organization_id, name, slug) VALUES ($1, $2, $3) RETURNING id", [organizationId, { en: "Held" }, slug]);
    await client.query("BEGIN");
    let heldId: number;
    try {
      await client.query("SELECT pg_current_xact_id()");
      if (writesFirst) heldId = (await heldInsert()).rows[0]!.id;
      const later = await create<{ id: number }>(server, editor, "/content/muscle-groups", { name: unique("Later") });
      if (!writesFirst) heldId = (await heldInsert()).rows[0]!.id;
      // The later write is committed, but the held transaction is older: nothing is handed out past it.
      const meanwhile = await drain(editor, start);
      expect(meanwhile.changes).toEqual([]);
      await client.query("COMMIT");
      const changes = await changesAfter(start, 2);
      expect(changes.map((change) => [change.collection, change.id])).toEqual([
        ["muscle-groups", heldId!],
        ["muscle-groups", later.id],
      ]);
      // A cursor handed out while the transaction was open goes on from where it was: nothing skipped.
      expect((await changesAfter(meanwhile.cursor, 2)).map((change) => change.id)).toEqual([heldId!, later.id]);
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    }
  });
});

describe.runIf(process.env.TEST_DB_KIND === "postgresql")("other databases of the same server (PostgreSQL)", () => {
  it("do not hold the feed back: their transactions cannot write here", async () => {
    const other = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await other.connect();
    try {
      await other.query("BEGIN");
      await other.query("SELECT pg_current_xact_id()");
      const start = await endOf(editor);
      const goal = await create<{ id: number }>(server, editor, "/content/goals", { name: unique("Not held") });
      expect((await drain(editor, start)).changes.map((change) => [change.collection, change.id])).toEqual([["goals", goal.id]]);
    } finally {
      await other.query("ROLLBACK").catch(() => undefined);
      await other.end();
    }
  });
});

describe("retention", () => {
  const RETENTION = 4;
  const goneAfter = (window: string) => ({ code: "410", message: `the cursor is older than the change feed keeps changes (${window}); sync again from the start, without since` });
  const envOf = (seconds: number) => ({ CHANGE_FEED_RETENTION_SECONDS: String(seconds) });
  const wait = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  let prepared: Awaited<ReturnType<typeof prepareDatabase>>;
  let short: TestServer;
  let token: string;
  const shortFeed = (since?: string, extra = "") => call<Page>(short, "GET", `/content/changes${query(since, extra)}`, { token });

  async function start(retention: number): Promise<void> {
    short = await startTestServer({ reuse: prepared, env: envOf(retention) });
    token = (await loginAs(short, "alphaEditor")).token;
  }

  beforeAll(async () => {
    prepared = await prepareDatabase();
    await start(RETENTION);
  });
  afterAll(async () => {
    await short?.stop();
    await prepared?.drop();
  });

  /**
   * What the recurring `changes.prune` job does with a window of RETENTION seconds, run on the stopped
   * server's database; the server then comes back with a window of an hour.
   */
  async function pruneWhileStopped(): Promise<number> {
    await short.stop();
    const { openDatabase } = await import("@/lib/db/client");
    const database = await openDatabase({ DATABASE_URL: prepared.databaseUrl, DATABASE_POOL_MAX: 2, dataDir: prepared.dataDir });
    try {
      return await pruneExpiredChanges(database.db, RETENTION);
    } finally {
      await database.close();
      await start(3600);
    }
  }

  it("answers 410 to a cursor older than the retention window, and to one that may have missed a pruned deletion", async () => {
    const goal = async (name: string) => ok(await call<{ id: number }>(short, "POST", "/content/goals", { token, body: { name: unique(name) } }), 201).id;
    const isGoal = (id: number) => (change: Change) => change.collection === "goals" && change.id === id;
    // By its age: with a window of RETENTION seconds, a cursor handed out longer ago is refused.
    const aged = ok(await shortFeed(undefined, "limit=1000")).next_cursor;
    await wait(RETENTION + 1);
    expectResponse(await shortFeed(aged), 410, goneAfter(`${RETENTION} seconds`));

    // By a pruned deletion. The server now keeps an hour, so its own hourly `changes.prune` cannot
    // remove the tombstone while the test looks at it; the test prunes with RETENTION itself.
    await short.stop();
    await start(3600);
    const doomed = await goal("Doomed");
    const old = ok(await shortFeed(undefined, "limit=1000")).next_cursor;
    const kept = await goal("Kept");
    expect((await call(short, "DELETE", `/content/goals/${doomed}`, { token })).status).toBe(204);
    await wait(RETENTION + 1);
    const before = ok(await shortFeed(undefined, "limit=1000")).data;
    expect(before.slice(before.findIndex(isGoal(kept)) + 1).map((change) => [change.id, change.change])).toEqual([[doomed, "delete"]]);
    // Within the window and before any pruning, the same cursor still reads the deletion.
    expect(ok(await shortFeed(old)).data.map((change) => [change.id, change.change])).toEqual([
      [kept, "upsert"],
      [doomed, "delete"],
    ]);

    expect(await pruneWhileStopped()).toBe(1);
    // A sync that began before the deletion may have held the record: its cursor, now within the
    // window, is before a pruned deletion and gets 410.
    expectResponse(await shortFeed(old), 410, goneAfter("1 hour"));
    // A full sync never expires, and no longer holds the deletion.
    const full = ok(await shortFeed(undefined, "limit=1000"));
    expect(full.data.filter(isGoal(doomed))).toEqual([]);
    expect(full.data.at(-1)).toMatchObject({ collection: "goals", id: kept, change: "upsert" });
    // A sync that began after the deletion never held the record: its cursors go on, also from
    // before where the deletion was.
    const keptAt = full.data.findIndex(isGoal(kept));
    const firstPage = ok(await shortFeed(undefined, `limit=${keptAt}`));
    expect(firstPage.has_more).toBe(true);
    expect(ok(await shortFeed(firstPage.next_cursor))).toEqual({ data: [full.data[keptAt]], next_cursor: expect.any(String), has_more: false });
    expect(ok(await shortFeed(full.next_cursor))).toEqual({ data: [], next_cursor: expect.any(String), has_more: false });
    // Nothing else had expired: pruning again removes nothing.
    expect(await pruneWhileStopped()).toBe(0);
    // Four server restarts: on a loaded machine each can take most of a default test's minute.
  }, 300_000);
});
