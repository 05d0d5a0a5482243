import { describe, expect, it } from "vitest";
import { focusedLanguageOf, languageStateOf, textErrorPathsByLanguage, type LanguageFacts } from "./language-focus";

const organization = { languages: ["en", "de", "fr"], defaultLanguage: "en" };

describe("focusedLanguageOf", () => {
  it("takes the address's language when the organization has it", () => {
    expect(focusedLanguageOf("fr", { ...organization, role: "editor", translatorLanguages: [] })).toBe("fr");
    expect(focusedLanguageOf("fr", { ...organization, role: "translator", translatorLanguages: ["de"] })).toBe("fr");
  });

  it("opens a translator's first language of the organization's, and everyone else's default, without one", () => {
    expect(focusedLanguageOf(null, { ...organization, role: "translator", translatorLanguages: ["it", "fr", "de"] })).toBe("fr");
    expect(focusedLanguageOf("xx", { ...organization, role: "translator", translatorLanguages: ["de"] })).toBe("de");
    expect(focusedLanguageOf(null, { ...organization, role: "translator", translatorLanguages: [] })).toBe("en");
    expect(focusedLanguageOf(null, { ...organization, role: "editor", translatorLanguages: [] })).toBe("en");
    expect(focusedLanguageOf("pt", { ...organization, role: "admin", translatorLanguages: [] })).toBe("en");
  });
});

describe("languageStateOf", () => {
  const workout = {
    title: { default: "Burner", en: "Burner", de: "Brenner", fr: "" },
    status: { default: "published", de: "unpublished" },
    translation_status: [
      { locale: "en", status: "full" },
      { locale: "de", status: "partial" },
      { locale: "fr", status: "none" },
    ],
  } satisfies LanguageFacts;

  it("is the publishing status, with `default` standing for the default language and no entry a draft", () => {
    expect(languageStateOf(workout, "en", "en")).toBe("published");
    expect(languageStateOf(workout, "de", "en")).toBe("unpublished");
    expect(languageStateOf({ ...workout, translation_status: [{ locale: "fr", status: "full" }] }, "fr", "en")).toBe("draft");
  });

  it("is missing when the language has none of the texts, whatever the status", () => {
    expect(languageStateOf(workout, "fr", "en")).toBe("missing");
  });

  it("reads the texts themselves for collections without translation_status or status", () => {
    const goal = { id: 3, slug: "stamina", name: { default: "Stamina", en: "Stamina", fr: "Endurance" }, description: { default: "Last longer", en: "Last longer" } };
    expect(languageStateOf(goal, "en", "en")).toBe("translated");
    expect(languageStateOf(goal, "fr", "en")).toBe("partial");
    expect(languageStateOf(goal, "de", "en")).toBe("missing");
  });

  it("says nothing of a record not created yet", () => {
    expect(languageStateOf(undefined, "en", "en")).toBeUndefined();
  });
});

describe("textErrorPathsByLanguage", () => {
  it("collects the errors on each language's texts, nested ones included, and nothing else", () => {
    // react-hook-form keeps the input element with each error; the walk must not enter it.
    const input = { name: { en: { message: "not an error" } } };
    const errors = {
      slug: { type: "server", message: "taken", ref: input },
      name: { en: { type: "custom", message: "Enter the name", ref: input } },
      phases: [undefined, { title: { fr: { type: "server", message: "too long" } }, items: { root: { message: "at least 2" } } }],
    };
    const byLanguage = textErrorPathsByLanguage(errors, ["en", "de", "fr"]);
    expect(Object.fromEntries(byLanguage)).toEqual({ en: ["name.en"], de: [], fr: ["phases.1.title.fr"] });
  });
});
