import { describe, expect, it } from "vitest";
import { MAX_QUERY_WORDS, isFuzzyWord, parseSearchText, textSearchConfigFor } from "./query-text";

describe("parseSearchText", () => {
  it("lower-cases and splits on anything but letters and digits", () => {
    expect(parseSearchText("  HIIT-Cardio,  30 min! ")).toEqual({ words: ["hiit", "cardio", "30", "min"], normalized: "hiit cardio 30 min", prefix: "min" });
  });

  it("keeps letters of every script, composed (NFC)", () => {
    expect(parseSearchText("U\u0308bungen für Anfänger").words).toEqual(["übungen", "für", "anfänger"]);
    expect(parseSearchText("йога 瑜伽").words).toEqual(["йога", "瑜伽"]);
  });

  it("drops text search syntax", () => {
    expect(parseSearchText("core & !crusher:* | 'x'")).toEqual({ words: ["core", "crusher", "x"], normalized: "core crusher x" });
  });

  it("matches each word once, at most ten, but keeps the whole query normalised", () => {
    const many = Array.from({ length: 12 }, (_, index) => `w${index}`);
    expect(parseSearchText(many.join(" ")).words).toHaveLength(MAX_QUERY_WORDS);
    expect(parseSearchText("run run fast")).toEqual({ words: ["run", "fast"], normalized: "run run fast", prefix: "fast" });
  });

  it("takes the last word as a prefix from two characters on, when it is one of the words matched", () => {
    expect(parseSearchText("core interv").prefix).toBe("interv");
    expect(parseSearchText("core s").prefix).toBeUndefined();
    expect(parseSearchText("core strength core").prefix).toBe("core");
    const many = Array.from({ length: 12 }, (_, index) => `w${index}`);
    expect(parseSearchText(many.join(" ")).prefix).toBeUndefined();
  });

  it("has no words for punctuation only", () => {
    expect(parseSearchText("?!")).toEqual({ words: [], normalized: "" });
  });
});

describe("isFuzzyWord", () => {
  it("needs three characters (code points)", () => {
    expect([isFuzzyWord("ab"), isFuzzyWord("abc"), isFuzzyWord("瑜伽"), isFuzzyWord("yo\u{1F600}")]).toEqual([false, true, false, true]);
  });
});

describe("textSearchConfigFor", () => {
  it("stems the languages the search columns hold stemmed, and reads others verbatim", () => {
    expect(["en", "de", "fr", "es", "it", "pt-BR"].map(textSearchConfigFor)).toEqual(["english", "german", "french", "spanish", "simple", "simple"]);
  });
});
