import { describe, expect, it } from "vitest";
import { describeChange, describePointer, formatValue } from "./describe-change";

describe("describePointer", () => {
  it.each([
    ["/title/de", "de", "Title (de)"],
    ["/phases/1/items/0/exercises/0/notes/de", "de", "Phase 2 › Item 1 › Exercise 1 › Notes (de)"],
    ["/weeks/0/days/3/activities/1", undefined, "Week 1 › Day 4 › Activity 2"],
    ["/goals", undefined, "Goals"],
    ["/tags/2", undefined, "Tags 3"],
    ["/a~1b", undefined, "A/b"],
    ["", undefined, "Record"],
  ])("%s (%s) reads %s", (pointer, language, label) => {
    expect(describePointer(pointer, language)).toBe(label);
  });
});

describe("formatValue", () => {
  it.each([
    ["Langsam", "“Langsam”"],
    [12, "12"],
    [false, "false"],
    [null, "nothing"],
    ["", "nothing"],
    [[1, 2], "1, 2"],
    [[], "none"],
    [{ en: "One", de: "Eins" }, "en: “One”, de: “Eins”"],
    [{ type: "TIMER", timer_duration: 300 }, '{"type":"TIMER","timer_duration":300}'],
  ])("%j reads %s", (value, text) => {
    expect(formatValue(value)).toBe(text);
  });

  it("shortens long values", () => {
    expect(formatValue("x".repeat(500))).toHaveLength(122);
  });
});

describe("describeChange", () => {
  it("says what each kind of change did", () => {
    expect(describeChange({ type: "changed", path: "/title/de", language: "de", old_value: "Beine", new_value: "Beine!" })).toEqual({ place: "Title (de)", what: "“Beine” → “Beine!”" });
    expect(describeChange({ type: "added", path: "/title/fr", language: "fr", new_value: "Jambes" })).toEqual({ place: "Title (fr)", what: "added: “Jambes”" });
    expect(describeChange({ type: "removed", path: "/steps/1", old_value: { en: "Two" } })).toEqual({ place: "Step 2", what: "removed (was en: “Two”)" });
    expect(describeChange({ type: "moved", path: "/phases/1/items/1", from_path: "/phases/0/items/1" })).toEqual({ place: "Phase 2 › Item 2", what: "moved from Phase 1 › Item 2" });
  });
});
