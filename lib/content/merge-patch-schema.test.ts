import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createSchema } from "zod-openapi";
import { mergePatchSchemaOf } from "./merge-patch-schema";

const input = z.object({
  title: z.union([z.string(), z.record(z.string(), z.string())]),
  summary: z.string().optional().meta({ description: "A one-line description" }),
  slug: z.string().min(3).nullable().optional(),
  brand_id: z.number().int().nullable(),
  tags: z.array(z.string()).default([]),
});

describe("mergePatchSchemaOf", () => {
  const patch = mergePatchSchemaOf(input, { id: "ThingPatch", description: "A merge patch" });

  it("makes every member optional", () => {
    expect(patch.safeParse({}).success).toBe(true);
    expect(patch.safeParse({ title: { de: "Titel" } }).success).toBe(true);
  });

  it("lets null through to the merge (a required member then goes missing: 400 is required)", () => {
    expect(patch.safeParse({ summary: null, slug: null, tags: null }).success).toBe(true);
    expect(patch.safeParse({ title: null, brand_id: null }).data).toEqual({ title: null, brand_id: null });
  });

  it("keeps each member's own rules, and drops other members as every body does", () => {
    expect(patch.safeParse({ slug: "ab" }).success).toBe(false);
    expect(patch.safeParse({ brand_id: "3" }).success).toBe(false);
    expect(patch.safeParse({ level: "advanced", days_total: 3 }).data).toEqual({});
  });

  it("is documented as a closed object with the members' descriptions", () => {
    const { components } = createSchema(patch, { io: "input" });
    const schema = components?.ThingPatch as { additionalProperties: unknown; required?: unknown; properties: Record<string, { description?: string }> };
    expect(schema.additionalProperties).toBe(false);
    expect(schema.required).toBeUndefined();
    expect(Object.keys(schema.properties)).toEqual(["title", "summary", "slug", "brand_id", "tags"]);
    expect(schema.properties.summary?.description).toBe("A one-line description");
  });

  it("documents null only where it deletes", () => {
    const { components } = createSchema(patch, { io: "input" });
    const properties = (components?.ThingPatch as { properties: Record<string, unknown> }).properties;
    const allowsNull = (name: string) => JSON.stringify(properties[name]).includes('"null"');
    expect(["title", "summary", "slug", "brand_id", "tags"].filter(allowsNull)).toEqual(["summary", "slug", "tags"]);
    expect(properties.brand_id).toEqual({ type: "integer", minimum: -9007199254740991, maximum: 9007199254740991 });
  });
});
