import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

/**
 * Checks answers of the API against the OpenAPI document the server serves (docs/api.md, "OpenAPI
 * document"): the status must be listed for the operation, and the body must be of a listed media
 * type and match its schema. Requests that reach no operation (an unknown path, a method the path
 * lacks) must answer the error body. API tests get this through `call` and `apiFetch`
 * (e2e/support/api.ts); the contract fuzz test uses it directly.
 */

export type OpenApiDocument = {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, unknown> };
};

export type OpenApiMediaType = { schema?: unknown };
export type OpenApiResponse = { description?: string; content?: Record<string, OpenApiMediaType>; headers?: Record<string, unknown> };
export type OpenApiParameter = { name: string; in: "path" | "query" | "header" | "cookie"; required?: boolean; schema?: Record<string, unknown> };
export type OpenApiOperation = {
  operationId?: string;
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content?: Record<string, OpenApiMediaType> };
  responses: Record<string, OpenApiResponse>;
  security?: unknown[];
};

export type MatchedOperation = { method: string; template: string; operation: OpenApiOperation; pathParams: Record<string, string> };

export type AnswerToCheck = {
  method: string;
  /** The request's path below the API's base (`/content/workouts/…?lang=de`), or a full URL. */
  path: string;
  status: number;
  /** The `Content-Type` header of the answer, if any. */
  contentType: string | null;
  /** The body as text ("" when there is none). */
  text: string;
};

const HTTP_METHODS = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);
const DOCUMENT_ID = "https://fitness-content-service.invalid/openapi.json";
const API_BASE = "/api/v3";

type PathEntry = { template: string; pattern: RegExp; names: string[]; literalSegments: number };

export class ContractViolation extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ContractViolation";
  }
}

export class ResponseValidator {
  private readonly ajv: Ajv2020;
  private readonly paths: PathEntry[];
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly inline = new WeakMap<object, ValidateFunction>();

  constructor(readonly document: OpenApiDocument) {
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false, validateFormats: true });
    addFormats(this.ajv);
    // The multipart file part; binary bodies are not validated as JSON.
    this.ajv.addFormat("binary", true);
    this.ajv.addSchema({ ...document, $id: DOCUMENT_ID } as object);
    this.paths = Object.keys(document.paths)
      .map((template) => {
        const names: string[] = [];
        const source = template
          .split("/")
          .map((segment) => {
            const parameter = /^\{(.+)\}$/.exec(segment);
            if (!parameter) return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
            names.push(parameter[1]!);
            return "([^/]+)";
          })
          .join("/");
        return { template, pattern: new RegExp(`^${source}$`), names, literalSegments: template.split("/").filter((s) => s && !s.startsWith("{")).length };
      })
      // A literal segment wins over a parameter (`/content/equipment/brands` over `/content/equipment/{id}`).
      .sort((a, b) => b.literalSegments - a.literalSegments);
  }

  /** Every operation of the document. */
  operations(): MatchedOperation[] {
    return Object.entries(this.document.paths).flatMap(([template, item]) =>
      Object.entries(item)
        .filter(([method]) => HTTP_METHODS.has(method))
        .map(([method, operation]) => ({ method: method.toUpperCase(), template, operation, pathParams: {} })),
    );
  }

  /** The path template a request path falls under, and its operation for `method` if the document has one. */
  match(method: string, requestPath: string): { template: string; operation?: MatchedOperation } | undefined {
    const pathname = apiPathname(requestPath);
    for (const entry of this.paths) {
      const found = entry.pattern.exec(pathname);
      if (!found) continue;
      const pathParams = Object.fromEntries(entry.names.map((name, index) => [name, safeDecode(found[index + 1]!)]));
      const item = this.document.paths[entry.template]!;
      // HEAD is answered as GET where the path has no HEAD operation of its own.
      const own = method.toLowerCase();
      const lower = own === "head" && !item.head ? "get" : own;
      const operation = item[lower];
      return { template: entry.template, operation: operation ? { method: lower.toUpperCase(), template: entry.template, operation, pathParams } : undefined };
    }
    return undefined;
  }

  /** The problems of one answer ([] when it keeps the contract). */
  check(answer: AnswerToCheck): string[] {
    const method = answer.method.toUpperCase();
    const where = `${method} ${apiPathname(answer.path)} → ${answer.status}`;
    const matched = this.match(method, answer.path);
    const mediaType = (answer.contentType ?? "").split(";", 1)[0]!.trim().toLowerCase();
    if (!matched?.operation) {
      // No operation: OPTIONS answers 204 with Allow; everything else is an error in the API's shape.
      if (method === "OPTIONS" && answer.status === 204) return [];
      if (answer.status < 400) return [`${where}: the document has no operation ${method} ${matched?.template ?? apiPathname(answer.path)}`];
      return this.checkBody(where, "Error", { $ref: `${DOCUMENT_ID}#/components/schemas/Error` }, mediaType, answer.text);
    }
    const { operation, template } = matched.operation;
    const operationName = `${method} ${template}${operation.operationId ? ` (${operation.operationId})` : ""}`;
    const response = operation.responses[String(answer.status)] ?? operation.responses[`${String(answer.status)[0]}XX`] ?? operation.responses.default;
    if (!response) {
      return [`${where}: status ${answer.status} is not listed for ${operationName}; it lists ${Object.keys(operation.responses).join(", ")}`];
    }
    const statusKey = Object.entries(operation.responses).find(([, value]) => value === response)![0];
    const content = response.content ?? {};
    const isHead = method === "HEAD";
    if (Object.keys(content).length === 0) {
      if (answer.text !== "" && !isHead) return [`${where}: ${operationName} lists no body for ${statusKey}, but the answer has one (${mediaType || "no Content-Type"}): ${excerpt(answer.text)}`];
      return [];
    }
    if (isHead) return [];
    const media = content[mediaType] ?? Object.entries(content).find(([name]) => name.endsWith("/*") && mediaType.startsWith(name.slice(0, -1)))?.[1];
    if (!media) {
      return [`${where}: ${operationName} lists ${Object.keys(content).join(", ")} for ${statusKey}, but the answer is ${mediaType || "without Content-Type"}`];
    }
    if (!mediaType.endsWith("json") || !media.schema) return [];
    const operationMethod = matched.operation.method.toLowerCase();
    const pointer = toFragment(["paths", template, operationMethod, "responses", statusKey, "content", mediaType, "schema"]);
    return this.checkBody(where, `${operationName} ${statusKey}`, { $ref: `${DOCUMENT_ID}${pointer}` }, mediaType, answer.text);
  }

  /** Throws a `ContractViolation` naming every problem of the answer. */
  assert(answer: AnswerToCheck): void {
    const problems = this.check(answer);
    if (problems.length > 0) {
      throw new ContractViolation(`the answer breaks the served OpenAPI document:\n  - ${problems.join("\n  - ")}`);
    }
  }

  /** Whether `value` matches the schema at `pointer` of the document (`#/components/schemas/Workout`). */
  validate(pointer: string, value: unknown): string[] {
    const validate = this.validatorFor(pointer, { $ref: `${DOCUMENT_ID}${pointer}` });
    return validate(value) ? [] : describeErrors(validate.errors);
  }

  /** Whether `value` matches `schema`, a schema taken from the document (its `$ref`s resolve against it). */
  validateSchema(schema: unknown, value: unknown): string[] {
    let validate = this.inline.get(schema as object);
    if (!validate) {
      validate = this.ajv.compile({ ...(schema as object), components: this.document.components });
      this.inline.set(schema as object, validate);
    }
    return validate(value) ? [] : describeErrors(validate.errors);
  }

  private checkBody(where: string, key: string, schema: object, mediaType: string, text: string): string[] {
    if (!mediaType.endsWith("json")) return [`${where}: the body should be JSON (${key}) but is ${mediaType || "without Content-Type"}: ${excerpt(text)}`];
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return [`${where}: the body is not JSON: ${excerpt(text)}`];
    }
    const validate = this.validatorFor(key, schema);
    if (validate(body)) return [];
    return describeErrors(validate.errors).map((problem) => `${where}: the body does not match the schema of ${key}: ${problem}; body: ${excerpt(text)}`);
  }

  private validatorFor(key: string, schema: object): ValidateFunction {
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.ajv.compile(schema);
      this.compiled.set(key, validate);
    }
    return validate;
  }
}

function describeErrors(errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).slice(0, 8).map((error) => {
    const extra = error.keyword === "additionalProperties" ? ` '${String((error.params as { additionalProperty?: string }).additionalProperty)}'` : "";
    return `${error.instancePath || "/"} ${error.message ?? error.keyword}${extra}`;
  });
}

/** A JSON Pointer as a URI fragment (`#/paths/~1content~1workouts~1%7Bid%7D/…`). */
function toFragment(segments: string[]): string {
  return `#/${segments.map((segment) => encodeURIComponent(segment.replace(/~/g, "~0").replace(/\//g, "~1"))).join("/")}`;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function excerpt(text: string): string {
  return text.length > 300 ? `${text.slice(0, 300)}…` : text || "(empty)";
}

/** `/content/x?y` or `http://host/api/v3/content/x?y` → `/content/x`. */
export function apiPathname(requestPath: string): string {
  const pathname = /^https?:/.test(requestPath) ? new URL(requestPath).pathname : requestPath.split(/[?#]/, 1)[0]!;
  return pathname.startsWith(`${API_BASE}/`) ? pathname.slice(API_BASE.length) : pathname;
}
