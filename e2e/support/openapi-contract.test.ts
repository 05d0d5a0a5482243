import { describe, expect, it } from "vitest";
import { ContractViolation, ResponseValidator, type OpenApiDocument } from "./openapi-contract";

const errorRef = { $ref: "#/components/schemas/Error" };
const json = (schema: unknown) => ({ content: { "application/json": { schema } } });

const document: OpenApiDocument = {
  paths: {
    "/things": {
      get: {
        operationId: "listThings",
        responses: { 200: { description: "ok", ...json({ type: "object", properties: { total: { type: "integer" } }, required: ["total"] }) }, 401: { description: "no", ...json(errorRef) } },
      },
    },
    "/things/{id}": {
      get: { operationId: "getThing", responses: { 200: { description: "ok", ...json({ $ref: "#/components/schemas/Thing" }) }, 304: { description: "not modified" } } },
      delete: { operationId: "deleteThing", responses: { 204: { description: "gone" } } },
    },
    "/things/special": {
      get: { operationId: "getSpecial", responses: { 200: { description: "ok", content: { "image/png": { schema: { type: "string", format: "binary" } } } } } },
    },
  },
  components: {
    schemas: {
      Error: { type: "object", properties: { code: { type: "string" }, message: { type: "string" } }, required: ["code", "message"] },
      Thing: { type: "object", properties: { id: { type: "string", format: "uuid" }, at: { type: "string", format: "date-time" } }, required: ["id"], additionalProperties: false },
    },
  },
};

const validator = new ResponseValidator(document);
const answer = (method: string, path: string, status: number, body?: unknown, contentType = "application/json; charset=utf-8") => ({
  method,
  path,
  status,
  contentType: body === undefined ? null : contentType,
  text: body === undefined ? "" : typeof body === "string" ? body : JSON.stringify(body),
});
const ID = "0e0e0e0e-0000-4000-8000-000000000000";

describe("ResponseValidator", () => {
  it("accepts answers the document describes", () => {
    expect(validator.check(answer("GET", "/things?filter[limit]=1", 200, { total: 3 }))).toEqual([]);
    expect(validator.check(answer("GET", `http://127.0.0.1:1/api/v3/things/${ID}`, 200, { id: ID, at: "2026-01-01T00:00:00.000Z" }))).toEqual([]);
    expect(validator.check(answer("GET", `/things/${ID}`, 304))).toEqual([]);
    expect(validator.check(answer("DELETE", `/things/${ID}`, 204))).toEqual([]);
    expect(validator.check(answer("HEAD", `/things/${ID}`, 200, undefined))).toEqual([]);
    expect(validator.check(answer("GET", "/things/special", 200, "\u0089PNG", "image/png"))).toEqual([]);
  });

  it("prefers a literal path segment to a parameter", () => {
    expect(validator.match("GET", "/things/special")?.operation?.operation.operationId).toBe("getSpecial");
    expect(validator.match("GET", `/things/${ID}`)?.operation?.pathParams).toEqual({ id: ID });
  });

  it("names a status the operation does not list", () => {
    expect(validator.check(answer("GET", "/things", 422, { code: "422", message: "bad" }))).toEqual([
      "GET /things → 422: status 422 is not listed for GET /things (listThings); it lists 200, 401",
    ]);
  });

  it("names each member of a body that breaks the schema", () => {
    const problems = validator.check(answer("GET", `/things/${ID}`, 200, { id: "not-a-uuid", extra: 1 }));
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain("GET /things/0e0e0e0e-0000-4000-8000-000000000000 → 200: the body does not match the schema of GET /things/{id} (getThing) 200:");
    expect(problems.join("\n")).toContain("/id must match format \"uuid\"");
    expect(problems.join("\n")).toContain("must NOT have additional properties 'extra'");
  });

  it("refuses a body where none is listed, another media type, and text that is not JSON", () => {
    expect(validator.check(answer("DELETE", `/things/${ID}`, 204, { code: "204" }))[0]).toContain("lists no body for 204");
    expect(validator.check(answer("GET", "/things", 200, "<html>", "text/html"))[0]).toContain("lists application/json for 200, but the answer is text/html");
    expect(validator.check(answer("GET", "/things", 200, "{", "application/json"))[0]).toContain("the body is not JSON");
  });

  it("holds requests without an operation to the error body", () => {
    expect(validator.check(answer("PUT", "/things", 405, { code: "405", message: "method PUT is not allowed here" }))).toEqual([]);
    expect(validator.check(answer("GET", "/nothing", 404, { code: "404", message: "no such endpoint" }))).toEqual([]);
    expect(validator.check(answer("OPTIONS", "/things", 204))).toEqual([]);
    expect(validator.check(answer("TRACE", "/things", 405, "Internal Server Error", "text/plain"))[0]).toContain("the body should be JSON (Error) but is text/plain");
    expect(validator.check(answer("GET", "/nothing", 404, { error: "x" }))[0]).toContain("must have required property 'code'");
    expect(validator.check(answer("PUT", "/things", 200, { ok: true }))[0]).toContain("the document has no operation PUT /things");
  });

  it("throws a ContractViolation listing the problems", () => {
    expect(() => validator.assert(answer("GET", "/things", 500, { code: "500", message: "x" }))).toThrow(ContractViolation);
    expect(() => validator.assert(answer("GET", "/things", 500, { code: "500", message: "x" }))).toThrow(/status 500 is not listed for GET \/things \(listThings\)/);
  });

  it("checks a value against a named schema", () => {
    expect(validator.validate("#/components/schemas/Thing", { id: ID })).toEqual([]);
    expect(validator.validate("#/components/schemas/Thing", {})).toEqual(["/ must have required property 'id'"]);
  });
});
