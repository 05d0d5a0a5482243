import { describe, expect, it } from "vitest";
import { describeLanguageMismatch, onDemandFormSchema, splitLanguages, type OnDemandFormValues } from "./on-demand-form-schema";

const languages = { languages: ["en", "de"], defaultLanguage: "en" };
const audio = { id: "2f0a3c1e-6d2b-4c8e-9f3a-1b2c3d4e5f60", name: "session.mp3", mime: "audio/mpeg", url: "https://cdn.test/session.mp3" };
const image = { id: "2f0a3c1e-6d2b-4c8e-9f3a-1b2c3d4e5f62", name: "cover.png", mime: "image/png", url: "https://cdn.test/cover.png" };
const category = "0b7a6c5d-4e3f-4a2b-9c1d-0e9f8a7b6c5d";
const valid: OnDemandFormValues = {
  type: "audio-workout",
  title: { en: "Morning run", de: "" },
  description: { en: "", de: "" },
  slug: "",
  video: audio,
  image,
  instructor_id: null,
  content_provider: 3,
  content_packages: [],
  categories: [category],
  equipment: [1],
  goals: [2],
  level: "beginner",
  duration: "16-30",
  languages: "en, pt-BR",
};

describe("onDemandFormSchema", () => {
  it("hands the API its on-demand body, with the media as an upload id", () => {
    expect(onDemandFormSchema(languages).parse(valid)).toEqual({
      type: "audio-workout",
      title: { en: "Morning run" },
      description: {},
      slug: null,
      video: audio.id,
      image: image.id,
      instructor_id: null,
      content_provider: 3,
      content_packages: [],
      categories: [category],
      equipment: [1],
      goals: [2],
      level: "beginner",
      duration: "16-30",
      languages: ["en", "pt-BR"],
    });
  });

  it("names what is missing, and a wrong media language in the API's words, on their fields", () => {
    const result = onDemandFormSchema(languages).safeParse({ ...valid, type: "", video: null, content_provider: null, duration: "", languages: "en, EN-x!" });
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["type", "Choose a type"],
      ["video", "Choose or upload the video or audio file"],
      ["content_provider", "Choose a content provider"],
      ["duration", "Choose a duration"],
      ["languages", "must be a language code such as en or pt-BR"],
    ]);
    expect(onDemandFormSchema(languages).safeParse({ ...valid, languages: "en de en" }).error?.issues[0]).toMatchObject({ path: ["languages"], message: "must not repeat a language" });
  });

  it("splits the media's languages on commas and spaces", () => {
    expect(splitLanguages(" en,de  pt-BR ,, ")).toEqual(["en", "de", "pt-BR"]);
    expect(splitLanguages("")).toEqual([]);
  });
});

describe("describeLanguageMismatch", () => {
  it.each([
    ["en", [], undefined],
    ["en, de", ["de", "en"], undefined],
    ["en", ["de", "en"], "The languages differ from the media's (sound and captions: de, en): in the media but not listed: de."],
    ["en, fr", ["en"], "The languages differ from the media's (sound and captions: en): listed but not in the media: fr."],
    ["fr", ["de"], "The languages differ from the media's (sound and captions: de): listed but not in the media: fr; in the media but not listed: de."],
  ] as const)("%j against the media's %j", (listed, media, expected) => {
    expect(describeLanguageMismatch(listed, media)).toBe(expected);
  });
});
