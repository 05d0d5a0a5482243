/**
 * Building blocks for request schemas whose problems read well and land on the right status: a missing
 * required field must be an `invalid_type` issue without input (400 through validateInput), anything
 * present but wrong any other issue (422), each with a message for people. Bare enums, literals and
 * discriminated unions report an absent value as `invalid_value` or `invalid_union`, and say "Invalid
 * input"; these wrappers report it as missing. Pure and isomorphic: zod only.
 */
import { z } from "zod";

/** Whether `value` is a JSON object (not null, not an array). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A string enum or literal `schema`, with an absent value reported as missing (they would report `invalid_value`). */
export function requiredInput<S extends z.ZodType>(schema: S) {
  return z.preprocess((value: z.input<S>, ctx) => {
    if ((value as unknown) === undefined) ctx.issues.push({ code: "invalid_type", expected: "string", input: undefined });
    return value;
  }, schema);
}

/**
 * A discriminated union whose discriminator is reported as missing when absent (zod reports
 * `invalid_union` for the whole object) and, when unknown, as `invalid_value` listing the allowed values.
 */
export function discriminatedInput<U extends z.ZodType>(union: U, key: string, values: readonly string[]) {
  const message = `must be one of ${values.join(", ")}`;
  return z.preprocess((value: z.input<U>, ctx) => {
    const raw: unknown = value;
    if (isPlainObject(raw)) {
      const tag = raw[key];
      if (tag === undefined) {
        ctx.issues.push({ code: "invalid_type", expected: "string", input: undefined, path: [key] });
      } else if (typeof tag !== "string" || !values.includes(tag)) {
        ctx.issues.push({ code: "invalid_value", values: [...values], input: tag, path: [key], message });
      }
    }
    return value;
  }, union);
}

/** An array with its bounds in words. */
export function listOf<S extends z.ZodType>(item: S, min: number, max: number) {
  return z
    .array(item, "must be an array")
    .min(min, `must have at least ${min} ${min === 1 ? "entry" : "entries"}`)
    .max(max, `must have at most ${max} entries`);
}

/** A whole number of at least `min`, described for the OpenAPI document. */
export function wholeNumber(min: number, description: string) {
  return z.int("must be a whole number").min(min, `must be at least ${min}`).meta({ description });
}

/** A number of at least 0 (a weight, a count, a duration), described for the OpenAPI document. */
export function amount(description: string) {
  return z.number("must be a number").min(0, "must be at least 0").meta({ description });
}
