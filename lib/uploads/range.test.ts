import { describe, expect, it } from "vitest";
import { parseRange } from "./range";

describe("parseRange", () => {
  it.each([
    [null, undefined],
    ["bytes=0-99", { start: 0, end: 99 }],
    ["bytes=100-", { start: 100, end: 999 }],
    ["bytes=-100", { start: 900, end: 999 }],
    ["bytes=-5000", { start: 0, end: 999 }],
    ["bytes=990-5000", { start: 990, end: 999 }],
    ["bytes = 5 - 9", { start: 5, end: 9 }],
    ["items=0-5", undefined],
    ["bytes=0-1,5-6", undefined],
    ["bytes=1000-", "unsatisfiable"],
    ["bytes=9-5", "unsatisfiable"],
    ["bytes=-0", "unsatisfiable"],
    ["bytes=-", "unsatisfiable"],
    ["bytes=abc", "unsatisfiable"],
  ] as const)("reads %j of a 1000-byte file as %j", (header, expected) => {
    expect(parseRange(header, 1000, null, '"e"')).toEqual(expected);
  });

  it("ignores the range when If-Range names another version", () => {
    expect(parseRange("bytes=0-1", 1000, '"old"', '"e"')).toBeUndefined();
    expect(parseRange("bytes=0-1", 1000, '"e"', '"e"')).toEqual({ start: 0, end: 1 });
  });
});
