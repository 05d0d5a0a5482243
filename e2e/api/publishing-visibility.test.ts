import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, loginAs } from "../support/api";
import { startTestServer, type TestServer } from "../support/server";
import {
  PUBLISHABLE,
  changeStatus,
  create,
  createIntegrationToken,
  expectResponse,
  idsOf,
  list,
  ok,
  onDemandBody,
  planBody,
  read,
  seedCatalogue,
  sorted,
  type Catalogue,
  type Json,
  type Publishable,
  type PublishableKind,
  type Status,
} from "../support/catalogue";

/**
 * Who sees what (docs/api.md "Publishing") and the status filters (docs/api.md "Lists"). Mobile and
 * integration tokens see a workout, training plan or on-demand item only when it is published in the
 * response language, or in `default` where that language has no entry: in lists (and their totals),
 * single reads and reads through a training plan. Platform tokens see everything.
 *
 * Every record this file creates is tracked with its status, so each list is compared with exactly
 * what the rule says it must hold.
 */
let server: TestServer;
let editor: string;
let member: string;
let integration: string;
let platformIntegration: string;
let cat: Catalogue;

const LANGUAGES = ["en", "de", "fr", "es"] as const;
type Collection = PublishableKind["collection"];
/** Every record of this file by collection: id → current status. */
const registry: Record<Collection, Map<string, Status>> = { workouts: new Map(), "training-plans": new Map(), "on-demand": new Map() };

/** docs/api.md "Publishing": published in the response language, or in `default` where that language has no entry. */
function isVisible(status: Status, language: string): boolean {
  return (language === "en" ? status.default : (status[language] ?? status.default)) === "published";
}

async function make(kind: PublishableKind, overrides: Json = {}): Promise<string> {
  const record = await create<Publishable>(server, editor, `/content/${kind.collection}`, kind.body(cat, overrides));
  registry[kind.collection].set(record.id, record.status);
  return record.id;
}

/** Applies each change in turn (every one must succeed) and records the resulting status. */
async function setStatus(collection: Collection, id: string, ...changes: Status[]): Promise<Status> {
  let status: Status = {};
  for (const change of changes) status = (ok(await changeStatus(server, editor, collection, id, change)) as Publishable).status;
  registry[collection].set(id, status);
  return status;
}

beforeAll(async () => {
  server = await startTestServer();
  editor = (await loginAs(server, "alphaEditor")).token;
  member = (await loginAs(server, "alphaMember", "mobile")).token;
  const admin = (await loginAs(server, "alphaAdmin")).token;
  integration = await createIntegrationToken(server, admin);
  platformIntegration = await createIntegrationToken(server, admin, "platform");
  cat = await seedCatalogue(server, editor);
});
afterAll(async () => {
  await server?.stop();
});

/** The records every collection gets, by the status they end in. */
const SHAPES = {
  onlyDe: [{ de: "published" }],
  everywhere: [{ default: "published" }],
  draft: [],
  hiddenInDe: [{ default: "published", de: "published" }, { de: "unpublished" }],
  unpublished: [{ default: "published" }, { default: "unpublished" }],
  deBackToDraft: [{ default: "published", de: "published" }, { de: "unpublished" }, { de: "draft" }],
  both: [{ default: "published", de: "published" }],
  deOverUnpublished: [{ default: "published" }, { default: "unpublished", de: "published" }],
} satisfies Record<string, Status[]>;
type Shape = keyof typeof SHAPES;

describe.each(PUBLISHABLE)("visibility of $collection", (kind) => {
  const base = `/content/${kind.collection}`;
  const ids = {} as Record<Shape, string>;
  const notFound = { code: "404", message: `${kind.label} not found` };

  beforeAll(async () => {
    for (const [shape, changes] of Object.entries(SHAPES) as [Shape, Status[]][]) {
      ids[shape] = await make(kind, { content_packages: [cat.packages[1]], title: { en: `${shape} (en)`, de: `${shape} (de)` } });
      await setStatus(kind.collection, ids[shape], ...changes);
    }
  });

  it("the records end in the statuses they are meant to have", async () => {
    const statuses = Object.fromEntries(await Promise.all((Object.keys(SHAPES) as Shape[]).map(async (shape) => [shape, (await read<Publishable>(server, editor, `${base}/${ids[shape]}`)).status])));
    expect(statuses).toEqual({
      onlyDe: { default: "draft", de: "published" },
      everywhere: { default: "published" },
      draft: { default: "draft" },
      hiddenInDe: { default: "published", de: "unpublished" },
      unpublished: { default: "unpublished" },
      deBackToDraft: { default: "published", de: "draft" },
      both: { default: "published", de: "published" },
      deOverUnpublished: { default: "unpublished", de: "published" },
    });
  });

  it("a record published only in `de` is visible to a mobile token asking for German, and its texts are German", async () => {
    const response = await call<Json>(server, "GET", `${base}/${ids.onlyDe}`, { token: member, headers: { "Accept-Language": "de" } });
    expect(ok(response).title).toBe("onlyDe (de)");
    expect(response.headers.get("content-language")).toBe("de");
    const page = await list(server, member, base, "", { "Accept-Language": "de" });
    expect(idsOf(page)).toContain(ids.onlyDe);
  });

  it("…and invisible asking for French (404, absent from the list, not counted)", async () => {
    expectResponse(await call(server, "GET", `${base}/${ids.onlyDe}`, { token: member, headers: { "Accept-Language": "fr" } }), 404, notFound);
    const page = await list(server, member, base, "", { "Accept-Language": "fr" });
    expect(idsOf(page)).not.toContain(ids.onlyDe);
    expect(page.total).toBe(page.data.length);
  });

  it("negotiates the response language with q-values before deciding (fr;q=0.5, de;q=0.9 → de)", async () => {
    ok(await call(server, "GET", `${base}/${ids.onlyDe}`, { token: member, headers: { "Accept-Language": "fr;q=0.5, de;q=0.9" } }));
    expectResponse(await call(server, "GET", `${base}/${ids.onlyDe}`, { token: member, headers: { "Accept-Language": "de;q=0.5, fr;q=0.9" } }), 404, notFound);
  });

  for (const [caller, token] of [
    ["a mobile token", () => member],
    ["an integration token", () => integration],
    ["an integration token of scope platform", () => platformIntegration],
  ] as const) {
    it.each(LANGUAGES)(`${caller} with Accept-Language %s: lists, totals and single reads follow the rule exactly`, async (language) => {
      const headers = { "Accept-Language": language };
      const expected = [...registry[kind.collection]].filter(([, status]) => isVisible(status, language)).map(([id]) => id);
      const page = await list(server, token(), base, "", headers);
      expect(sorted(idsOf(page) as string[])).toEqual(sorted(expected));
      expect(page.total).toBe(expected.length);
      const limited = ok(await call<{ total: number; data: unknown[] }>(server, "GET", `${base}?filter[limit]=1`, { token: token(), headers }));
      expect(limited.total).toBe(expected.length);
      for (const [shape, id] of Object.entries(ids)) {
        const response = await call(server, "GET", `${base}/${id}`, { token: token(), headers });
        expect(response.status, `${shape} in ${language}`).toBe(isVisible(registry[kind.collection].get(id)!, language) ? 200 : 404);
      }
    });
  }

  it("the rule picks the right records (a check of the model the other tests use)", () => {
    const visibleIn = (language: string) => (Object.keys(ids) as Shape[]).filter((shape) => isVisible(registry[kind.collection].get(ids[shape])!, language)).sort();
    expect(visibleIn("de")).toEqual(["both", "deOverUnpublished", "everywhere", "onlyDe"]);
    expect(visibleIn("en")).toEqual(["both", "deBackToDraft", "everywhere", "hiddenInDe"]);
    expect(visibleIn("fr")).toEqual(["both", "deBackToDraft", "everywhere", "hiddenInDe"]);
  });

  it.each(LANGUAGES)("platform tokens see every record with Accept-Language %s", async (language) => {
    const headers = { "Accept-Language": language };
    const page = await list(server, editor, base, "", headers);
    expect(sorted(idsOf(page) as string[])).toEqual(sorted([...registry[kind.collection].keys()]));
    for (const id of Object.values(ids)) ok(await call(server, "GET", `${base}/${id}`, { token: editor, headers }));
  });

  describe("status filters return exactly the matching records", () => {
    const scope = () => `filter[where][content_packages][eq]=${cat.packages[1]}`;
    it.each([
      ["default:published,de:draft (any)", "filter[where][status]=default:published,de:draft", ["everywhere", "hiddenInDe", "deBackToDraft", "both"]],
      ["[in] default:published,de:draft", "filter[where][status][in]=default:published,de:draft", ["everywhere", "hiddenInDe", "deBackToDraft", "both"]],
      ["[and] default:published,de:draft (all)", "filter[where][status][and]=default:published,de:draft", ["deBackToDraft"]],
      ["[and] default:published,de:published", "filter[where][status][and]=default:published,de:published", ["both"]],
      ["[and] default:draft,de:published", "filter[where][status][and]=default:draft,de:published", ["onlyDe"]],
      ["de:published", "filter[where][status]=de:published", ["onlyDe", "both", "deOverUnpublished"]],
      ["de:unpublished,default:unpublished", "filter[where][status]=de:unpublished,default:unpublished", ["hiddenInDe", "unpublished", "deOverUnpublished"]],
      ["[and] default:unpublished,de:published", "filter[where][status][and]=default:unpublished,de:published", ["deOverUnpublished"]],
      ["default:draft", "filter[where][status]=default:draft", ["onlyDe", "draft"]],
      ["en:published (the default language's code)", "filter[where][status]=en:published", ["everywhere", "hiddenInDe", "deBackToDraft", "both"]],
      ["fr:published", "filter[where][status]=fr:published", []],
    ] as [string, string, Shape[]][])("%s", async (_name, filter, expected) => {
      const page = await list(server, editor, base, `${scope()}&${filter}`);
      expect(sorted(idsOf(page) as string[])).toEqual(sorted(expected.map((shape) => ids[shape])));
      expect(page.total).toBe(expected.length);
    });
  });
});

describe("a published training plan that references an unpublished workout", () => {
  const plans = PUBLISHABLE.find((kind) => kind.collection === "training-plans")!;
  const workouts = PUBLISHABLE.find((kind) => kind.collection === "workouts")!;
  let workoutId: string;
  let planId: string;

  beforeAll(async () => {
    workoutId = await make(workouts);
    planId = await make(plans, { weeks: [{ days: [{ activities: [{ type: "workouts", id: workoutId }] }] }] });
    await setStatus("training-plans", planId, { default: "published" });
  });

  it("shows the reference to mobile and integration tokens", async () => {
    for (const token of [member, integration]) {
      const plan = await read<{ weeks: { days: { activities: Json[] }[] }[] }>(server, token, `/content/training-plans/${planId}`);
      expect(plan.weeks).toEqual([{ days: [{ activities: [{ type: "workouts", id: workoutId }] }] }]);
    }
  });

  it("answers 404 for the workout fetched through the plan, and 200 once the workout is published", async () => {
    for (const token of [member, integration]) {
      expectResponse(await call(server, "GET", `/content/workouts/${workoutId}?training-plan=${planId}`, { token }), 404, { code: "404", message: "workout not found" });
    }
    ok(await call(server, "GET", `/content/workouts/${workoutId}?training-plan=${planId}`, { token: editor }));
    await setStatus("workouts", workoutId, { default: "published" });
    for (const token of [member, integration]) {
      expect((await read<Json>(server, token, `/content/workouts/${workoutId}?training-plan=${planId}`)).id).toBe(workoutId);
    }
  });

  it("answers 404 through the plan once the plan is unpublished, though the workout itself stays visible", async () => {
    await setStatus("training-plans", planId, { default: "unpublished" });
    for (const token of [member, integration]) {
      expectResponse(await call(server, "GET", `/content/workouts/${workoutId}?training-plan=${planId}`, { token }), 404, { code: "404", message: `not found in training plan ${planId}` });
      ok(await call(server, "GET", `/content/workouts/${workoutId}`, { token }));
    }
    ok(await call(server, "GET", `/content/workouts/${workoutId}?training-plan=${planId}`, { token: editor }));
  });

  it("follows the response language: a plan published only in `de` opens its German-published workout for German readers only", async () => {
    const workout = await make(workouts);
    const plan = await make(plans, { weeks: [{ days: [{ activities: [{ type: "workouts", id: workout }] }] }] });
    await setStatus("training-plans", plan, { de: "published" });
    await setStatus("workouts", workout, { de: "published" });
    const through = `/content/workouts/${workout}?training-plan=${plan}`;
    ok(await call(server, "GET", through, { token: member, headers: { "Accept-Language": "de" } }));
    expectResponse(await call(server, "GET", through, { token: member, headers: { "Accept-Language": "fr" } }), 404, { code: "404", message: `not found in training plan ${plan}` });
  });

  it("treats an on-demand item in a plan the same way", async (ctx) => {
    const probe = await call<{ id: string }>(server, "POST", "/content/on-demand", { token: editor, body: onDemandBody(cat) });
    if (probe.status !== 201) ctx.skip();
    const onDemand = PUBLISHABLE.find((kind) => kind.collection === "on-demand");
    if (!onDemand) {
      // Without its status endpoint an on-demand item stays a draft: it is never visible to mobile tokens.
      const plan = await create<Publishable>(server, editor, "/content/training-plans", planBody(cat, { weeks: [{ days: [{ activities: [{ type: "on-demand", id: probe.body.id }] }] }] }));
      ok(await changeStatus(server, editor, "training-plans", plan.id, { default: "published" }));
      expectResponse(await call(server, "GET", `/content/on-demand/${probe.body.id}?training-plan=${plan.id}`, { token: member }), 404, { code: "404", message: "on-demand item not found" });
      return;
    }
    registry["on-demand"].set(probe.body.id, { default: "draft" });
    const plan = await make(plans, { weeks: [{ days: [{ activities: [{ type: "on-demand", id: probe.body.id }] }] }] });
    await setStatus("training-plans", plan, { default: "published" });
    const through = `/content/on-demand/${probe.body.id}?training-plan=${plan}`;
    expectResponse(await call(server, "GET", through, { token: member }), 404, { code: "404", message: "on-demand item not found" });
    await setStatus("on-demand", probe.body.id, { default: "published" });
    expect((await read<Json>(server, member, through)).id).toBe(probe.body.id);
  });
});
