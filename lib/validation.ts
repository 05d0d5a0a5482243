import type { z } from "zod";
import { ApiError, toJsonPointer, type ErrorDetail } from "@/lib/http/errors";

/**
 * Validates `input` against `schema`. Missing required attributes are a 400, anything present but
 * invalid a 422 (api-decisions §1); each problem is reported with a JSON Pointer to its field.
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
  const first = details[0]!;
  const where = first.path ? `${first.path}: ` : "";
  const more = details.length > 1 ? ` (and ${details.length - 1} more)` : "";
  return isMissing
    ? throwError(new ApiError("bad_request", `${where}${first.message}${more}`, details))
    : throwError(new ApiError("unprocessable", `${where}${first.message}${more}`, details));
}

function throwError(error: ApiError): never {
  throw error;
}
