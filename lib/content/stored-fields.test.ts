import { describe, expect, it } from "vitest";
import { copiedOr, ownWrite, storedFields } from "./stored-fields";

type Row = { title: Record<string, string>; slug: string; imageId: string | null; contentPackages: string[]; estimatedDuration: number | null; searchText: string };
type Input = { title: string; slug?: string | null; image?: string | null; content_packages?: string[]; estimated_duration?: number | null };

const fields = storedFields<Row, Input>({
  title: ownWrite("title"),
  slug: ownWrite("slug"),
  image: "imageId",
  content_packages: copiedOr("contentPackages", []),
  estimated_duration: "estimatedDuration",
});

const row: Row = { searchText: "run", estimatedDuration: 20, contentPackages: ["p"], imageId: "i", slug: "run", title: { en: "Run" } };

describe("storedFields", () => {
  it("reads every field back from its column, in the order the fields were declared", () => {
    const input = fields.toInput(row);
    expect(input).toEqual({ title: { en: "Run" }, slug: "run", image: "i", content_packages: ["p"], estimated_duration: 20 });
    expect(Object.keys(input)).toEqual(["title", "slug", "image", "content_packages", "estimated_duration"]);
  });

  it("copies the plain fields into their columns and leaves the ones prepare writes itself", () => {
    expect(fields.copy({ title: "Run", slug: "run", image: "i", content_packages: ["p"], estimated_duration: 20 })).toEqual({
      imageId: "i",
      contentPackages: ["p"],
      estimatedDuration: 20,
    });
  });

  it("writes null for an absent field, or the value it declares", () => {
    expect(fields.copy({ title: "Run" })).toEqual({ imageId: null, contentPackages: [], estimatedDuration: null });
    expect(fields.copy({ title: "Run", image: null, estimated_duration: 0 })).toEqual({ imageId: null, contentPackages: [], estimatedDuration: 0 });
  });
});
