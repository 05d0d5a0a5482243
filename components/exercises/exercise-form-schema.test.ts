import { describe, expect, it } from "vitest";
import { exerciseFormSchema, type ExerciseFormValues } from "./exercise-form-schema";

const languages = { languages: ["en", "de"], defaultLanguage: "en" };
const upload = (name: string, mime: string) => ({ id: "2f0a3c1e-6d2b-4c8e-9f3a-1b2c3d4e5f6" + name.length, name, mime, url: `https://cdn.test/${name}` });
const valid: ExerciseFormValues = {
  name: { en: "Push-up", de: "Liegestütz" },
  summary: { en: "", de: "" },
  slug: "",
  level: "beginner",
  gender: "male",
  orientation: "",
  muscle_groups: [3],
  equipment: [1],
  types: [4],
  video: upload("a.mp4", "video/mp4"),
  gif: upload("ab.gif", "image/gif"),
  image: upload("abc.png", "image/png"),
  steps: [{ text: { en: "Hands under the shoulders", de: "" } }, { text: { en: "Lower your chest", de: "Brust senken" } }],
};

describe("exerciseFormSchema", () => {
  it("hands the API its exercise body: texts per language, ids, upload ids, ordered steps", () => {
    expect(exerciseFormSchema(languages).parse(valid)).toEqual({
      name: { en: "Push-up", de: "Liegestütz" },
      summary: {},
      slug: null,
      level: "beginner",
      gender: "male",
      orientation: null,
      muscle_groups: [3],
      equipment: [1],
      types: [4],
      video: valid.video!.id,
      gif: valid.gif!.id,
      image: valid.image!.id,
      steps: [{ en: "Hands under the shoulders" }, { en: "Lower your chest", de: "Brust senken" }],
    });
  });

  it("names each missing field on that field", () => {
    const result = exerciseFormSchema(languages).safeParse({ ...valid, name: { en: "", de: "x" }, level: "", video: null, steps: [{ text: { en: "", de: "Nur Deutsch" } }] });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["name.en", "Enter the name in en, the default language"],
      ["level", "Choose a level"],
      ["video", "Choose or upload a video"],
      ["steps.0.text.en", "Enter the step in en, the default language"],
    ]);
  });

  it("refuses what the API refuses, with its message", () => {
    const result = exerciseFormSchema(languages).safeParse({ ...valid, steps: Array.from({ length: 51 }, () => ({ text: { en: "Step", de: "" } })) });
    expect(result.error?.issues[0]).toMatchObject({ path: ["steps"] });
  });
});
