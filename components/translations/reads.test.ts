import { describe, expect, it } from "vitest";
import type { FilterSpec } from "@/lib/filter/types";
import { readQueueView, translationQueueRead } from "./reads";

const spec: FilterSpec = {
  fields: {
    language: { type: "string", operators: ["eq"], required: "the language to translate into" },
    collection: { type: "enum", values: ["workouts", "exercises"], operators: ["eq"] },
    state: { type: "enum", values: ["none", "partial", "ready"], operators: ["eq"] },
  },
  order: { updated: {} },
  defaultOrder: [{ field: "updated", direction: "desc" }],
};
const organization = { languages: ["en", "de", "fr"], defaultLanguage: "en" };

describe("the translation queue's view, as the screen and its first paint read it", () => {
  it("takes the address's language, else a translator's first other language, else the first other language", () => {
    expect(readQueueView("filter[where][language]=fr", spec, { ...organization, translatorLanguages: [] }).language).toBe("fr");
    expect(readQueueView("", spec, { ...organization, translatorLanguages: ["en", "fr"] }).language).toBe("fr");
    expect(readQueueView("", spec, { ...organization, translatorLanguages: [] }).language).toBe("de");
  });

  it("asks the API with the language settled first", () => {
    const viewer = { ...organization, translatorLanguages: [] };
    const view = readQueueView("filter[where][state]=none&filter[where][collection]=workouts", spec, viewer);
    expect(view).toMatchObject({ language: "de", collection: "workouts", state: "none" });
    expect(view.queryString).toBe("filter[where][language]=de&filter[where][state]=none&filter[where][collection]=workouts");
    expect(readQueueView("filter[where][state]=none&filter[where][language]=de&filter[where][collection]=workouts", spec, viewer).queryString).toBe(view.queryString);
    expect(translationQueueRead(view.queryString)).toEqual({ key: ["translation-queue", view.queryString], path: `/content/translation-queue?${view.queryString}` });
  });

  it("reads an address the API would refuse as the default view", () => {
    expect(readQueueView("filter[where][colour]=red", spec, { ...organization, translatorLanguages: [] }).queryString).toBe(readQueueView("", spec, { ...organization, translatorLanguages: [] }).queryString);
  });
});
