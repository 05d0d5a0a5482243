/**
 * Property-based contract test (docs/api.md "OpenAPI document", ADR 22): for every operation of the
 * served OpenAPI document, requests generated from the document's own schemas (fast-check draws the
 * cases with a fixed seed, json-schema-faker fills each schema) are sent to a real server as an admin
 * and as a member. For each answer: never a 5xx; the status is listed for the operation; the body
 * matches the listed schema; and a request the document calls valid is refused only by a rule of
 * `ALLOWED_REFUSALS`, each with its reason.
 */
import fc from "fast-check";
import { generateSync } from "json-schema-faker";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginAs } from "../support/api";
import { UPLOADS } from "../support/fixtures";
import type { MatchedOperation, OpenApiDocument, OpenApiParameter } from "../support/openapi-contract";
import type { TestServer } from "../support/server";
import { startWebhookServer } from "../support/webhook-receiver";

/** The run's seed: the same requests every run, so a failure can be replayed. */
const SEED = 27;
/** Examples per operation and role: requests the document calls valid, and deliberately broken ones. */
const VALID_RUNS = 4;
const INVALID_RUNS = 2;
const ORG_LANGUAGES = ["en", "de", "fr", "es"];
/** A tiny PNG (1×1), a file the upload endpoint accepts. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

const WEBVTT = "WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n";
/** An XLIFF 2.1 file with no units (its import writes nothing). */
const XLIFF =
  '<?xml version="1.0" encoding="UTF-8"?><xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.1" srcLang="en" trgLang="de"><file id="goals"><group id="empty"/></file></xliff>';

type Role = "admin" | "member";
type GeneratedRequest = {
  path: string;
  query: [string, string][];
  headers: Record<string, string>;
  body?: unknown;
  /** Whether the request keeps the document (checked with the document's own validator, not assumed). */
  isValid: boolean;
  /** How an invalid request was broken. */
  mutation?: string;
};
type Answer = { status: number; contentType: string | null; text: string; json?: unknown };

type Refusal = {
  /** A short name for the report. */
  rule: string;
  /** Why a valid request may get this answer: the business rule, as the operation's description states it. */
  reason: string;
  matches: (operation: MatchedOperation, role: Role, request: GeneratedRequest, answer: Answer) => boolean;
};

const errorText = (answer: Answer) => answer.text;
const isContentRead = (operation: MatchedOperation) => (operation.method === "GET" && operation.template.startsWith("/content/")) || operation.template === "/content/search";
const hasPathId = (operation: MatchedOperation) => operation.template.includes("{");

/**
 * Every way a request the document calls valid may still be refused: rules that depend on the data
 * (records that do not exist, the organization's languages) or on who asks, which no schema can
 * carry. Each is stated in docs/api.md and in the operation's description.
 */
export const ALLOWED_REFUSALS: Refusal[] = [
  {
    rule: "unknown record",
    reason: "an id in the path (or the token id of DELETE /auth/integration) names no record of the caller's organization, or one a mobile token may not see: 404",
    matches: (operation, _role, _request, answer) => answer.status === 404 && (hasPathId(operation) || operation.template === "/auth/integration"),
  },
  {
    rule: "mobile scope",
    reason: "member tokens are mobile-scope and read-only: they read published content and search; editorial reads (status history, translation queue) and every write need a platform token (403)",
    matches: (operation, role, _request, answer) => answer.status === 403 && role === "member" && (!isContentRead(operation) || /platform token/.test(answer.text)),
  },
  {
    rule: "login scope",
    reason: "a login names its scope in the X-Scope header or the body's `scope`; with neither it is a 400",
    matches: (operation, _role, _request, answer) => answer.status === 400 && operation.template === "/auth/login" && /X-Scope/.test(answer.text),
  },
  {
    rule: "feed cursor",
    reason: "the change feed's `since` is an opaque cursor the service issued to this organization; any other string is a 422 naming /since",
    matches: (operation, _role, _request, answer) => answer.status === 422 && operation.template === "/content/changes" && /"\/since"/.test(answer.text),
  },
  {
    rule: "search form",
    reason: "search cursors name each collection at most once, and do not combine with the other form (type, filter[limit], filter[offset]): 422",
    matches: (operation, _role, _request, answer) => answer.status === 422 && operation.template === "/content/search" && /given twice|cannot be combined/.test(answer.text),
  },
  {
    rule: "credentials",
    reason: "logging in or refreshing with credentials or tokens that do not exist: 401",
    matches: (operation, _role, _request, answer) => answer.status === 401 && ["/auth/login", "/auth/token/refresh"].includes(operation.template),
  },
  {
    rule: "login throttling",
    reason: "five failed logins for one account block it (429 with an unblock token), and an unblock token works only after its cool-down",
    matches: (operation, _role, _request, answer) => answer.status === 429 && operation.template === "/auth/login",
  },
  {
    rule: "references",
    reason: "ids in a body must name records of the organization (uploads of the right kind, exercises, lookups): 422 naming each",
    matches: (_operation, _role, _request, answer) => answer.status === 422 && /does not exist|unknown|not an? (image|video|audio|animated)|must be an? (image|video|audio)/i.test(errorText(answer)),
  },
  {
    rule: "organization languages",
    reason: "language codes (lang, text keys, status keys, Content-Language) must be languages the organization has: 400 for lang, 422 in bodies",
    matches: (_operation, _role, _request, answer) => (answer.status === 400 || answer.status === 422) && /language|not enabled/i.test(errorText(answer)),
  },
  {
    rule: "required texts",
    reason: "required texts need a value in the default language (422)",
    matches: (_operation, _role, _request, answer) => answer.status === 422 && /default[- ]language|is required|has no .* text/i.test(errorText(answer)),
  },
  {
    rule: "conflicts",
    reason: "uniqueness and use: a slug or email taken, a record in use, the last admin, the tenth integration token, a disabled receiver (409)",
    matches: (_operation, _role, _request, answer) => answer.status === 409,
  },
  {
    rule: "stale If-Match",
    reason: "an If-Match tag that does not name the current version: 412",
    matches: (_operation, _role, request, answer) => answer.status === 412 && "if-match" in request.headers,
  },
  {
    rule: "file contents",
    reason: "an upload's type comes from its bytes, and crops must lie inside the image with their style's ratio (422)",
    matches: (operation, _role, _request, answer) => answer.status === 422 && operation.template.startsWith("/uploads"),
  },
  {
    rule: "schedules",
    reason: "a schedule's time may not be before the current minute, and its transitions must be allowed from the status the record will have then (422)",
    matches: (operation, _role, _request, answer) => answer.status === 422 && operation.template.endsWith("/schedules") && /is in the past|cannot change from/.test(answer.text),
  },
  {
    rule: "import column mapping",
    reason: "a bulk import's `columns` maps a CSV file's columns; with a JSON Lines body it is a 422 naming /columns",
    matches: (operation, _role, _request, answer) => answer.status === 422 && operation.template === "/imports/content" && /only a CSV file's columns can be mapped/.test(answer.text),
  },
  {
    rule: "publishing",
    reason: "status transitions and the texts a language needs before it is published (422)",
    matches: (operation, _role, _request, answer) => answer.status === 422 && operation.template.endsWith("/status"),
  },
];

let server: TestServer;
let stopServer: () => Promise<void>;
let document: OpenApiDocument;
const tokens: Partial<Record<Role, string>> = {};
/** Ids of records the run created (and the fixture uploads), by the path they are read under. */
const pools = new Map<string, Set<string>>();
const report = { operations: new Set<string>(), requests: 0, valid: 0, validAccepted: 0, invalid: 0, invalidRefused: 0, refusedBy: new Map<string, number>() };

beforeAll(async () => {
  // Webhooks enabled so their operations are reachable (receivers are on 127.0.0.1, see
  // localReceiver: nothing leaves the machine); no request rate limit (it would answer every case alike).
  const started = await startWebhookServer(["alpha"], { RATE_LIMIT_PER_MINUTE: "1000000" });
  server = started.server;
  stopServer = started.stop;
  document = server.contract.document;
  tokens.admin = (await loginAs(server, "alphaAdmin")).token;
  tokens.member = (await loginAs(server, "alphaMember", "mobile")).token;
  pools.set("/uploads/{id}", new Set(Object.values(UPLOADS).filter((upload) => upload.org === "alpha").map((upload) => upload.id)));
});

afterAll(async () => {
  await stopServer?.();
});

/** The operations in an order that lets creates feed later reads and writes: creates, reads, writes, deletes. */
function orderedOperations(): MatchedOperation[] {
  const rank = (operation: MatchedOperation) =>
    operation.method === "POST" && !hasPathId(operation) ? 0 : operation.method === "GET" ? 1 : operation.method === "DELETE" ? 3 : 2;
  return server.contract.operations().sort((a, b) => rank(a) - rank(b) || a.template.localeCompare(b.template) || a.method.localeCompare(b.method));
}

/**
 * The document's schema for json-schema-faker, as a component beside the document's own so its refs
 * resolve (a `components` member on the schema itself would be filled in as a property).
 */
function withComponents(schema: unknown): Record<string, unknown> {
  const schemas = { ...document.components?.schemas, GeneratedTarget: schema };
  return { $ref: "#/components/schemas/GeneratedTarget", components: { ...document.components, schemas } };
}

/** An arbitrary of values of `schema`: fast-check draws the seed, json-schema-faker fills the schema. */
function valueOf(schema: unknown): fc.Arbitrary<unknown> {
  const root = withComponents(schema);
  return fc.integer({ min: 1, max: 2 ** 31 - 1 }).map((seed) =>
    generateSync(root, { seed, maxDepth: 4, maxDefaultItems: 2, optionalsProbability: 0.5, minDateTime: "2020-01-01", maxDateTime: "2030-12-31" } as never),
  );
}

/** The path's prefix up to a parameter: the pool its values come from (`/content/workouts/{id}`). */
function poolKey(template: string, parameter: string): string {
  return template.slice(0, template.indexOf(`{${parameter}}`) + parameter.length + 2);
}

function parameterValue(operation: MatchedOperation, parameter: OpenApiParameter): fc.Arbitrary<unknown> {
  const generated = valueOf(parameter.schema ?? {});
  if (parameter.in === "path") {
    const pool = [...(pools.get(poolKey(operation.template, parameter.name)) ?? [])];
    return pool.length > 0 ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...pool) }, { weight: 1, arbitrary: generated }) : generated;
  }
  // `lang` names languages: mostly the organization's own (others are a 400 by rule).
  if (parameter.name === "lang") {
    return fc.oneof({ weight: 4, arbitrary: fc.subarray(ORG_LANGUAGES, { minLength: 1 }).map((codes) => codes.join(",")) }, { weight: 1, arbitrary: generated });
  }
  if (parameter.name === "filter[where][language][eq]") return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...ORG_LANGUAGES) }, { weight: 1, arbitrary: generated });
  return generated;
}

function jsonBodySchema(operation: MatchedOperation): unknown {
  return operation.operation.requestBody?.content?.["application/json"]?.schema;
}

function isMultipart(operation: MatchedOperation): boolean {
  return Boolean(operation.operation.requestBody?.content?.["multipart/form-data"]);
}

/** Receiver addresses stay on this machine (a closed port): nothing leaves it, nothing is looked up. */
function localReceiver(body: unknown, index: number): unknown {
  if (body && typeof body === "object" && !Array.isArray(body) && typeof (body as { url?: unknown }).url === "string") {
    return { ...(body as Record<string, unknown>), url: `http://127.0.0.1:9/hooks/${index}` };
  }
  return body;
}

/** Requests the document calls valid (as far as the generator manages; each is checked). */
function validRequests(operation: MatchedOperation): fc.Arbitrary<GeneratedRequest> {
  const parameters = (operation.operation.parameters ?? []).filter((parameter) => parameter.in !== "cookie");
  const parts = parameters.map((parameter) =>
    parameter.required || parameter.in === "path"
      ? parameterValue(operation, parameter).map((value) => [parameter, value] as const)
      : fc.option(parameterValue(operation, parameter).map((value) => [parameter, value] as const), { freq: 3 }),
  );
  const bodySchema = jsonBodySchema(operation);
  const body = bodySchema ? valueOf(bodySchema) : fc.constant(undefined);
  return fc.tuple(fc.tuple(...parts), body, fc.nat()).map(([values, generatedBody, index]) => {
    let path = operation.template;
    const query: [string, string][] = [];
    const headers: Record<string, string> = {};
    for (const entry of values) {
      if (!entry) continue;
      const [parameter, value] = entry;
      const text = typeof value === "string" ? value : JSON.stringify(value);
      if (parameter.in === "path") path = path.replace(`{${parameter.name}}`, encodeURIComponent(text));
      else if (parameter.in === "query") query.push([parameter.name, text]);
      // A header value with a line break cannot be sent by any HTTP client: such a case goes without it.
      else if (parameter.in === "header" && /^[\t\x20-\x7e]*$/.test(text)) headers[parameter.name] = text;
    }
    const requestBody = operation.template.startsWith("/webhooks") ? localReceiver(generatedBody, index) : generatedBody;
    return { path, query, headers, body: requestBody, isValid: true };
  });
}

/** One way of breaking a valid request: the whole body, one member, or a path parameter. */
function invalidRequests(operation: MatchedOperation): fc.Arbitrary<GeneratedRequest> {
  const bodySchema = jsonBodySchema(operation) as { properties?: Record<string, { type?: unknown }> } | undefined;
  return fc.tuple(validRequests(operation), fc.nat(), fc.constantFrom("body type", "member type", "path parameter")).map(([request, index, kind]) => {
    if (kind === "body type" && bodySchema) return { ...request, body: [request.body, index], isValid: false, mutation: "the body replaced by an array" };
    const members = Object.keys(bodySchema?.properties ?? {});
    if (kind === "member type" && members.length > 0 && request.body && typeof request.body === "object" && !Array.isArray(request.body)) {
      const member = members[index % members.length]!;
      return { ...request, body: { ...(request.body as object), [member]: { nested: [true, index] } }, isValid: false, mutation: `/${member} replaced by an object` };
    }
    if (operation.template.includes("{")) {
      const path = operation.template.replace(/\{[^}]+\}/, "not%20an%20id").replace(/\{[^}]+\}/g, "x");
      return { ...request, path, isValid: false, mutation: "a path parameter that is no id" };
    }
    return { ...request, body: request.body === undefined ? undefined : 42, isValid: request.body === undefined ? request.isValid : false, mutation: "the body replaced by a number" };
  });
}

/** Whether the request keeps the document: path, query and header values, and the JSON body. */
function keepsDocument(operation: MatchedOperation, request: GeneratedRequest): boolean {
  const contract = server.contract;
  for (const parameter of operation.operation.parameters ?? []) {
    if (parameter.in === "cookie") continue;
    const given = parameter.in === "query" ? request.query.find(([name]) => name === parameter.name)?.[1] : parameter.in === "header" ? request.headers[parameter.name] : "(path)";
    if (given === undefined) {
      if (parameter.required) return false;
      continue;
    }
    if (parameter.in === "path") continue;
    const schema = parameter.schema ?? {};
    const value = schema.type === "integer" || schema.type === "number" ? Number(given) : given;
    if (contract.validateSchema(schema, value).length > 0) return false;
  }
  const bodySchema = jsonBodySchema(operation);
  if (bodySchema && contract.validateSchema(bodySchema, request.body).length > 0) return false;
  return true;
}

/**
 * fetch, tried a second time when the server had already closed the kept-alive connection it was
 * sent on ("other side closed": the request never reached the server, so nothing happens twice).
 */
async function fetchOnce(url: URL, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    if (cause?.code !== "UND_ERR_SOCKET") throw error;
    return fetch(url, init);
  }
}

async function send(operation: MatchedOperation, role: Role, request: GeneratedRequest): Promise<Answer> {
  const url = new URL(`${server.apiUrl}${request.path}`);
  for (const [name, value] of request.query) url.searchParams.append(name, value);
  // A header value with a line break or beyond Latin-1 cannot be sent by any HTTP client.
  const sendable = Object.entries(request.headers).filter(([, value]) => /^[\t\x20-\x7e\x80-\xff]*$/.test(value));
  const headers: Record<string, string> = { ...Object.fromEntries(sendable), Authorization: `Bearer ${tokens[role]}` };
  let body: BodyInit | undefined;
  const rawType = Object.keys(operation.operation.requestBody?.content ?? {}).find((type) => type !== "application/json" && type !== "multipart/form-data");
  if (rawType) {
    // Bytes of the documented media type: captions as WebVTT, translations as XLIFF, anything else a tiny PNG.
    body = rawType.startsWith("text/") ? WEBVTT : rawType === "application/xliff+xml" ? XLIFF : new Uint8Array(PNG);
    headers["Content-Type"] = rawType;
  } else if (isMultipart(operation)) {
    const form = new FormData();
    form.append("file", new Blob([PNG], { type: "image/png" }), "pixel.png");
    const name = (request.body as { name?: unknown } | undefined)?.name;
    if (typeof name === "string") form.append("name", name);
    body = form;
  } else if (request.body !== undefined) {
    body = JSON.stringify(request.body);
    headers["Content-Type"] = "application/json";
  }
  const response = await fetchOnce(url, { method: operation.method, headers, body }).catch((error: unknown) => {
    // A request that gets no answer at all names itself, so a failure says which one and why.
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new Error(`${operation.method.toUpperCase()} ${request.path} as ${role}: no answer (${String((error as Error).message)}; ${cause?.code ?? ""} ${cause?.message ?? ""})`, { cause: error });
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, contentType: response.headers.get("content-type"), text, json };
}

/** Records a created record's id under the path it is read by. */
function harvest(operation: MatchedOperation, answer: Answer): void {
  if (operation.method !== "POST" || answer.status !== 201) return;
  const id = (answer.json as { id?: unknown } | undefined)?.id;
  const key = `${operation.template}/{id}`;
  if ((typeof id === "string" || typeof id === "number") && document.paths[key]) {
    const pool = pools.get(key) ?? new Set<string>();
    pool.add(String(id));
    pools.set(key, pool);
  }
}

/** The example the document gives for the operation's JSON body (on the schema or its component), if any. */
function documentedExample(operation: MatchedOperation): unknown {
  let schema = jsonBodySchema(operation) as { $ref?: string; example?: unknown; examples?: unknown[] } | undefined;
  if (schema?.$ref) schema = document.components?.schemas?.[schema.$ref.split("/").pop()!] as typeof schema;
  return schema?.example ?? schema?.examples?.[0];
}

/** The documented example as a request: the first generated valid request with the example as its body. */
function exampleRequest(operation: MatchedOperation, seed: number): GeneratedRequest | undefined {
  const example = documentedExample(operation);
  if (example === undefined) return undefined;
  const [request] = fc.sample(validRequests(operation), { seed, numRuns: 1 });
  const body = operation.template.startsWith("/webhooks") ? localReceiver(example, 0) : example;
  return { ...request!, body, mutation: "the document's example" };
}

async function exercise(role: Role, operations: MatchedOperation[]): Promise<string[]> {
  const problems: string[] = [];
  for (const [index, operation] of operations.entries()) {
    const name = `${operation.method} ${operation.template}`;
    report.operations.add(name);
    const seed = SEED + index + (role === "member" ? 10_000 : 0);
    const example = exampleRequest(operation, seed + 2);
    const exampleProblems = example ? server.contract.validateSchema(jsonBodySchema(operation), example.body) : [];
    if (exampleProblems.length > 0) problems.push(`${role} ${name}: the document's example body breaks its own schema (${exampleProblems.join("; ")}): ${JSON.stringify(example!.body).slice(0, 300)}`);
    const cases = [
      ...(example ? [example] : []),
      ...fc.sample(validRequests(operation), { seed, numRuns: VALID_RUNS }),
      ...fc.sample(invalidRequests(operation), { seed: seed + 1, numRuns: INVALID_RUNS }),
    ];
    for (const generated of cases) {
      const request = { ...generated, isValid: generated.isValid && keepsDocument(operation, generated) };
      const answer = await send(operation, role, request);
      report.requests += 1;
      const where = `${role} ${name} (${request.isValid ? (request.mutation ?? "valid") : `invalid: ${request.mutation ?? "a generated value outside the document"}`}) ${request.path}${request.query.length ? `?${new URLSearchParams(request.query)}` : ""} → ${answer.status}`;
      if (answer.status >= 500) problems.push(`${where}: a server error: ${answer.text.slice(0, 300)}`);
      const url = `${request.path}${request.query.length ? `?${new URLSearchParams(request.query)}` : ""}`;
      for (const problem of server.contract.check({ method: operation.method, path: url, status: answer.status, contentType: answer.contentType, text: answer.text })) {
        problems.push(`${where}: ${problem}`);
      }
      if (request.isValid) {
        report.valid += 1;
        if (answer.status < 400) report.validAccepted += 1;
        else {
          const refusal = ALLOWED_REFUSALS.find((rule) => rule.matches(operation, role, request, answer));
          if (refusal) report.refusedBy.set(refusal.rule, (report.refusedBy.get(refusal.rule) ?? 0) + 1);
          else problems.push(`${where}: a valid request was refused by no listed rule: ${answer.text.slice(0, 400)} — body: ${JSON.stringify(request.body)?.slice(0, 400)}`);
        }
      } else {
        report.invalid += 1;
        if (answer.status >= 400 && answer.status < 500) report.invalidRefused += 1;
      }
      harvest(operation, answer);
    }
  }
  return problems;
}

describe("the API under generated requests", () => {
  it("answers every operation of its document as documented, as an admin and as a member", async () => {
    const operations = orderedOperations();
    expect(operations.length).toBeGreaterThan(100);
    const started = Date.now();
    const problems = [...(await exercise("admin", operations)), ...(await exercise("member", operations))];
    const refused = [...report.refusedBy].map(([rule, count]) => `${rule} ${count}`).join(", ");
    console.log(
      `contract fuzz (${server.database}): ${report.operations.size} operations, ${report.requests} requests in ${Math.round((Date.now() - started) / 1000)} s; ` +
        `${report.valid} valid (${report.validAccepted} accepted; refused by rule: ${refused || "none"}), ${report.invalid} invalid (${report.invalidRefused} refused with a 4xx); ${problems.length} problems`,
    );
    expect(problems.slice(0, 40).join("\n")).toBe("");
  }, 600_000);
});
