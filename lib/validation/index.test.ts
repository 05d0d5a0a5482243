import { describe, expect, it } from "vitest";
import { z } from "zod";
import { errorBody, statusOf } from "@/lib/http/errors";
import { ApiError } from "@/lib/core/errors";
import { MAX_INPUT_DEPTH, describeUnsafeText, findUnsafeInput, toStorableText, validateInput, validateParameter } from ".";

const NUL = "must not contain the NUL character (U+0000)";
const SURROGATE = "must not contain an unpaired UTF-16 surrogate";

function nested(depth: number): unknown {
  let value: unknown = "leaf";
  for (let level = 0; level < depth; level++) value = { a: value };
  return value;
}

function rejection(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return { status: statusOf(error), body: errorBody(error) };
    throw error;
  }
  throw new Error("expected a rejection");
}

describe("describeUnsafeText", () => {
  it.each([
    ["plain text", "Push-up", undefined],
    ["emoji (a surrogate pair)", "💪", undefined],
    ["U+FFFD", "\ufffd", undefined],
    ["a NUL", "a\u0000b", NUL],
    ["a lone high surrogate", "a\ud800", SURROGATE],
    ["a lone low surrogate", "\udc00b", SURROGATE],
    ["a reversed pair", "\udc00\ud800", SURROGATE],
  ])("%s", (_, value, expected) => {
    expect(describeUnsafeText(value)).toBe(expected);
  });
});

describe("findUnsafeInput", () => {
  it("finds every unsafe value and member name, in document order", () => {
    const input = { name: "ok", steps: ["fine", "bad\u0000"], "key\ud800": 1, nested: { deep: [{ text: "\udfff" }] } };
    expect(findUnsafeInput(input)).toEqual([
      { path: ["steps", 1], message: NUL },
      { path: ["key\ud800"], message: `member name ${SURROGATE}` },
      { path: ["nested", "deep", 0, "text"], message: SURROGATE },
    ]);
  });

  it(`allows ${MAX_INPUT_DEPTH} levels of nesting and refuses the next one once`, () => {
    expect(findUnsafeInput(nested(MAX_INPUT_DEPTH))).toEqual([]);
    const problems = findUnsafeInput(nested(MAX_INPUT_DEPTH + 1));
    expect(problems).toEqual([{ path: Array(MAX_INPUT_DEPTH).fill("a"), message: `nests objects or arrays more than ${MAX_INPUT_DEPTH} levels deep` }]);
  });

  it("walks 100,000 levels without using the stack", () => {
    let value: unknown = [];
    for (let level = 0; level < 100_000; level++) value = [value];
    expect(findUnsafeInput(value)).toHaveLength(1);
  });
});

describe("validateInput refuses what cannot be stored, whatever the schema", () => {
  const schema = z.object({ title: z.string(), notes: z.unknown().optional() });

  it("answers a NUL in a field with 422 naming the field", () => {
    expect(rejection(() => validateInput(schema, { title: "Squat\u0000" }))).toEqual({
      status: 422,
      body: { code: "422", message: `/title: ${NUL}`, details: [{ path: "/title", message: NUL }] },
    });
  });

  it("checks fields the schema does not look into", () => {
    expect(rejection(() => validateInput(schema, { title: "ok", notes: { de: ["\ud800"] } }))).toEqual({
      status: 422,
      body: { code: "422", message: `/notes/de/0: ${SURROGATE}`, details: [{ path: "/notes/de/0", message: SURROGATE }] },
    });
  });

  it("answers a structure nested 10,000 deep with 422 before the schema sees it", () => {
    const { status, body } = rejection(() => validateInput(schema, { title: "ok", notes: nested(10_000) }));
    const path = `/notes${"/a".repeat(MAX_INPUT_DEPTH - 1)}`;
    expect(status).toBe(422);
    expect(body).toEqual({
      code: "422",
      message: `${path}: nests objects or arrays more than ${MAX_INPUT_DEPTH} levels deep`,
      details: [{ path, message: `nests objects or arrays more than ${MAX_INPUT_DEPTH} levels deep` }],
    });
  });

  it("names a header or query parameter by its name", () => {
    expect(rejection(() => validateParameter(z.string(), "mob\u0000ile", "X-Scope"))).toEqual({
      status: 422,
      body: { code: "422", message: `X-Scope: ${NUL}`, details: [{ path: "X-Scope", message: NUL }] },
    });
  });

  it("keeps well-formed text as it is", () => {
    expect(validateInput(schema, { title: "Liegestütz 💪" })).toEqual({ title: "Liegestütz 💪" });
  });
});

describe("toStorableText", () => {
  it("replaces NUL and unpaired surrogates with U+FFFD and keeps everything else", () => {
    expect(toStorableText("a\u0000b\ud800c\udc00💪 Liegestütz")).toBe("a\ufffdb\ufffdc\ufffd💪 Liegestütz");
    expect(describeUnsafeText(toStorableText("\u0000\udfff"))).toBeUndefined();
  });
});
