import { describe, expect, it } from "vitest";
import { errorBody } from "@/lib/http/errors";
import { ApiError } from "@/lib/core/errors";
import { MAX_INPUT_DEPTH } from "@/lib/validation";
import { applyMergePatch } from "./write-record";

// The examples of RFC 7396, appendix A.
describe("applyMergePatch (RFC 7396)", () => {
  it.each([
    [{ a: "b" }, { a: "c" }, { a: "c" }],
    [{ a: "b" }, { b: "c" }, { a: "b", b: "c" }],
    [{ a: "b" }, { a: null }, {}],
    [{ a: "b", b: "c" }, { a: null }, { b: "c" }],
    [{ a: ["b"] }, { a: "c" }, { a: "c" }],
    [{ a: "c" }, { a: ["b"] }, { a: ["b"] }],
    [{ a: { b: "c" } }, { a: { b: "d", c: null } }, { a: { b: "d" } }],
    [{ a: [{ b: "c" }] }, { a: [1] }, { a: [1] }],
    [["a", "b"], ["c", "d"], ["c", "d"]],
    [{ a: "b" }, ["c"], ["c"]],
    [{ a: "foo" }, null, null],
    [{ a: "foo" }, "bar", "bar"],
    [{ e: null }, { a: 1 }, { e: null, a: 1 }],
    [[1, 2], { a: "b", c: null }, { a: "b" }],
    [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
  ])("%j patched with %j is %j", (target, patch, expected) => {
    expect(applyMergePatch(target, patch)).toEqual(expected);
  });

  it("does not change the target", () => {
    const target = { a: { b: 1 } };
    applyMergePatch(target, { a: { b: 2 } });
    expect(target).toEqual({ a: { b: 1 } });
  });
});

describe("applyMergePatch on hostile depth", () => {
  it("answers a patch nested 10,000 deep with a 422, not a stack overflow", () => {
    let patch: Record<string, unknown> = { leaf: 1 };
    for (let level = 0; level < 10_000; level++) patch = { a: patch };
    let thrown: unknown;
    try {
      applyMergePatch({}, patch);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expect(errorBody(thrown as ApiError)).toEqual({
      code: "422",
      message: `nests objects or arrays more than ${MAX_INPUT_DEPTH} levels deep`,
      details: [{ path: "", message: `nests objects or arrays more than ${MAX_INPUT_DEPTH} levels deep` }],
    });
  });

  it(`merges a patch ${MAX_INPUT_DEPTH} levels deep`, () => {
    let patch: Record<string, unknown> = { leaf: 1 };
    for (let level = 1; level < MAX_INPUT_DEPTH; level++) patch = { a: patch };
    expect(applyMergePatch({}, patch)).toEqual(patch);
  });
});
