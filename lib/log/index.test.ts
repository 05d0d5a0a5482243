import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { describeError, statementName } from "./index";

/** A database error as drizzle surfaces it: the statement, its bound values, and the driver's error. */
function failedQuery(query: string, params: unknown[], cause: { code: string; message: string }) {
  return new DrizzleQueryError(query, params, Object.assign(new Error(cause.message), { code: cause.code }));
}

describe("describeError", () => {
  it("logs a database error as its SQLSTATE and statement name, never the values", () => {
    const error = failedQuery(
      'insert into "auth_sessions" ("organization_id", "user_id") values ($1, $2) returning "id"',
      ["correct horse battery staple", "rt_secret-refresh-token"],
      { code: "22021", message: 'invalid byte sequence for encoding "UTF8": 0x00 near "correct horse"' },
    );
    const logged = describeError(error);
    expect(logged).toEqual({ error: "database error", sqlstate: "22021", statement: "insert auth_sessions", stack: expect.stringMatching(/^\s+at /) });
    const line = JSON.stringify(logged);
    for (const secret of ["correct horse", "rt_secret", "$1", "values"]) expect(line).not.toContain(secret);
  });

  it("logs a driver error without drizzle's wrapper by its SQLSTATE", () => {
    const error = Object.assign(new Error('invalid input syntax for type uuid: "someone@example.com"'), { code: "22P02" });
    const line = JSON.stringify(describeError(error));
    expect(JSON.parse(line)).toEqual({ error: "database error", sqlstate: "22P02", stack: expect.any(String) });
    expect(line).not.toContain("someone@example.com");
  });

  it("keeps the message of other errors, bounded", () => {
    expect(describeError(new TypeError("x is not a function"))).toMatchObject({ error: "TypeError", detail: "x is not a function" });
    expect((describeError(new Error("y".repeat(10_000))).detail as string).length).toBe(300);
    expect(describeError(Object.assign(new Error("write EPIPE"), { code: "EPIPE" }))).toMatchObject({ error: "Error", detail: "write EPIPE" });
    expect(describeError("thrown string with data")).toEqual({ error: "string" });
  });
});

describe("statementName", () => {
  it.each([
    ['select "id", "name" from "exercises" where "exercises"."organization_id" = $1 limit $2', "select exercises"],
    ['update "refresh_tokens" set "used_at" = now() where "token_hash" = $1', "update refresh_tokens"],
    ['delete from "uploads" where "id" = $1', "delete uploads"],
    ["WITH x AS (SELECT 1) SELECT * FROM x", "with x"],
    ["begin", "begin"],
  ])("%s → %s", (sql, name) => {
    expect(statementName(sql)).toBe(name);
  });
});
