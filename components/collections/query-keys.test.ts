import { describe, expect, it } from "vitest";
import type { AdminCollection } from "@/lib/admin/collections";
import { resolveContentLanguage } from "@/lib/admin/content-language-preference";
import type { FilterSpec } from "@/lib/filter/types";
import { collectionKeys, listPath, readListQuery, recordPath } from "./query-keys";

const spec: FilterSpec = {
  fields: { level: { type: "string", operators: ["eq"] } },
  order: { title: {} },
  defaultOrder: [{ field: "title", direction: "asc" }],
};
const workouts = { slug: "workouts", apiPath: "workouts" } as AdminCollection;

describe("the keys and addresses the screens and the first paint share", () => {
  it("reads an admin address into the API's query string, whatever the parameters' order", () => {
    const a = readListQuery(new URLSearchParams("filter[where][level]=beginner&filter[limit]=20"), spec);
    const b = readListQuery(new URLSearchParams("filter[limit]=20&filter[where][level]=beginner"), spec);
    expect(a.isValid).toBe(true);
    expect(a.queryString).toBe(b.queryString);
    expect(listPath(workouts, a.queryString)).toBe(`/content/workouts?${a.queryString}`);
    expect(collectionKeys.list(workouts, "de", a.queryString)).toEqual(["content", "workouts", "list", "de", a.queryString]);
  });

  it("shows the default view for an address the API would refuse, and says so", () => {
    const refused = readListQuery(new URLSearchParams("filter[where][colour]=red"), spec);
    expect(refused).toEqual({ ...readListQuery(new URLSearchParams(), spec), isValid: false });
  });

  it("asks for a record with every text of every language, its id escaped", () => {
    expect(recordPath(workouts, "a/b", ["en", "de"])).toBe("/content/workouts/a%2Fb?lang=en,de&texts=all");
    expect(collectionKeys.record(workouts, "7")).toEqual(["content", "workouts", "record", "7"]);
  });

  it("resolves the content language as the browser's hook does: the choice if the organization has it, else the default", () => {
    expect(resolveContentLanguage("de", ["en", "de"], "en")).toBe("de");
    expect(resolveContentLanguage("fr", ["en", "de"], "en")).toBe("en");
    expect(resolveContentLanguage(null, ["en", "de"], "en")).toBe("en");
  });
});
