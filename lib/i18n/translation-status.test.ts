import { describe, expect, it } from "vitest";
import { computeTranslationStatus, missingTextFields, translationStatusEntrySchema } from "./translation-status";

const languages = ["en", "de", "fr", "es"] as const;

describe("computeTranslationStatus", () => {
  it("is full, partial or none per language, in the given order", () => {
    const name = { en: "Push-up", de: "Liegestütz", fr: "Pompe" };
    const description = { en: "Lower your chest to the floor.", de: "Brust zum Boden senken." };
    expect(computeTranslationStatus([name, description], languages)).toEqual([
      { locale: "en", status: "full" },
      { locale: "de", status: "full" },
      { locale: "fr", status: "partial" },
      { locale: "es", status: "none" },
    ]);
  });

  it("does not count an empty string as a translation", () => {
    expect(computeTranslationStatus([{ en: "Push-up", de: "" }], ["en", "de"])).toEqual([
      { locale: "en", status: "full" },
      { locale: "de", status: "none" },
    ]);
  });

  it("leaves out fields with no value in any language", () => {
    expect(computeTranslationStatus([{ en: "Push-up", de: "Liegestütz" }, null, undefined, {}], ["en", "de", "fr"])).toEqual([
      { locale: "en", status: "full" },
      { locale: "de", status: "full" },
      { locale: "fr", status: "none" },
    ]);
  });

  it("is full in every language for a record without text", () => {
    expect(computeTranslationStatus([], ["en", "de"])).toEqual([
      { locale: "en", status: "full" },
      { locale: "de", status: "full" },
    ]);
    expect(computeTranslationStatus([null, {}], ["en"])).toEqual([{ locale: "en", status: "full" }]);
  });

  it("produces entries that the response schema accepts", () => {
    for (const entry of computeTranslationStatus([{ en: "Push-up" }], languages)) {
      expect(translationStatusEntrySchema.parse(entry)).toEqual(entry);
    }
  });
});

describe("missingTextFields", () => {
  const fields = {
    name: { en: "Push-up", de: "Liegestütz" },
    description: { en: "Lower your chest to the floor." },
    instructions: { en: "Keep your back straight.", de: "" },
    summary: null,
  };

  it.each([
    ["en", ["summary"]],
    ["de", ["description", "instructions", "summary"]],
    ["fr", ["name", "description", "instructions", "summary"]],
  ])("in %s: %j", (language, expected) => {
    expect(missingTextFields(fields, language)).toEqual(expected);
  });

  it("is empty when every field is translated", () => {
    expect(missingTextFields({ name: { en: "Push-up" } }, "en")).toEqual([]);
  });
});
