import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, loginAs } from "../support/api";
import { startTestServer, type TestServer } from "../support/server";
import { create, expectResponse, filterError, listAll, ok, type List } from "../support/content";

/** Paging, ordering and the filter grammar of list endpoints (docs/api.md "Lists"), on lookups. */
let server: TestServer;
let editor: string;

type Lookup = { id: number; name: string; slug: string };
const PATH = "/content/activity-types";
const COUNT = 23;
const created: Lookup[] = [];

beforeAll(async () => {
  server = await startTestServer();
  editor = (await loginAs(server, "alphaEditor")).token;
  for (let i = 1; i <= COUNT; i++) {
    created.push(await create<Lookup>(server, editor, PATH, { name: `Activity ${String(i).padStart(2, "0")}` }));
  }
});
afterAll(async () => {
  await server?.stop();
});

const page = async (query: string) => ok(await call<List<Lookup>>(server, "GET", `${PATH}?${query}`, { token: editor }));

/** Every page of `size` for `query`, concatenated, checking `total` on each. */
async function walk(query: string, size: number, total: number): Promise<Lookup[]> {
  const items: Lookup[] = [];
  for (let offset = 0; offset < total + size; offset += size) {
    const result = await page(`${query}&filter[limit]=${size}&filter[offset]=${offset}`);
    expect(result.total).toBe(total);
    expect(result.data.length).toBe(Math.max(0, Math.min(size, total - offset)));
    items.push(...result.data);
  }
  return items;
}

describe("paging", () => {
  it("filter[limit]=250 answers every record, newest first by default", async () => {
    const all = await page("filter[limit]=250");
    expect(all.total).toBe(COUNT);
    expect(all.data).toEqual([...created].reverse());
  });

  it("the default page is 20 records from offset 0, and total counts all of them", async () => {
    const first = await page("");
    expect(first.total).toBe(COUNT);
    expect(first.data).toEqual([...created].reverse().slice(0, 20));
  });

  it("limit 5, offset 15 answers the fourth page: items 15 to 19 of the full list", async () => {
    const all = await page("filter[limit]=250");
    const fourth = await page("filter[limit]=5&filter[offset]=15");
    expect(fourth).toEqual({ total: COUNT, data: all.data.slice(15, 20) });
  });

  it("the JSON form of filter pages the same way", async () => {
    const all = await page("filter[limit]=250");
    const json = await page(`filter=${encodeURIComponent(JSON.stringify({ limit: 5, offset: 15 }))}`);
    expect(json).toEqual({ total: COUNT, data: all.data.slice(15, 20) });
  });

  it("an offset past the end answers no records but the full total", async () => {
    expect(await page("filter[offset]=100")).toEqual({ total: COUNT, data: [] });
  });

  it("total counts every match of the filter, whatever the page", async () => {
    const matches = await page("filter[where][name][contains]=activity 1&filter[limit]=3&filter[offset]=6");
    expect(matches.total).toBe(10);
    const all = await page("filter[where][name][contains]=activity 1&filter[limit]=250");
    expect(all.total).toBe(10);
    expect(all.data.map((item) => item.name)).toEqual(["Activity 19", "Activity 18", "Activity 17", "Activity 16", "Activity 15", "Activity 14", "Activity 13", "Activity 12", "Activity 11", "Activity 10"]);
    expect(matches.data).toEqual(all.data.slice(6, 9));
  });

  it.each([
    ["the default order", ""],
    ["name ascending", "filter[order][name]=asc"],
    ["slug descending", "filter[order][slug]=desc"],
    ["created ascending", "filter[order][created]=asc"],
    ["a filter", "filter[where][q]=activity 2"],
  ])("pages of 3 never overlap or skip (%s)", async (_label, query) => {
    const all = await page(`${query}&filter[limit]=250`);
    const walked = await walk(query, 3, all.total);
    expect(walked).toEqual(all.data);
    expect(new Set(walked.map((item) => item.id)).size).toBe(walked.length);
  });

  it("pages of 2 over equal names never overlap or skip: the id breaks ties", async () => {
    const twins: Lookup[] = [];
    for (let i = 0; i < 7; i++) twins.push(await create<Lookup>(server, editor, "/content/goals", { name: "Same Goal" }));
    const query = "filter[where][name][eq]=same goal&filter[order][name]=asc";
    const all = ok(await call<List<Lookup>>(server, "GET", `/content/goals?${query}&filter[limit]=250`, { token: editor }));
    expect(all.data.map((item) => item.id)).toEqual(twins.map((item) => item.id).sort((a, b) => a - b));
    const walked: Lookup[] = [];
    for (let offset = 0; offset < 8; offset += 2) {
      const result = ok(await call<List<Lookup>>(server, "GET", `/content/goals?${query}&filter[limit]=2&filter[offset]=${offset}`, { token: editor }));
      expect(result.total).toBe(7);
      walked.push(...result.data);
    }
    expect(walked).toEqual(all.data);
  });
});

describe("ordering", () => {
  it("orders by name, slug, created and updated in both directions", async () => {
    const byName = [...created].sort((a, b) => a.name.localeCompare(b.name));
    expect((await listAll<Lookup>(server, editor, PATH, "filter[order][name]=asc")).data).toEqual(byName);
    expect((await listAll<Lookup>(server, editor, PATH, "filter[order][name]=desc")).data).toEqual([...byName].reverse());
    expect((await listAll<Lookup>(server, editor, PATH, "filter[order][slug]=ASC")).data).toEqual(byName);
    expect((await listAll<Lookup>(server, editor, PATH, "filter[order][created]=asc")).data).toEqual(created);
    expect((await listAll<Lookup>(server, editor, PATH, "filter[order][updated]=desc")).data).toEqual([...created].reverse());
  });

  it("an update moves a record to the front of the default order, not of created", async () => {
    const [oldest] = created;
    ok(await call(server, "PATCH", `${PATH}/${oldest!.id}`, { token: editor, body: { name: { de: "Aktivität 01" } } }));
    expect((await page("filter[limit]=1")).data.map((item) => item.id)).toEqual([oldest!.id]);
    expect((await page("filter[limit]=1&filter[order][created]=asc")).data.map((item) => item.id)).toEqual([oldest!.id]);
    expect((await page("filter[limit]=1&filter[order][created]=desc")).data.map((item) => item.id)).toEqual([created.at(-1)!.id]);
  });
});

describe("lookup filters", () => {
  it("id[in] and id[eq]", async () => {
    const [a, b, c] = created;
    expect((await page(`filter[where][id][in]=${a!.id},${c!.id}&filter[order][id]=asc`)).data).toEqual([a, c]);
    expect((await page(`filter[where][id]=${b!.id}`)).data).toEqual([b]);
  });

  it("name[eq] matches a whole name in any language, ignoring case", async () => {
    const goal = await create<Lookup>(server, editor, "/content/goals", { name: { en: "Lose weight", de: "Abnehmen" } });
    await create<Lookup>(server, editor, "/content/goals", { name: "Lose weight fast" });
    for (const value of ["Lose weight", "lose WEIGHT", "abnehmen"]) {
      const found = ok(await call<List<Lookup>>(server, "GET", `/content/goals?filter[where][name][eq]=${encodeURIComponent(value)}`, { token: editor }));
      expect({ value, found }).toEqual({ value, found: { total: 1, data: [{ id: goal.id, name: "Lose weight", slug: "lose-weight" }] } });
    }
  });

  it("name[contains] and q match any language's name", async () => {
    const category = await create<Lookup>(server, editor, "/content/equipment/categories", { name: { en: "Free weights", de: "Freihanteln" } });
    for (const query of ["filter[where][name][contains]=hantel", "filter[where][q]=FREE", "filter[where][q][contains]=weights"]) {
      const found = ok(await call<List<Lookup>>(server, "GET", `/content/equipment/categories?${query}`, { token: editor }));
      expect({ query, ids: found.data.map((item) => item.id) }).toEqual({ query, ids: [category.id] });
    }
  });

  it("slug[in] and slug[contains]", async () => {
    expect((await page("filter[where][slug][in]=activity-03,activity-05&filter[order][slug]=asc")).data.map((item) => item.slug)).toEqual(["activity-03", "activity-05"]);
    expect((await page("filter[where][slug][contains]=ity-2&filter[order][slug]=asc")).data.map((item) => item.slug)).toEqual(["activity-20", "activity-21", "activity-22", "activity-23"]);
  });

  it("packages filter by uuid id", async () => {
    const one = await create<{ id: string }>(server, editor, "/content/packages", { name: "Basic" });
    await create(server, editor, "/content/packages", { name: "Premium" });
    expect((await call<List>(server, "GET", `/content/packages?filter[where][id][in]=${one.id}`, { token: editor })).body.data.map((item) => item.id)).toEqual([one.id]);
    expectResponse(await call(server, "GET", "/content/packages?filter[where][id]=12", { token: editor }), 400, filterError("filter[where][id]", "'12' is not a UUID"));
  });
});

describe("bad filters are 400s naming the parameter", () => {
  it.each([
    ["filter[limit]=250", 200],
    ["filter[limit]=1", 200],
  ])("accepts %s", async (query, status) => {
    expect((await call(server, "GET", `${PATH}?${query}`, { token: editor })).status).toBe(status);
  });

  it.each([
    ["filter[limit]=251", filterError("filter[limit]", "must be an integer from 1 to 250")],
    ["filter[limit]=0", filterError("filter[limit]", "must be an integer from 1 to 250")],
    ["filter[limit]=-5", filterError("filter[limit]", "must be an integer from 1 to 250")],
    ["filter[limit]=ten", filterError("filter[limit]", "must be an integer from 1 to 250")],
    ["filter[limit]=2.5", filterError("filter[limit]", "must be an integer from 1 to 250")],
    ["filter[limit]=", filterError("filter[limit]", "must be an integer from 1 to 250")],
    ["filter[offset]=abc", filterError("filter[offset]", "must be an integer of 0 or more")],
    ["filter[offset]=-1", filterError("filter[offset]", "must be an integer of 0 or more")],
    ["filter[where][nmae][contains]=x", filterError("filter[where][nmae][contains]", "unknown filter field 'nmae'; did you mean 'name'?")],
    ["filter[where][colour]=red", filterError("filter[where][colour]", "unknown filter field 'colour'; allowed: q, id, name, slug")],
    ["filter[where][name][like]=x", filterError("filter[where][name][like]", "unknown operator 'like'; allowed: eq, contains")],
    ["filter[where][name][contain]=x", filterError("filter[where][name][contain]", "unknown operator 'contain'; did you mean 'contains'?")],
    ["filter[where][name][gte]=x", filterError("filter[where][name][gte]", "operator 'gte' is not allowed on 'name'; allowed: eq, contains")],
    ["filter[where][id][in]=1,two", filterError("filter[where][id][in]", "'two' is not a 32-bit integer")],
    ["filter[where][id]=99999999999", filterError("filter[where][id]", "'99999999999' is not a 32-bit integer")],
    ["filter[order][name]=sideways", filterError("filter[order][name]", "must be asc or desc")],
    ["filter[order][nam]=asc", filterError("filter[order][nam]", "unknown sort field 'nam'; did you mean 'name'?")],
    ["filter[limt]=5", filterError("filter[limt]", "unknown filter parameter 'limt'; did you mean 'limit'?")],
    ["filters[limit]=5", filterError("filters[limit]", "is not a filter parameter; expected filter[limit], filter[offset], filter[where][<field>], filter[where][<field>][<operator>] or filter[order][<field>]")],
    ["filter[where]=x", filterError("filter[where]", "is malformed; expected filter[limit], filter[offset], filter[where][<field>], filter[where][<field>][<operator>] or filter[order][<field>]")],
    ["filter[limit]=5&filter[limit]=6", filterError("filter[limit]", "is given more than once")],
    ["filter={not json", filterError("filter", "is not valid JSON")],
  ])("refuses %s", async (query, expected) => {
    expectResponse(await call(server, "GET", `${PATH}?${query}`, { token: editor }), 400, expected);
  });

  it("reports several problems at once", async () => {
    const response = await call(server, "GET", `${PATH}?filter[limit]=0&filter[where][nmae]=x`, { token: editor });
    expectResponse(response, 400, {
      code: "400",
      message: "Invalid filter: 2 problems, see details",
      details: [
        { path: "filter[limit]", message: "must be an integer from 1 to 250" },
        { path: "filter[where][nmae]", message: "unknown filter field 'nmae'; did you mean 'name'?" },
      ],
    });
  });

  it("checks filters on every content list", async () => {
    for (const path of ["/content/equipment", "/content/instructors", "/content/exercises", "/content/packages", "/content/equipment/brands"]) {
      const response = await call(server, "GET", `${path}?filter[limit]=251`, { token: editor });
      expect({ path, status: response.status, body: response.body }).toEqual({ path, status: 400, body: filterError("filter[limit]", "must be an integer from 1 to 250") });
    }
  });
});
