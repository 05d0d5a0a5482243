import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/core/errors";
import { resolveCursors } from "./cursors";
import { searchRequestSchema, type SearchRequest } from "./schemas";

const request = (body: Record<string, unknown>): SearchRequest => searchRequestSchema.parse({ q: "run", ...body });
const resolve = (body: Record<string, unknown>, query = "") => resolveCursors(request(body), new URLSearchParams(query));

function errorOf(run: () => unknown): { code: string; message: string; details: unknown } {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return { code: error.code, message: error.message, details: error.details };
    throw error;
  }
  throw new Error("no error");
}

describe("resolveCursors", () => {
  it("searches all four collections from the start, ten each, by default", () => {
    expect(resolve({})).toEqual([
      { collection: "workouts", offset: 0, limit: 10 },
      { collection: "training-plans", offset: 0, limit: 10 },
      { collection: "video", offset: 0, limit: 10 },
      { collection: "audio", offset: 0, limit: 10 },
    ]);
  });

  it("takes cursors as given, with their defaults, ignoring a returned total", () => {
    expect(resolve({ cursors: [{ collection: "audio", offset: 20, total: 31 }, { collection: "video", limit: 5 }] })).toEqual([
      { collection: "audio", offset: 20, limit: 10 },
      { collection: "video", offset: 0, limit: 5 },
    ]);
  });

  it("takes the other form from the body: flat keys, then a filter object", () => {
    expect(resolve({ type: "video", "filter[limit]": 3, filter: { limit: 7, offset: 6 } })).toEqual([{ collection: "video", offset: 6, limit: 3 }]);
    expect(resolve({ type: ["audio", "video", "audio"] })).toEqual([
      { collection: "audio", offset: 0, limit: 10 },
      { collection: "video", offset: 0, limit: 10 },
    ]);
  });

  it("takes the other form from the query string where the body has none", () => {
    expect(resolve({}, "type=workouts,training-plans&filter[limit]=5&filter[offset]=10")).toEqual([
      { collection: "workouts", offset: 10, limit: 5 },
      { collection: "training-plans", offset: 10, limit: 5 },
    ]);
    expect(resolve({ type: "audio" }, "type=video&filter[limit]=2")).toEqual([{ collection: "audio", offset: 0, limit: 2 }]);
    expect(resolve({}, "filter[offset]=4")).toHaveLength(4);
  });

  it.each([
    ["filter[limit]=0", "filter[limit]", "must be at least 1"],
    ["filter[limit]=51", "filter[limit]", "must be at most 50"],
    ["filter[limit]=1.5", "filter[limit]", "must be a whole number"],
    ["filter[offset]=", "filter[offset]", "must be a whole number"],
    ["type=workouts,,audio", "type", "(empty) is not one of workouts, training-plans, video, audio"],
  ])("refuses the query string %s with a 400 naming %s", (query, parameter, message) => {
    expect(errorOf(() => resolve({}, query))).toEqual({ code: "bad_request", message: `Invalid ${parameter}: ${message}`, details: [{ path: parameter, message }] });
  });

  it("refuses cursors together with the other form (422)", () => {
    const expected = {
      code: "unprocessable",
      message: "/cursors: cannot be combined with type, filter[limit] or filter[offset]",
      details: [{ path: "/cursors", message: "cannot be combined with type, filter[limit] or filter[offset]" }],
    };
    expect(errorOf(() => resolve({ cursors: [{ collection: "video" }] }, "filter[limit]=3"))).toEqual(expected);
    expect(errorOf(() => resolve({ cursors: [{ collection: "video" }], filter: { offset: 1 } }))).toEqual(expected);
  });
});

describe("searchRequestSchema", () => {
  it("keeps sort_by in the order the fields were given", () => {
    expect(Object.keys(request({ sort_by: { title: "asc", duration: "desc", match_score: "asc" } }).sort_by!)).toEqual(["title", "duration", "match_score"]);
  });
});
