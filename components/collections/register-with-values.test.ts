import { describe, expect, it } from "vitest";
import type { UseFormGetValues, UseFormRegister } from "react-hook-form";
import { registerCheckbox, registerWithValues } from "./register-with-values";

type Values = { title: string; time: number; notes: string | null; locations: string[]; template: boolean };
const values: Values = { title: "Hill sprints", time: Number.NaN, notes: null, locations: ["home"], template: true };
const form = {
  register: ((name: string) => ({ name, onChange: async () => undefined, onBlur: async () => undefined, ref: () => undefined })) as unknown as UseFormRegister<Values>,
  getValues: ((name: keyof Values) => values[name]) as unknown as UseFormGetValues<Values>,
};

describe("inputs registered with their values in the server's HTML", () => {
  it("gives a text input its value as its default, and nothing for null or an emptied number", () => {
    const register = registerWithValues(form);
    expect(register("title")).toMatchObject({ name: "title", defaultValue: "Hill sprints" });
    expect(register("time").defaultValue).toBe("");
    expect(register("notes").defaultValue).toBe("");
  });

  it("checks a checkbox when its field is true or its list holds the box's value", () => {
    expect(registerCheckbox(form, "template")).toMatchObject({ name: "template", defaultChecked: true });
    expect(registerCheckbox(form, "locations", "home")).toMatchObject({ defaultChecked: true, value: "home" });
    expect(registerCheckbox(form, "locations", "club")).toMatchObject({ defaultChecked: false, value: "club" });
  });
});
