import { describe, expect, it } from "vitest";
import { formatContentLanguage, parseContentLanguage } from "./content-language";
import { catchApiError } from "./test-utils";

const enabled = ["en", "de", "fr", "es"] as const;

describe("formatContentLanguage", () => {
  it("names the one language of a single-language response", () => {
    expect(formatContentLanguage({ mode: "single", language: "de", defaultLanguage: "en" })).toBe("de");
  });

  it("lists the requested languages and the default one behind the key default", () => {
    expect(formatContentLanguage({ mode: "multi", languages: ["de", "fr"], defaultLanguage: "en" })).toBe("de, fr, en");
  });

  it("does not repeat the default language when it was requested", () => {
    expect(formatContentLanguage({ mode: "multi", languages: ["en", "de"], defaultLanguage: "en" })).toBe("en, de");
  });
});

describe("parseContentLanguage", () => {
  it.each([
    [null, undefined],
    ["", undefined],
    ["  ", undefined],
    ["de", "de"],
    [" DE ", "de"],
  ])("%j → %j", (header, expected) => {
    expect(parseContentLanguage(header, enabled)).toBe(expected);
  });

  it.each([
    ["it", "language 'it' is not enabled for this organization; enabled: en, de, fr, es"],
    ["de-CH", "language 'de-CH' is not enabled for this organization; enabled: en, de, fr, es"],
    ["de, fr", "names several languages; text written as a plain string needs exactly one"],
    ["de_CH", "'de_CH' is not a language code"],
  ])("rejects %j with a 400", (header, message) => {
    expect(catchApiError(() => parseContentLanguage(header, enabled))).toEqual({
      code: "bad_request",
      status: 400,
      message: `Content-Language: ${message}`,
      details: [{ path: "Content-Language", message }],
    });
  });
});
