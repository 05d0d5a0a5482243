import type { FilterSpec } from "./types";

/** A workout-like allowlist shared by this folder's tests; it covers every field type and operator. */
export const fixtureSpec = {
  fields: {
    q: { type: "string", operators: ["eq", "contains"] },
    title: { type: "string", operators: ["eq", "contains"] },
    level: { type: "enum", values: ["beginner", "intermediate", "advanced"], operators: ["eq", "in"] },
    body_parts: { type: "int", operators: ["eq", "in", "and"] },
    content_packages: { type: "uuid", operators: ["eq", "in", "and"] },
    locations: { type: "enum", values: ["home", "club", "outdoor"], operators: ["eq", "in", "and"] },
    instructor: { type: "uuid", operators: ["eq", "in"] },
    template: { type: "boolean", operators: ["eq"] },
    status: { type: "status", operators: ["in", "and"] },
    estimated_duration: { type: "int", operators: ["eq", "in", "gte", "lte"] },
    created_at: { type: "date", operators: ["eq", "in", "gte", "lte"] },
    equipment_brands: { type: "int", operators: ["in"], bareOperator: "in" },
  },
  order: { updated: {}, created: {}, title: {}, level: {} },
  defaultOrder: [{ field: "updated", direction: "desc" }],
} as const satisfies FilterSpec;
