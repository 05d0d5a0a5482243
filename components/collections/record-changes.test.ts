import { describe, expect, it } from "vitest";
import { describeValue, recordChanges } from "./record-changes";

describe("recordChanges", () => {
  it("names each changed field, text fields per language, with the new value", () => {
    const base = { id: 4, name: { default: "Mobility", en: "Mobility", de: "", fr: "" }, slug: "mobility", level: "beginner", updated_at: "2026-11-27T10:00:00.000Z" };
    const current = { id: 4, name: { default: "Mobility", en: "Mobility", de: "", fr: "Mobilité" }, slug: "mobility", level: "advanced", updated_at: "2026-11-27T11:00:00.000Z" };
    expect(recordChanges(base, current)).toEqual([
      { field: "Name (fr)", value: "“Mobilité”" },
      { field: "Level", value: "“advanced”" },
    ]);
  });

  it("reports a text emptied, structures as shortened JSON, and nothing for an unchanged record", () => {
    const base = { description: { en: "Warm", de: "Warm" }, muscle_groups: [1, 2], phases: [{ title: "A" }] };
    const current = { description: { en: "Warm", de: "" }, muscle_groups: [2], phases: [{ title: "B".repeat(200) }] };
    const changes = recordChanges(base, current);
    expect(changes.slice(0, 2)).toEqual([
      { field: "Description (de)", value: "(empty)" },
      { field: "Muscle groups", value: "[2]" },
    ]);
    expect(changes[2]!.field).toBe("Phases");
    expect(changes[2]!.value).toHaveLength(120);
    expect(changes[2]!.value.endsWith("…")).toBe(true);
    expect(recordChanges(base, structuredClone(base))).toEqual([]);
  });

  it("describes empty values as such", () => {
    expect([describeValue(null), describeValue(""), describeValue(undefined), describeValue(0)]).toEqual(["(empty)", "(empty)", "(empty)", "0"]);
  });
});
