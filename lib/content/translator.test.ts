import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/core/errors";
import { statusOf } from "@/lib/http/errors";
import { assertTranslatorChange, splitNestedTexts } from "./translator";
import { computeCompleteness, translationStatusOf } from "./text";

const rules = { textFields: ["title"], nestedTexts: { phases: { keys: ["title", "notes"] } }, languages: ["de"], defaultLanguage: "en" } as const;
const current = {
  title: { en: "Legs", de: "Beine" },
  level: "beginner",
  phases: [{ kind: "training", title: { en: "Main" }, time: 300, items: [{ type: "TIMER", notes: {} }] }],
};

function outcome(next: Record<string, unknown>): string {
  try {
    assertTranslatorChange(current, next, rules);
    return "allowed";
  } catch (error) {
    return error instanceof ApiError ? `${statusOf(error)} ${error.message}` : String(error);
  }
}

describe("the translator rule", () => {
  it("allows changing texts in the translator's languages, also inside phases", () => {
    expect(outcome({ title: { en: "Legs", de: "Beintag" }, searchText: "changed" })).toBe("allowed");
    expect(outcome({ phases: [{ ...current.phases[0], title: { en: "Main", de: "Haupt" } }] })).toBe("allowed");
  });

  it("refuses another language, naming it", () => {
    expect(outcome({ title: { en: "Leg day", de: "Beine" } })).toBe("403 translators can only change their own languages (de); this change touches en");
  });

  it("refuses a change to anything but texts, naming the field", () => {
    expect(outcome({ level: "advanced" })).toBe("403 translators can only change texts; 'level' is not a text field");
    expect(outcome({ phases: [{ ...current.phases[0], time: 600 }] })).toBe("403 translators can only change texts; 'phases' is not a text field");
  });

  it("separates texts from structure by path", () => {
    const { structure, texts } = splitNestedTexts(current.phases, rules.nestedTexts.phases);
    expect(structure).toEqual([{ kind: "training", title: null, time: 300, items: [{ type: "TIMER", notes: null }] }]);
    expect([...texts.keys()]).toEqual(["/0/title", "/0/items/0/notes"]);
  });
});

describe("translation completeness", () => {
  it("derives full, partial and none per enabled language", () => {
    const completeness = computeCompleteness([{ en: "a", de: "b" }, { en: "c" }, {}]);
    expect(completeness).toEqual({ en: [2, 2], de: [1, 2] });
    expect(translationStatusOf(completeness, ["en", "de", "fr"])).toEqual([
      { locale: "en", status: "full" },
      { locale: "de", status: "partial" },
      { locale: "fr", status: "none" },
    ]);
  });

  it("counts a record without texts as complete", () => {
    expect(translationStatusOf(computeCompleteness([{}]), ["en", "de"])).toEqual([
      { locale: "en", status: "full" },
      { locale: "de", status: "full" },
    ]);
  });
});
