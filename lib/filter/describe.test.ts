import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { describeFilterParameters, filterValueSchema } from "./describe";
import { parseFilter } from "./parse";
import type { FieldSpec, FilterOperator, FilterSpec } from "./types";

const ajv = new Ajv2020({ strict: false });
addFormats(ajv);

const FIELDS: Record<string, FieldSpec> = {
  id: { type: "int", operators: ["eq", "in"] },
  uuid: { type: "uuid", operators: ["eq", "in"] },
  name: { type: "string", operators: ["eq", "contains", "in"] },
  level: { type: "enum", values: ["beginner", "advanced"], operators: ["eq", "in"] },
  template: { type: "boolean", operators: ["eq"] },
  created: { type: "date", operators: ["gte", "in"] },
  status: { type: "status", operators: ["in", "and"] },
};
const spec: FilterSpec = { fields: FIELDS, order: { created: {} }, defaultOrder: [{ field: "created", direction: "desc" }] };

/** Whether the parser reads the value, and whether the document's schema calls it valid. */
function verdicts(field: string, operator: FilterOperator, value: string) {
  let parsed = true;
  try {
    parseFilter(new URLSearchParams([[`filter[where][${field}][${operator}]`, value]]), spec);
  } catch {
    parsed = false;
  }
  const schema = filterValueSchema(FIELDS[field]!, operator);
  const documented = ajv.validate(schema, schema.type === "integer" && /^-?\d+$/.test(value) ? Number(value) : value);
  return { parsed, documented };
}

describe("filterValueSchema: a value the document calls valid is one the parser reads", () => {
  it.each([
    ["id", "eq", "42"],
    ["id", "in", "1, 2,3"],
    ["uuid", "eq", "3f2c1e9a-5b4d-4c7e-8a1f-0d9e8c7b6a54"],
    ["uuid", "in", "3f2c1e9a-5b4d-4c7e-8a1f-0d9e8c7b6a54,3F2C1E9A-5B4D-4C7E-8A1F-0D9E8C7B6A55"],
    ["name", "contains", " run "],
    ["name", "in", "a,b c"],
    ["level", "eq", "advanced"],
    ["level", "in", "beginner, advanced"],
    ["template", "eq", "1"],
    ["created", "gte", "2026-02-28"],
    ["created", "gte", "2026-02-28T10:00:00.123Z"],
    ["created", "in", "2026-01-01,2026-01-02T00:00+02:00"],
    ["status", "in", "default:published,de:draft"],
    ["status", "and", "published"],
  ] as const)("%s %s %j: valid and read", (field, operator, value) => {
    expect(verdicts(field, operator, value)).toEqual({ parsed: true, documented: true });
  });

  it.each([
    ["id", "eq", "x"],
    ["id", "in", "1,,2"],
    ["uuid", "eq", "not-a-uuid"],
    ["name", "eq", ""],
    ["name", "eq", "   "],
    ["name", "in", "a, ,b"],
    ["level", "eq", "expert"],
    ["template", "eq", "yes"],
    ["created", "gte", "2026-02-30"],
    ["created", "gte", "2026-01-01T10:00:00"],
    ["status", "in", "default:live"],
  ] as const)("%s %s %j: invalid and refused", (field, operator, value) => {
    expect(verdicts(field, operator, value)).toEqual({ parsed: false, documented: false });
  });
});

describe("describeFilterParameters", () => {
  it("marks a required field's bare form required, and says why", () => {
    const parameters = describeFilterParameters({ ...spec, fields: { language: { type: "string", operators: ["eq", "in"], required: "the language to translate into" } } });
    const language = parameters.filter((parameter) => parameter.name.startsWith("filter[where][language]"));
    expect(language.map((parameter) => [parameter.name, parameter.required ?? false])).toEqual([
      ["filter[where][language][eq]", true],
      ["filter[where][language][in]", false],
    ]);
    expect(language[0]!.description).toContain("required: the language to translate into");
  });
});

describe("parseFilter: required fields", () => {
  const required: FilterSpec = { fields: { language: { type: "string", operators: ["eq"], required: "the language to translate into" }, state: { type: "string", operators: ["eq"] } }, order: {}, defaultOrder: [] };
  const refusal = (query: string) => {
    try {
      parseFilter(new URLSearchParams(query), required);
    } catch (error) {
      return { message: (error as Error).message, details: (error as { details?: unknown }).details };
    }
    return undefined;
  };

  it("refuses a request without the field with 400 naming it", () => {
    expect(refusal("filter[where][state]=x")).toEqual({
      message: "filter[where][language] is required: the language to translate into",
      details: [{ path: "filter[where][language]", message: "is required" }],
    });
  });

  it("lists it with the other problems", () => {
    expect(refusal("filter[where][nope]=x")?.details).toEqual([
      { path: "filter[where][nope]", message: expect.stringContaining("unknown filter field 'nope'") },
      { path: "filter[where][language]", message: "is required" },
    ]);
  });

  it("accepts the bare form", () => {
    expect(refusal("filter[where][language]=de")).toBeUndefined();
  });
});
