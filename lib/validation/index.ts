import type { z } from "zod";
import { ApiError, toJsonPointer, type ErrorDetail } from "@/lib/core/errors";

/**
 * How deeply objects and arrays may nest in a request: far beyond any real payload (a training plan's
 * texts sit about ten levels down), and low enough that no code walking the input can exhaust the
 * stack (docs/api.md, "Text and structure in requests").
 */
export const MAX_INPUT_DEPTH = 64;

/**
 * Why a text from a request cannot be kept, or `undefined` when it can. PostgreSQL stores neither NUL
 * (U+0000) in text and JSON nor an unpaired UTF-16 surrogate in JSON, so both are refused at the edge
 * for every field, whatever column it would reach (docs/api.md, "Text and structure in requests").
 */
export function describeUnsafeText(value: string): string | undefined {
  if (value.includes("\u0000")) return "must not contain the NUL character (U+0000)";
  if (!value.isWellFormed()) return "must not contain an unpaired UTF-16 surrogate";
  return undefined;
}

/**
 * Text from outside any request that the service keeps (a webhook receiver's answer, say) made
 * storable: NUL and unpaired surrogates become U+FFFD, since there is nobody to refuse it to.
 */
export function toStorableText(value: string): string {
  return value.replaceAll("\u0000", "\ufffd").toWellFormed();
}

type Located = { path: PropertyKey[]; message: string };

/**
 * Every string (value or object key) in `input` that cannot be kept, and the first place where the
 * input nests deeper than `MAX_INPUT_DEPTH`. Iterative, so a hostile depth costs no stack.
 */
export function findUnsafeInput(input: unknown): Located[] {
  const problems: Located[] = [];
  const pending: { value: unknown; path: PropertyKey[] }[] = [{ value: input, path: [] }];
  let isTooDeep = false;
  while (pending.length > 0) {
    const { value, path } = pending.pop()!;
    const key = path.at(-1);
    const keyProblem = typeof key === "string" ? describeUnsafeText(key) : undefined;
    if (keyProblem) problems.push({ path, message: `member name ${keyProblem}` });
    if (typeof value === "string") {
      const message = describeUnsafeText(value);
      if (message) problems.push({ path, message });
      continue;
    }
    if (value === null || typeof value !== "object") continue;
    if (path.length >= MAX_INPUT_DEPTH) {
      if (!isTooDeep) problems.push({ path, message: `nests objects or arrays more than ${MAX_INPUT_DEPTH} levels deep` });
      isTooDeep = true;
      continue;
    }
    const entries = Array.isArray(value) ? value.map((item, index) => [index, item] as const) : Object.entries(value);
    // Reversed onto the stack, so problems come out in document order.
    for (let index = entries.length - 1; index >= 0; index--) {
      const [name, item] = entries[index]!;
      pending.push({ value: item, path: [...path, name] });
    }
  }
  return problems;
}

/**
 * Validates `input` against `schema`. Missing required attributes are a 400, anything present but
 * invalid a 422 (docs/api.md "Errors"); each problem is reported with a JSON Pointer to its field.
 * `prefix` places the pointers, e.g. under a query parameter's name.
 */
export function validateInput<S extends z.ZodType>(schema: S, input: unknown, prefix: (string | number)[] = []): z.output<S> {
  return validate(schema, input, (path) => toJsonPointer([...prefix, ...path]));
}

/** Validates one header or query value; problems are reported under the parameter's name. */
export function validateParameter<S extends z.ZodType>(schema: S, value: unknown, name: string): z.output<S> {
  return validate(schema, value, (path) => [name, ...path.map(String)].join("."));
}

function validate<S extends z.ZodType>(schema: S, input: unknown, locate: (path: PropertyKey[]) => string): z.output<S> {
  const unsafe = findUnsafeInput(input);
  if (unsafe.length > 0) {
    throw invalid("unprocessable", unsafe.map(({ path, message }) => ({ path: locate(path), message })));
  }
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;

  let isMissing = false;
  const details: ErrorDetail[] = [];
  for (const issue of result.error.issues) {
    const missing = (issue.code === "invalid_type" || issue.code === "invalid_union" || issue.code === "invalid_value") && issue.input === undefined;
    isMissing ||= missing;
    details.push({
      path: locate(issue.path),
      message: missing ? "is required" : issue.message,
    });
  }
  throw invalid(isMissing ? "bad_request" : "unprocessable", details);
}

/** The 400 or 422 for field problems: the first one in the message, every one in `details`. */
function invalid(code: "bad_request" | "unprocessable", details: ErrorDetail[]): ApiError {
  const first = details[0]!;
  const where = first.path ? `${first.path}: ` : "";
  const more = details.length > 1 ? ` (and ${details.length - 1} more)` : "";
  return new ApiError(code, `${where}${first.message}${more}`, details);
}
