import { describe, expect, it } from "vitest";
import {
  hasTranslation,
  languagesTouched,
  textInputSchema,
  mergeTextInput,
  multiLangStringSchema,
  pickText,
  renderPlainText,
  renderText,
  textViewFrom,
  toMultiLangString,
  type LocalizedText,
  type TextInputContext,
} from "./multi-lang";
import { catchApiError } from "./test-utils";

const pushUp: LocalizedText = { en: "Push-up", de: "Liegestütz" };
const enabled = ["en", "de", "fr", "es"] as const;
const organization = { defaultLanguage: "en", languages: enabled };
const ctx: TextInputContext = { defaultLanguage: "en", enabled, path: "/name" };

describe("pickText", () => {
  it.each([
    [pushUp, "de", "Liegestütz"],
    [pushUp, "en", "Push-up"],
    [pushUp, "fr", "Push-up"],
    [{ de: "Liegestütz" }, "fr", ""],
    [{ de: "Liegestütz", en: "" }, "fr", ""],
    [{ en: "Push-up", fr: "" }, "fr", "Push-up"],
    [{}, "de", ""],
    [null, "de", ""],
    [undefined, "de", ""],
  ])("%j in %s → %j", (value, language, expected) => {
    expect(pickText(value, language, "en")).toBe(expected);
  });

  it("does not read inherited properties as translations", () => {
    expect(pickText({ en: "Push-up" }, "constructor", "toString")).toBe("");
  });
});

describe("toMultiLangString", () => {
  it("has default plus each requested code, empty strings where untranslated", () => {
    expect(toMultiLangString(pushUp, ["de", "fr"], "en")).toEqual({ default: "Push-up", de: "Liegestütz", fr: "" });
  });

  it("lists the default language's code when it is requested", () => {
    expect(toMultiLangString(pushUp, ["en", "es"], "en")).toEqual({ default: "Push-up", en: "Push-up", es: "" });
  });

  it("puts default first and keeps the requested order", () => {
    expect(Object.keys(toMultiLangString(pushUp, ["fr", "de", "es"], "en"))).toEqual(["default", "fr", "de", "es"]);
  });

  it("gives empty strings for a missing field", () => {
    expect(toMultiLangString(null, ["de"], "en")).toEqual({ default: "", de: "" });
  });

  it("gives an empty default when the default language is untranslated, without borrowing another", () => {
    expect(toMultiLangString({ de: "Liegestütz" }, ["de"], "en")).toEqual({ default: "", de: "Liegestütz" });
  });
});

describe("renderText and textViewFrom", () => {
  it("renders a plain string in the negotiated language", () => {
    const view = textViewFrom({ acceptLanguage: "de-CH, en;q=0.5", organization });
    expect(view).toEqual({ mode: "single", language: "de", defaultLanguage: "en" });
    expect(renderText(pushUp, view)).toBe("Liegestütz");
  });

  it("falls back to the default language's text when the negotiated one is untranslated", () => {
    const view = textViewFrom({ acceptLanguage: "fr", organization });
    expect(renderText(pushUp, view)).toBe("Push-up");
  });

  it("renders a MultiLangString when lang names languages, whatever Accept-Language says", () => {
    const view = textViewFrom({ acceptLanguage: "de", lang: "fr,de", organization });
    expect(view).toEqual({ mode: "multi", languages: ["fr", "de"], defaultLanguage: "en" });
    expect(renderText(pushUp, view)).toEqual({ default: "Push-up", fr: "", de: "Liegestütz" });
  });

  it("treats an empty lang as absent", () => {
    expect(textViewFrom({ acceptLanguage: null, lang: "", organization })).toEqual({
      mode: "single",
      language: "en",
      defaultLanguage: "en",
    });
  });

  it("rejects a lang naming a disabled language", () => {
    expect(catchApiError(() => textViewFrom({ acceptLanguage: null, lang: "it", organization }))).toEqual({
      code: "bad_request",
      status: 400,
      message: "lang: language 'it' is not enabled for this organization; enabled: en, de, fr, es",
      details: [{ path: "lang", message: "language 'it' is not enabled for this organization; enabled: en, de, fr, es" }],
    });
  });
});

describe("texts=all", () => {
  it("asks for every text in every enabled language without lang", () => {
    expect(textViewFrom({ acceptLanguage: "de", texts: "all", organization })).toEqual({
      mode: "multi",
      languages: enabled,
      defaultLanguage: "en",
      allTexts: true,
    });
  });

  it("asks for every text in the languages of lang", () => {
    expect(textViewFrom({ acceptLanguage: null, lang: "fr,de", texts: "all", organization })).toEqual({
      mode: "multi",
      languages: ["fr", "de"],
      defaultLanguage: "en",
      allTexts: true,
    });
  });
});

describe("renderPlainText (a field typed string)", () => {
  const single = { mode: "single", language: "de", defaultLanguage: "en" } as const;
  it.each([
    [pushUp, ["de", "fr"], "Liegestütz"],
    [pushUp, ["fr", "de"], "Liegestütz"],
    [pushUp, ["fr", "es"], "Push-up"],
    [{ fr: "Pompe" }, ["es", "de"], ""],
    [{ fr: "Pompe", en: "" }, ["de", "fr"], "Pompe"],
    [{}, ["de"], ""],
    [null, ["de"], ""],
  ])("%j with lang=%j is the first requested language with a text, else the default: %j", (value, languages, expected) => {
    expect(renderPlainText(value, { mode: "multi", languages, defaultLanguage: "en" })).toBe(expected);
  });

  it("is the response language's text, else the default's, for one language", () => {
    expect(renderPlainText(pushUp, single)).toBe("Liegestütz");
    expect(renderPlainText({ en: "Push-up" }, single)).toBe("Push-up");
  });

  it("is a MultiLangString with texts=all", () => {
    expect(renderPlainText(pushUp, { mode: "multi", languages: ["de", "fr"], defaultLanguage: "en", allTexts: true })).toEqual({
      default: "Push-up",
      de: "Liegestütz",
      fr: "",
    });
  });
});

describe("mergeTextInput", () => {
  it("writes a plain string into the default language without Content-Language", () => {
    expect(mergeTextInput(pushUp, "Push-up (knees)", ctx)).toEqual({ en: "Push-up (knees)", de: "Liegestütz" });
  });

  it("writes a plain string into the Content-Language language", () => {
    expect(mergeTextInput(pushUp, "Pompe", { ...ctx, contentLanguage: "fr" })).toEqual({
      en: "Push-up",
      de: "Liegestütz",
      fr: "Pompe",
    });
  });

  it("writes several languages from an object and keeps the others", () => {
    expect(mergeTextInput({ en: "Push-up", es: "Flexión" }, { de: "Liegestütz", fr: "Pompe" }, ctx)).toEqual({
      en: "Push-up",
      es: "Flexión",
      de: "Liegestütz",
      fr: "Pompe",
    });
  });

  it("reads the key default as the default language", () => {
    expect(mergeTextInput(pushUp, { default: "Push-up!", de: "Liegestütz!" }, ctx)).toEqual({
      en: "Push-up!",
      de: "Liegestütz!",
    });
  });

  it("accepts default and the default code together when they agree", () => {
    expect(mergeTextInput(undefined, { default: "Push-up", en: "Push-up" }, ctx)).toEqual({ en: "Push-up" });
  });

  it("removes a translation written as an empty string, from a string or an object", () => {
    expect(mergeTextInput(pushUp, { de: "" }, ctx)).toEqual({ en: "Push-up" });
    expect(mergeTextInput(pushUp, "", { ...ctx, contentLanguage: "de" })).toEqual({ en: "Push-up" });
    expect(mergeTextInput({ en: "Push-up" }, { fr: "" }, ctx)).toEqual({ en: "Push-up" });
  });

  it("matches language keys case-insensitively and stores the enabled spelling", () => {
    expect(mergeTextInput(undefined, { DE: "Liegestütz" }, ctx)).toEqual({ de: "Liegestütz" });
  });

  it("does not change the current value", () => {
    const current = { en: "Push-up" };
    mergeTextInput(current, { de: "Liegestütz" }, ctx);
    expect(current).toEqual({ en: "Push-up" });
  });

  it.each([
    [
      { de: "Liegestütz", it: "Flessione" },
      "/name/it: language 'it' is not enabled for this organization; enabled: en, de, fr, es",
      [{ path: "/name/it", message: "language 'it' is not enabled for this organization; enabled: en, de, fr, es" }],
    ],
    [{ de: 3 }, "/name/de: must be a string", [{ path: "/name/de", message: "must be a string" }]],
    [{ en: null }, "/name/en: must be a string", [{ path: "/name/en", message: "must be a string" }]],
    [
      { default: "Push-up", en: "Press-up" },
      "/name/en: conflicts with 'default': both set the 'en' translation",
      [{ path: "/name/en", message: "conflicts with 'default': both set the 'en' translation" }],
    ],
    [
      { "a/b": "x", xx: "y", fr: ["Pompe"] },
      "3 problems in text fields; see details",
      [
        { path: "/name/a~1b", message: "language 'a/b' is not enabled for this organization; enabled: en, de, fr, es" },
        { path: "/name/xx", message: "language 'xx' is not enabled for this organization; enabled: en, de, fr, es" },
        { path: "/name/fr", message: "must be a string" },
      ],
    ],
  ])("rejects %j with a 422", (input, message, details) => {
    expect(catchApiError(() => mergeTextInput(pushUp, input, ctx))).toEqual({
      code: "unprocessable",
      status: 422,
      message,
      details,
    });
  });

  it.each([[null], [["Push-up"]], [42]])("rejects the non-text value %j with a 422 at the field", (input) => {
    expect(catchApiError(() => mergeTextInput(pushUp, input as unknown as string, ctx))).toEqual({
      code: "unprocessable",
      status: 422,
      message: "/name: must be a string or an object of translations keyed by language code",
      details: [{ path: "/name", message: "must be a string or an object of translations keyed by language code" }],
    });
  });

  it("rejects a Content-Language that is not enabled", () => {
    expect(catchApiError(() => mergeTextInput(pushUp, "Flessione", { ...ctx, contentLanguage: "it" }))).toEqual({
      code: "unprocessable",
      status: 422,
      message: "/name: language 'it' is not enabled for this organization; enabled: en, de, fr, es",
      details: [{ path: "/name", message: "language 'it' is not enabled for this organization; enabled: en, de, fr, es" }],
    });
  });
});

describe("languagesTouched", () => {
  it.each([
    ["Push-up", {}, ["en"]],
    ["Pompe", { contentLanguage: "fr" }, ["fr"]],
    ["", { contentLanguage: "de" }, ["de"]],
    [{ default: "Push-up", de: "" }, {}, ["en", "de"]],
    [{ default: "Push-up", en: "Push-up", Fr: "Pompe" }, {}, ["en", "fr"]],
    [{}, {}, []],
  ])("%j with %j writes %j", (input, extra, expected) => {
    expect(languagesTouched(input, { ...ctx, ...extra })).toEqual(expected);
  });

  it("rejects what mergeTextInput rejects", () => {
    expect(catchApiError(() => languagesTouched({ it: "Flessione" }, ctx))).toEqual({
      code: "unprocessable",
      status: 422,
      message: "/name/it: language 'it' is not enabled for this organization; enabled: en, de, fr, es",
      details: [{ path: "/name/it", message: "language 'it' is not enabled for this organization; enabled: en, de, fr, es" }],
    });
  });
});

describe("hasTranslation", () => {
  it.each([
    [pushUp, "de", true],
    [pushUp, "fr", false],
    [{ fr: "" }, "fr", false],
    [null, "en", false],
  ])("%j has %s: %s", (value, language, expected) => {
    expect(hasTranslation(value, language)).toBe(expected);
  });
});

describe("schemas", () => {
  it.each([["Push-up"], [{ default: "Push-up", de: "Liegestütz" }], [{}]])("textInputSchema accepts %j", (input) => {
    expect(textInputSchema.safeParse(input).success).toBe(true);
  });

  it.each([[null], [3], [["Push-up"]], [{ de: 3 }]])("textInputSchema rejects %j", (input) => {
    expect(textInputSchema.safeParse(input).success).toBe(false);
  });

  it("multiLangStringSchema requires default and string values", () => {
    expect(multiLangStringSchema.safeParse({ default: "Push-up", de: "" }).success).toBe(true);
    expect(multiLangStringSchema.safeParse({ de: "Liegestütz" }).success).toBe(false);
    expect(multiLangStringSchema.safeParse({ default: "Push-up", de: 1 }).success).toBe(false);
  });

  it("both carry a description for the OpenAPI document", () => {
    expect(textInputSchema.meta()?.description).toMatch(/^A plain string sets the language named by Content-Language/);
    expect(multiLangStringSchema.meta()?.description).toMatch(/^The text in several languages: `default` holds/);
  });
});
