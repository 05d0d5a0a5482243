import { describe, expect, it } from "vitest";
import { MAX_DETAILS, MAX_ERROR_TEXT, errorBody } from "./errors";
import { ApiError } from "@/lib/core/errors";

const details = (count: number) => Array.from({ length: count }, (_, index) => ({ path: `/items/${index}`, message: "must be a uuid" }));

describe("errorBody", () => {
  it("keeps up to 20 details as they are", () => {
    const error = new ApiError("unprocessable", "/items/0: must be a uuid (and 19 more)", details(MAX_DETAILS));
    expect(errorBody(error)).toEqual({ code: "422", message: "/items/0: must be a uuid (and 19 more)", details: details(MAX_DETAILS) });
  });

  it("shows the first 20 of 100,000 details and counts the others", () => {
    const error = new ApiError("bad_request", "/items/0: must be a uuid (and 99999 more)", details(100_000));
    const body = errorBody(error);
    expect(body).toEqual({ code: "400", message: "/items/0: must be a uuid (and 99999 more)", details: details(20), details_omitted: 99_980 });
    expect(JSON.stringify(body).length).toBeLessThan(2_000);
  });

  it("cuts long messages and paths, never inside a surrogate pair", () => {
    const long = `${"x".repeat(MAX_ERROR_TEXT - 2)}💪💪`;
    const body = errorBody(new ApiError("unprocessable", long, [{ path: `/${"k".repeat(5_000)}`, message: long }]));
    expect(body.message).toBe(`${"x".repeat(MAX_ERROR_TEXT - 2)}…`);
    expect(body.details).toEqual([{ path: `/${"k".repeat(MAX_ERROR_TEXT - 2)}…`, message: `${"x".repeat(MAX_ERROR_TEXT - 2)}…` }]);
    expect(body.message.isWellFormed()).toBe(true);
  });

  it("adds the extra members of the body", () => {
    expect(errorBody(new ApiError("rate_limited", "blocked", undefined, { body: { unblock_token: "t" } }))).toEqual({ code: "429", message: "blocked", unblock_token: "t" });
  });
});
