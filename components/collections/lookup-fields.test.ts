import { describe, expect, it } from "vitest";
import { chosenLabelsRead, EDITOR_LOOKUPS, lookupValuesOf } from "./lookup-fields";

describe("the chosen lookup labels the pickers and the editor's first paint read alike", () => {
  it("reads a record's lookup field as the picker's values: a list, one value, or none", () => {
    expect(lookupValuesOf([3, 1, "x"])).toEqual([3, 1, "x"]);
    expect(lookupValuesOf(7)).toEqual([7]);
    expect(lookupValuesOf("2cc3814f-a1da-45b7-8331-1d9a47af41e3")).toEqual(["2cc3814f-a1da-45b7-8331-1d9a47af41e3"]);
    expect([lookupValuesOf(null), lookupValuesOf(undefined), lookupValuesOf(""), lookupValuesOf([{ id: 1 }])]).toEqual([[], [], [], []]);
  });

  it("keys the labels by the values whatever their order, and asks for them in one list request", () => {
    const goals = EDITOR_LOOKUPS.workouts.goals;
    const read = chosenLabelsRead(goals, [12, 3], "de");
    expect(read.key).toEqual(chosenLabelsRead(goals, [3, 12], "de").key);
    expect(read.key).toEqual(["picker", "/content/goals", "de", "chosen", "id", "12,3"]);
    expect(read.paths).toEqual(["/content/goals?filter%5Bwhere%5D%5Bid%5D%5Bin%5D=12%2C3&filter%5Blimit%5D=2"]);
    expect(chosenLabelsRead(goals, [12, 3], "fr").key).not.toEqual(read.key);
  });

  it("selects by the field's value key, or reads each value where the list cannot select", () => {
    expect(chosenLabelsRead(EDITOR_LOOKUPS["on-demand"].categories, ["a"], "en").paths).toEqual(["/content/categories?filter%5Bwhere%5D%5Buuid%5D%5Bin%5D=a&filter%5Blimit%5D=1"]);
    const user = chosenLabelsRead(EDITOR_LOOKUPS.instructors.user_id, ["u/1"], "en");
    expect(user).toEqual({ key: ["picker", "/users", "en", "chosen", "id", "u/1"], paths: ["/users/u%2F1"] });
  });
});
