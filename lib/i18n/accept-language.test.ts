import { describe, expect, it } from "vitest";
import { negotiateLanguage, parseAcceptLanguage } from "./accept-language";

describe("parseAcceptLanguage", () => {
  it("orders by q descending and keeps header order among equal q", () => {
    expect(parseAcceptLanguage("fr;q=0.5, de;q=0.9, en;q=0.1, it, es;q=0.9")).toEqual([
      { tag: "it", q: 1 },
      { tag: "de", q: 0.9 },
      { tag: "es", q: 0.9 },
      { tag: "fr", q: 0.5 },
      { tag: "en", q: 0.1 },
    ]);
  });

  it("keeps * and region subtags, leaves out q=0", () => {
    expect(parseAcceptLanguage("de-CH, *;q=0.3, en;q=0, fr;q=0.000")).toEqual([
      { tag: "de-CH", q: 1 },
      { tag: "*", q: 0.3 },
    ]);
  });

  it.each([
    ["", []],
    [null, []],
    ["   ", []],
    [",,,", []],
    ["en;q=1.5", []],
    ["en;q=1.001", []],
    ["en;q=0.1234", []],
    ["en;q=abc", []],
    ["en;q=", []],
    ["en;q = 0.5", []],
    ["en;level=1", []],
    ["en;q=0.5;q=0.4", []],
    ["en_US", []],
    ["e n", []],
    ["toolongsubtag", []],
    ["de-", []],
    ["1en", []],
  ])("skips the malformed entry %j", (header, expected) => {
    expect(parseAcceptLanguage(header)).toEqual(expected);
  });

  it("reads the valid entries around malformed ones", () => {
    expect(parseAcceptLanguage("en_US, de;q=0.8,, fr;q=2, es ; Q=0.7 ,it;q=1.000")).toEqual([
      { tag: "it", q: 1 },
      { tag: "de", q: 0.8 },
      { tag: "es", q: 0.7 },
    ]);
  });

  it("reads a bounded number of entries from a huge header", () => {
    const header = Array.from({ length: 100_000 }, () => "en-GB;q=0.5").join(", ");
    expect(parseAcceptLanguage(header)).toEqual(Array.from({ length: 64 }, () => ({ tag: "en-GB", q: 0.5 })));
  });

  it("drops the entry that the length bound cuts through instead of misreading it", () => {
    // 52 entries in 4094 characters, so a plain cut at 4096 would leave "en" with q=1 from "en;q=0.1".
    const longTag = `de${"-abcdefgh".repeat(8)}`;
    const prefix = `${`${longTag};q=0.9,`.repeat(50)}fr-abcdefgh-abcdefgh-abcdefgh-abcdefgh-abcd,`;
    expect(prefix).toHaveLength(4094);
    const preferences = parseAcceptLanguage(`${prefix}en;q=0.1`);
    expect(preferences).toHaveLength(51);
    expect(preferences[0]).toEqual({ tag: "fr-abcdefgh-abcdefgh-abcdefgh-abcdefgh-abcd", q: 1 });
    expect(preferences[50]).toEqual({ tag: longTag, q: 0.9 });
  });
});

describe("negotiateLanguage", () => {
  const enabled = ["en", "de", "fr", "es"] as const;

  it.each([
    ["fr;q=0.5, de;q=0.9, en;q=0.1", "de"],
    ["fr", "fr"],
    ["FR", "fr"],
    ["de-CH", "de"],
    ["de-CH-1996", "de"],
    ["it, es;q=0.5", "es"],
    ["it", "en"],
    ["*", "en"],
    ["it, *;q=0.5, de;q=0.2", "en"],
    ["de;q=0, fr;q=0.5", "fr"],
    ["de;q=0", "en"],
    ["", "en"],
    [null, "en"],
    ["not a header;;;", "en"],
    ["de;q=2, fr", "fr"],
  ])("%j → %s", (header, expected) => {
    expect(negotiateLanguage(header, enabled, "en")).toBe(expected);
  });

  it("falls back to the organization default, not the first enabled language", () => {
    expect(negotiateLanguage("it", ["en", "de"], "de")).toBe("de");
  });

  it("answers * with another enabled language when the default is refused", () => {
    expect(negotiateLanguage("*, en;q=0", enabled, "en")).toBe("de");
  });

  it("does not let a refused range be reached through a region fallback", () => {
    expect(negotiateLanguage("de-CH, de;q=0, fr;q=0.5", enabled, "en")).toBe("fr");
  });

  it("serves an enabled region tag for its primary language and keeps the enabled spelling", () => {
    expect(negotiateLanguage("pt", ["en", "pt-BR"], "en")).toBe("pt-BR");
    expect(negotiateLanguage("pt-pt", ["en", "pt-BR", "pt-PT"], "en")).toBe("pt-PT");
    expect(negotiateLanguage("pt-AO", ["en", "pt-BR"], "en")).toBe("pt-BR");
  });

  it("prefers a higher-q region match over a lower-q exact match", () => {
    expect(negotiateLanguage("de-AT, fr;q=0.9", enabled, "en")).toBe("de");
  });
});
