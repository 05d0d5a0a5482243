import { describe, expect, it } from "vitest";
import { compareCodePoints, compareHits, sortKeysOf, type RankedHit } from "./order";

function hit(entityId: string, fields: Partial<RankedHit> = {}): RankedHit {
  return {
    collection: "workouts",
    entityId,
    matchScore: 0.5,
    titleKey: "title",
    duration: 30,
    createdAt: "2025-01-01T00:00:00.000Z",
    updatedAt: "2025-01-01T00:00:00.000Z",
    ...fields,
  };
}

const order = (hits: RankedHit[], sortBy?: Record<string, "asc" | "desc">) => [...hits].sort(compareHits(sortKeysOf(sortBy))).map((one) => one.entityId);

describe("sortKeysOf", () => {
  it("defaults to match_score descending", () => {
    expect(sortKeysOf(undefined)).toEqual([{ field: "match_score", direction: "desc" }]);
  });

  it("keeps the precedence of the object's keys", () => {
    expect(sortKeysOf({ title: "asc", duration: "desc", match_score: "asc" })).toEqual([
      { field: "title", direction: "asc" },
      { field: "duration", direction: "desc" },
      { field: "match_score", direction: "asc" },
    ]);
  });
});

describe("compareCodePoints (PostgreSQL's C collation)", () => {
  it.each([
    ["a", "b", -1],
    ["b", "a", 1],
    ["ab", "ab", 0],
    ["ab", "abc", -1],
    ["z", "ä", -1],
    // UTF-16 code units would put U+1F600 (a surrogate pair) before U+FF21; code points put it after.
    ["\u{1F600}", "\uFF21", 1],
  ])("%s vs %s", (a, b, sign) => {
    expect(Math.sign(compareCodePoints(a, b))).toBe(sign);
  });
});

describe("compareHits", () => {
  it("orders by match_score descending by default, ties by entity id, then collection", () => {
    const hits = [
      hit("b", { matchScore: 0.9 }),
      hit("a", { matchScore: 0.9 }),
      hit("c", { matchScore: 1 }),
      hit("a", { matchScore: 0.9, collection: "audio" }),
    ];
    expect([...hits].sort(compareHits(sortKeysOf(undefined))).map((one) => `${one.entityId}/${one.collection}`)).toEqual([
      "c/workouts",
      "a/audio",
      "a/workouts",
      "b/workouts",
    ]);
  });

  it("breaks ties with the later fields in their own directions", () => {
    const hits = [
      hit("1", { duration: 30, titleKey: "b" }),
      hit("2", { duration: 15, titleKey: "a" }),
      hit("3", { duration: 30, titleKey: "c" }),
      hit("4", { duration: 15, titleKey: "z" }),
    ];
    expect(order(hits, { duration: "asc", title: "desc" })).toEqual(["4", "2", "3", "1"]);
    expect(order(hits, { duration: "desc", title: "asc" })).toEqual(["1", "3", "2", "4"]);
  });

  it("puts items without a duration last in both directions", () => {
    const hits = [hit("none", { duration: null }), hit("short", { duration: 15 }), hit("long", { duration: 61 })];
    expect(order(hits, { duration: "asc" })).toEqual(["short", "long", "none"]);
    expect(order(hits, { duration: "desc" })).toEqual(["long", "short", "none"]);
  });

  it("orders dates as time and by the third field when two agree", () => {
    const hits = [
      hit("x", { createdAt: "2025-01-02T00:00:00.000Z", updatedAt: "2025-01-03T00:00:00.000Z", matchScore: 0.2 }),
      hit("y", { createdAt: "2025-01-01T00:00:00.000Z", updatedAt: "2025-01-03T00:00:00.000Z", matchScore: 0.2 }),
      hit("z", { createdAt: "2025-01-01T00:00:00.000Z", updatedAt: "2025-01-03T00:00:00.000Z", matchScore: 0.7 }),
    ];
    expect(order(hits, { created_at: "desc" })).toEqual(["x", "y", "z"]);
    expect(order(hits, { updated_at: "asc", created_at: "asc", match_score: "desc" })).toEqual(["z", "y", "x"]);
  });
});
