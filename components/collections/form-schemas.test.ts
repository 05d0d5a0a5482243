import { describe, expect, it } from "vitest";
import { z } from "zod";
import { slugInputSchema } from "@/lib/content/schemas";
import { defaultFieldOf, intoApiSchema, localizedTexts, optionalChoice, slugText, textsOf, uploadChoice, uploadOf } from "./form-schemas";

const languages = { languages: ["en", "de", "fr"], defaultLanguage: "en" };
const upload = { id: "2f0a3c1e-6d2b-4c8e-9f3a-1b2c3d4e5f62", name: "a.png", mime: "image/png", url: "https://cdn.test/uploads/a.png?v=1" };

describe("localizedTexts", () => {
  it("leaves out empty languages and trims", () => {
    expect(localizedTexts(languages, "name", true).parse({ en: " Push-up ", de: "", fr: "Pompe" })).toEqual({ en: "Push-up", fr: "Pompe" });
  });

  it("asks for the default language's text on the default language's input when required", () => {
    const result = localizedTexts(languages, "name", true).safeParse({ en: " ", de: "Liegestütz" });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ["en"], message: "Enter the name in en, the default language" })]);
  });

  it("accepts no text at all when optional", () => {
    expect(localizedTexts(languages, "summary", false).parse({ en: "", de: "", fr: "" })).toEqual({});
  });
});

describe("slugText, optionalChoice, uploadChoice", () => {
  it("turns an empty slug into null, which the API fills from the name", () => {
    expect(intoApiSchema(slugText, slugInputSchema).parse("  ")).toBeNull();
    expect(intoApiSchema(slugText, slugInputSchema).safeParse("Bad Slug").error?.issues[0]?.message).toBe("must be lowercase letters and digits separated by single dashes");
  });

  it("turns the empty option into null and refuses values outside the list", () => {
    const schema = optionalChoice(["left", "right"] as const);
    expect(schema.parse("")).toBeNull();
    expect(schema.parse("left")).toBe("left");
    expect(schema.safeParse("up").success).toBe(false);
  });

  it("names what is missing when an upload is required", () => {
    expect(uploadChoice("a video").safeParse(null).error?.issues[0]?.message).toBe("Choose or upload a video");
    expect(uploadChoice(false).parse(null)).toBeNull();
    expect(uploadChoice("an image").parse(upload)).toEqual(upload);
    expect(uploadChoice(false).safeParse("not an upload").success).toBe(false);
  });
});

describe("intoApiSchema", () => {
  it("runs the API's schema on the form's output, with the API's messages", () => {
    const api = z.object({ name: z.string().max(3, "must be at most 3 characters") });
    const schema = intoApiSchema(z.object({ name: z.string().trim() }), api);
    expect(schema.parse({ name: " abc " })).toEqual({ name: "abc" });
    expect(schema.safeParse({ name: "abcd" }).error?.issues[0]).toMatchObject({ path: ["name"], message: "must be at most 3 characters" });
  });
});

describe("reading a record into the form", () => {
  it("spreads a text over the languages; `default` and a plain string land on the default language", () => {
    expect(textsOf({ default: "Push-up", de: "Liegestütz" }, languages)).toEqual({ en: "Push-up", de: "Liegestütz", fr: "" });
    expect(textsOf({ en: "Push-up", default: "ignored" }, languages)).toEqual({ en: "Push-up", de: "", fr: "" });
    expect(textsOf("Push-up", languages)).toEqual({ en: "Push-up", de: "", fr: "" });
    expect(textsOf(null, languages)).toEqual({ en: "", de: "", fr: "" });
  });

  it("keeps an upload's id, name, type and address of the Upload record", () => {
    expect(uploadOf({ ...upload, created_at: "2026-11-01T10:00:00.000Z", updated_at: "2026-11-01T10:00:00.000Z", metadata: { size: 1 } })).toEqual(upload);
    expect(uploadOf(null)).toBeNull();
    expect(uploadOf(undefined)).toBeNull();
  });
});

describe("defaultFieldOf", () => {
  const values = { name: { en: "", de: "" }, slug: "", muscle_groups: [1], steps: [{ text: { en: "" } }] };

  it("maps a pointer onto the form's field", () => {
    expect(defaultFieldOf("/name/de", values, "en")).toBe("name.de");
    expect(defaultFieldOf("/slug", values, "en")).toBe("slug");
    expect(defaultFieldOf("/muscle_groups/0", values, "en")).toBe("muscle_groups.0");
    expect(defaultFieldOf("/muscle_groups", values, "en")).toBe("muscle_groups");
  });

  it("puts an error on a whole text onto its default-language input", () => {
    expect(defaultFieldOf("/name", values, "en")).toBe("name.en");
  });

  it("leaves pointers the form has no field for unplaced", () => {
    expect(defaultFieldOf("/unknown", values, "en")).toBeUndefined();
    expect(defaultFieldOf("", values, "en")).toBeUndefined();
    expect(defaultFieldOf("/name/es", values, "en")).toBeUndefined();
  });
});
