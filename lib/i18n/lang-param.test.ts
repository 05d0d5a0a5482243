import { describe, expect, it } from "vitest";
import { parseLangParam } from "./lang-param";
import { catchApiError } from "./test-utils";

const enabled = ["en", "de", "fr", "es"] as const;

describe("parseLangParam", () => {
  it.each([
    [null, undefined],
    ["", undefined],
    [" , ,", undefined],
    ["de", ["de"]],
    ["de,fr", ["de", "fr"]],
    [" fr , de ", ["fr", "de"]],
    ["fr,de,fr,de", ["fr", "de"]],
    ["DE,De,fr", ["de", "fr"]],
    ["en,de,", ["en", "de"]],
  ])("%j → %j", (value, expected) => {
    expect(parseLangParam(value, enabled)).toEqual(expected);
  });

  it.each([
    [
      "de,xx",
      "lang: language 'xx' is not enabled for this organization; enabled: en, de, fr, es",
      [{ path: "lang", message: "language 'xx' is not enabled for this organization; enabled: en, de, fr, es" }],
    ],
    [
      "de-CH",
      "lang: language 'de-CH' is not enabled for this organization; enabled: en, de, fr, es",
      [{ path: "lang", message: "language 'de-CH' is not enabled for this organization; enabled: en, de, fr, es" }],
    ],
    ["de_CH", "lang: 'de_CH' is not a language code", [{ path: "lang", message: "'de_CH' is not a language code" }]],
    ["*", "lang: '*' is not a language code", [{ path: "lang", message: "'*' is not a language code" }]],
    [
      "xx,1;2,xx",
      "lang: 2 language codes cannot be served; see details",
      [
        { path: "lang", message: "language 'xx' is not enabled for this organization; enabled: en, de, fr, es" },
        { path: "lang", message: "'1;2' is not a language code" },
      ],
    ],
  ])("rejects %j with a 400 naming the code", (value, message, details) => {
    expect(catchApiError(() => parseLangParam(value, enabled))).toEqual({
      code: "bad_request",
      status: 400,
      message,
      details,
    });
  });

  it("does not echo a huge code back in full", () => {
    const { message } = catchApiError(() => parseLangParam("a".repeat(5000), enabled));
    expect(message).toBe(`lang: '${"a".repeat(24)}…' is not a language code`);
  });
});
