import { describe, expect, it } from "vitest";
import { equipmentFormSchema } from "./equipment-form-schema";

const languages = { languages: ["en", "de"], defaultLanguage: "en" };
const image = { id: "2f0a3c1e-6d2b-4c8e-9f3a-1b2c3d4e5f62", name: "bell.png", mime: "image/png", url: "https://cdn.test/bell.png" };

describe("equipmentFormSchema", () => {
  it("hands the API its equipment body", () => {
    const values = { name: { en: "Kettlebell", de: "" }, description: { en: "Cast iron", de: "Gusseisen" }, slug: "kettlebell", brand_id: 2, categories: [5], image };
    expect(equipmentFormSchema(languages, false).parse(values)).toEqual({
      name: { en: "Kettlebell" },
      description: { en: "Cast iron", de: "Gusseisen" },
      slug: "kettlebell",
      brand_id: 2,
      categories: [5],
      image: image.id,
    });
  });

  it("asks for a brand, a category and an image on ordinary equipment", () => {
    const result = equipmentFormSchema(languages, false).safeParse({ name: { en: "Bell", de: "" }, description: { en: "", de: "" }, slug: "", brand_id: null, categories: [], image: null });
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["brand_id", "Choose a brand"],
      ["categories", "Choose at least one category"],
      ["image", "Choose or upload an image"],
    ]);
  });

  it("asks for none of them on the no-equipment record", () => {
    const values = { name: { en: "No equipment", de: "Ohne Geräte" }, description: { en: "Body weight only", de: "" }, slug: "no-equipment", brand_id: null, categories: [], image: null };
    expect(equipmentFormSchema(languages, true).parse(values)).toEqual({
      name: { en: "No equipment", de: "Ohne Geräte" },
      description: { en: "Body weight only" },
      slug: "no-equipment",
      brand_id: null,
      categories: [],
      image: null,
    });
  });
});
