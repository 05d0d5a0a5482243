import { CONTENT_STATUSES, getBareOperator, isListOperator, MAX_LIMIT, type FieldSpec, type FilterOperator, type FilterSpec } from "./types";

/**
 * The `filter[...]` query parameters of a list as OpenAPI parameters: one per allowed field and
 * operator, each value described as tightly as `normalizeValue` (./values.ts) reads it, so a value the
 * document calls valid is one the parser accepts. Values are trimmed before they are read; list
 * operators take comma-separated items.
 */
export type FilterParameter = {
  name: string;
  in: "query";
  description: string;
  required?: boolean;
  schema: Record<string, unknown>;
};

const INT32 = { minimum: -2147483648, maximum: 2147483647 };
// Nine digits keep every item of a list inside the 32-bit range the parser allows.
const INT_ITEM = "-?\\d{1,9}";
const UUID_ITEM = "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}";
const TEXT_ITEM = "[^,]*[^,\\s][^,]*";
const DATE_ITEM = "\\d{4}-\\d{2}-\\d{2}(?:T\\d{2}:[0-5]\\d(?::[0-5]\\d(?:\\.\\d{1,6})?)?(?:Z|[+-]\\d{2}:\\d{2}))?";
const STATUS_ITEM = `(?:(?:default|[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})?):)?(?:${CONTENT_STATUSES.join("|")})`;
const BOOLEANS = ["true", "false", "1", "0"];

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

function listOf(item: string): Record<string, unknown> {
  return { type: "string", pattern: `^\\s*(?:${item})\\s*(?:,\\s*(?:${item})\\s*)*$` };
}

/** The schema of one value of `field` under `operator`. */
export function filterValueSchema(field: FieldSpec, operator: FilterOperator): Record<string, unknown> {
  const isList = isListOperator(operator);
  switch (field.type) {
    case "int":
      return isList ? listOf(INT_ITEM) : { type: "integer", ...INT32 };
    case "uuid":
      return isList ? listOf(UUID_ITEM) : { type: "string", format: "uuid" };
    case "string":
      return isList ? listOf(TEXT_ITEM) : { type: "string", minLength: 1, pattern: "\\S" };
    case "enum": {
      const values = field.values ?? [];
      return isList ? listOf(values.map(escapeRegExp).join("|")) : { type: "string", enum: [...values] };
    }
    case "boolean":
      return { type: "string", enum: BOOLEANS };
    case "date":
      return isList
        ? listOf(DATE_ITEM)
        : {
            anyOf: [
              { type: "string", format: "date" },
              { type: "string", format: "date-time", pattern: `^${DATE_ITEM}$` },
            ],
          };
    case "status":
      return isList ? listOf(STATUS_ITEM) : { type: "string", pattern: `^\\s*${STATUS_ITEM}\\s*$` };
  }
}

/** `filter[limit]`, `filter[offset]`, each field's conditions and each sort field (docs/api.md "Lists"). */
export function describeFilterParameters(spec: FilterSpec): FilterParameter[] {
  const parameters: FilterParameter[] = [
    { name: "filter[limit]", in: "query", description: `Page size (1 to ${MAX_LIMIT})`, schema: { type: "integer", minimum: 1, maximum: MAX_LIMIT, default: 20 } },
    { name: "filter[offset]", in: "query", description: "Start position in the result set", schema: { type: "integer", minimum: 0, maximum: Number.MAX_SAFE_INTEGER, default: 0 } },
  ];
  for (const [name, field] of Object.entries(spec.fields)) {
    for (const operator of field.operators) {
      const isList = isListOperator(operator);
      // A required field is required once, in its bare operator's form.
      const isRequired = Boolean(field.required) && operator === getBareOperator(field);
      parameters.push({
        name: `filter[where][${name}][${operator}]`,
        in: "query",
        description:
          `${name} ${operator}${isList ? " (comma-separated list; in = any, and = all)" : ""}` +
          `${field.type === "status" ? " — entries like default:published,de:draft" : ""}` +
          `${isRequired ? ` — required: ${field.required}` : ""}`,
        ...(isRequired ? { required: true } : {}),
        schema: filterValueSchema(field, operator),
      });
    }
  }
  for (const field of Object.keys(spec.order)) {
    parameters.push({ name: `filter[order][${field}]`, in: "query", description: `Sort by ${field}`, schema: { type: "string", enum: ["asc", "desc"] } });
  }
  return parameters;
}
