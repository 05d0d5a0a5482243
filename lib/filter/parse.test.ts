import { describe, expect, it } from "vitest";
import { errorBody, statusOf, type ErrorBody } from "@/lib/http/errors";
import { ApiError } from "@/lib/core/errors";
import { fixtureSpec } from "./fixture-spec";
import { parseFilter } from "./parse";
import type { FilterQuery } from "./types";

const DEFAULT_ORDER = [{ field: "updated", direction: "desc" }];
const UUID_A = "3f2c1e9a-5b4d-4c7e-8a1f-0d9e8c7b6a54";
const UUID_B = "a0b1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d";

function parse(query: string): FilterQuery {
  return parseFilter(new URLSearchParams(query), fixtureSpec);
}

function rejectionOf(query: string): ErrorBody {
  try {
    parse(query);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    expect(statusOf(error)).toBe(400);
    return errorBody(error);
  }
  throw new Error(`expected ${query} to be rejected`);
}

/** The body of a rejection with exactly one problem. */
function single(path: string, message: string): ErrorBody {
  return { code: "400", message: `Invalid ${path}: ${message}`, details: [{ path, message }] };
}

function whereOf(query: string): FilterQuery["where"] {
  return parse(query).where;
}

describe("parseFilter: page and defaults", () => {
  it("fills every default when no filter is given", () => {
    expect(parse("")).toEqual({ limit: 20, offset: 0, where: [], order: DEFAULT_ORDER });
  });

  it("reads the documented example: limit 5, offset 15 is the fourth page", () => {
    const query = parse("filter[limit]=5&filter[offset]=15");
    expect(query).toEqual({ limit: 5, offset: 15, where: [], order: DEFAULT_ORDER });
    expect(Math.floor(query.offset / query.limit)).toBe(3);
  });

  it.each([
    ["1", 1],
    ["250", 250],
    ["020", 20],
    [" 7 ", 7],
  ])("accepts limit %j", (raw, limit) => {
    expect(parse(`filter[limit]=${raw}`).limit).toBe(limit);
  });

  it("rejects limit 251 with the exact error body", () => {
    expect(rejectionOf("filter[limit]=251")).toEqual({
      code: "400",
      message: "Invalid filter[limit]: must be an integer from 1 to 250",
      details: [{ path: "filter[limit]", message: "must be an integer from 1 to 250" }],
    });
  });

  it.each(["0", "-1", "5.5", "abc", "", "1e2", "99999999999999999999"])("rejects limit %j", (raw) => {
    expect(rejectionOf(`filter[limit]=${raw}`)).toEqual(single("filter[limit]", "must be an integer from 1 to 250"));
  });

  it.each([
    ["0", 0],
    ["15", 15],
    ["9007199254740991", 9007199254740991],
  ])("accepts offset %j", (raw, offset) => {
    expect(parse(`filter[offset]=${raw}`).offset).toBe(offset);
  });

  it.each(["-1", "1.5", "x", "9007199254740992"])("rejects offset %j", (raw) => {
    expect(rejectionOf(`filter[offset]=${raw}`)).toEqual(single("filter[offset]", "must be an integer of 0 or more"));
  });

  it("ignores query parameters that are not filters", () => {
    expect(parse(`lang=de,fr&training-plan=${UUID_A}&style=square`)).toEqual(parse(""));
  });
});

describe("parseFilter: operators", () => {
  it("reads the bare form as eq", () => {
    expect(whereOf("filter[where][level]=beginner")).toEqual([
      { field: "level", operator: "eq", values: ["beginner"] },
    ]);
  });

  it.each([
    ["filter[where][level][eq]=advanced", { field: "level", operator: "eq", values: ["advanced"] }],
    ["filter[where][title][contains]=push, pull", { field: "title", operator: "contains", values: ["push, pull"] }],
    ["filter[where][q]=  run  ", { field: "q", operator: "eq", values: ["run"] }],
    ["filter[where][q][contains]=run", { field: "q", operator: "contains", values: ["run"] }],
    ["filter[where][body_parts][in]=1, 2 ,3", { field: "body_parts", operator: "in", values: ["1", "2", "3"] }],
    ["filter[where][body_parts][and]=4,5", { field: "body_parts", operator: "and", values: ["4", "5"] }],
    ["filter[where][estimated_duration][gte]=30", { field: "estimated_duration", operator: "gte", values: ["30"] }],
    ["filter[where][estimated_duration][lte]=-5", { field: "estimated_duration", operator: "lte", values: ["-5"] }],
    ["filter[where][level][in]=beginner,advanced", { field: "level", operator: "in", values: ["beginner", "advanced"] }],
  ])("reads %s", (query, condition) => {
    expect(whereOf(query)).toEqual([condition]);
  });

  it("keeps the conditions in request order and combines any number of them", () => {
    expect(
      whereOf("filter[where][estimated_duration][lte]=60&filter[where][level]=beginner&filter[where][estimated_duration][gte]=10"),
    ).toEqual([
      { field: "estimated_duration", operator: "lte", values: ["60"] },
      { field: "level", operator: "eq", values: ["beginner"] },
      { field: "estimated_duration", operator: "gte", values: ["10"] },
    ]);
  });

  it("reads a field's own bare operator (a list that matches any)", () => {
    expect(whereOf("filter[where][equipment_brands]=3,4")).toEqual([
      { field: "equipment_brands", operator: "in", values: ["3", "4"] },
    ]);
  });

  it("normalises integers and UUIDs to one spelling", () => {
    expect(whereOf(`filter[where][body_parts][in]=007,-0&filter[where][content_packages]=${UUID_A.toUpperCase()}`)).toEqual([
      { field: "body_parts", operator: "in", values: ["7", "0"] },
      { field: "content_packages", operator: "eq", values: [UUID_A] },
    ]);
  });

  it.each([
    ["true", "true"],
    ["1", "true"],
    ["false", "false"],
    ["0", "false"],
  ])("reads boolean %j as %j", (raw, value) => {
    expect(whereOf(`filter[where][template]=${raw}`)).toEqual([{ field: "template", operator: "eq", values: [value] }]);
  });

  it.each([
    ["2024-01-31", "2024-01-31"],
    ["2024-02-29", "2024-02-29"],
    ["2024-01-31T23:30:00Z", "2024-01-31T23:30:00Z"],
    ["2024-01-31T23:30Z", "2024-01-31T23:30Z"],
    ["2024-01-31T23:30:00.123%2B02:00", "2024-01-31T23:30:00.123+02:00"],
  ])("reads date %j", (raw, value) => {
    expect(whereOf(`filter[where][created_at][gte]=${raw}`)).toEqual([
      { field: "created_at", operator: "gte", values: [value] },
    ]);
  });
});

describe("parseFilter: status lists", () => {
  it.each([
    ["filter[where][status]=default:published,de:draft", "in", ["default:published", "de:draft"]],
    ["filter[where][status]=published", "in", ["default:published"]],
    ["filter[where][status][in]=unpublished, pt-BR:published", "in", ["default:unpublished", "pt-BR:published"]],
    ["filter[where][status][and]=default:published,fr:published", "and", ["default:published", "fr:published"]],
  ])("reads %s", (query, operator, values) => {
    expect(whereOf(query)).toEqual([{ field: "status", operator, values }]);
  });

  it.each(["live", "de:live", "DE:draft", "default:published:x", ":draft", "deutsch:draft"])(
    "rejects the entry %j",
    (entry) => {
      expect(rejectionOf(`filter[where][status]=${entry}`)).toEqual(
        single("filter[where][status]", `'${entry}' is not a status entry such as 'default:published' or 'de:draft'`),
      );
    },
  );
});

describe("parseFilter: ordering", () => {
  it("keeps several order fields in request order and reads directions case-insensitively", () => {
    expect(parse("filter[order][title]=ASC&filter[order][created]=desc").order).toEqual([
      { field: "title", direction: "asc" },
      { field: "created", direction: "desc" },
    ]);
  });

  it("rejects an unknown sort field with a suggestion", () => {
    expect(rejectionOf("filter[order][craeted]=asc")).toEqual(
      single("filter[order][craeted]", "unknown sort field 'craeted'; did you mean 'created'?"),
    );
  });

  it("rejects a direction other than asc or desc", () => {
    expect(rejectionOf("filter[order][title]=up")).toEqual(single("filter[order][title]", "must be asc or desc"));
  });
});

describe("parseFilter: rejections", () => {
  it("suggests the nearest field for an unknown one", () => {
    expect(rejectionOf("filter[where][lvl]=beginner")).toEqual({
      code: "400",
      message: "Invalid filter[where][lvl]: unknown filter field 'lvl'; did you mean 'level'?",
      details: [{ path: "filter[where][lvl]", message: "unknown filter field 'lvl'; did you mean 'level'?" }],
    });
  });

  it.each(["zzz", "toString", "__proto__"])("lists the fields when none is close to %j", (field) => {
    const allowed =
      "q, title, level, body_parts, content_packages, locations, instructor, template, status, estimated_duration, created_at, equipment_brands";
    expect(rejectionOf(`filter[where][${field}]=x`)).toEqual(
      single(`filter[where][${field}]`, `unknown filter field '${field}'; allowed: ${allowed}`),
    );
  });

  it.each([
    ["filter[where][level][eqq]=beginner", "filter[where][level][eqq]", "unknown operator 'eqq'; did you mean 'eq'?"],
    ["filter[where][level][like]=beg", "filter[where][level][like]", "unknown operator 'like'; allowed: eq, in"],
    [
      "filter[where][level][contains]=beg",
      "filter[where][level][contains]",
      "operator 'contains' is not allowed on 'level'; allowed: eq, in",
    ],
    [
      "filter[where][status][eq]=published",
      "filter[where][status][eq]",
      "operator 'eq' is not allowed on 'status'; allowed: in, and",
    ],
  ])("rejects the operator in %s", (query, path, message) => {
    expect(rejectionOf(query)).toEqual(single(path, message));
  });

  it.each([
    ["filter[where][body_parts]=x", "filter[where][body_parts]", "'x' is not a 32-bit integer"],
    ["filter[where][body_parts][in]=1,2.5", "filter[where][body_parts][in]", "'2.5' is not a 32-bit integer"],
    ["filter[where][estimated_duration]=2147483648", "filter[where][estimated_duration]", "'2147483648' is not a 32-bit integer"],
    ["filter[where][content_packages]=not-a-uuid", "filter[where][content_packages]", "'not-a-uuid' is not a UUID"],
    ["filter[where][template]=yes", "filter[where][template]", "'yes' is not a boolean (true, false, 1 or 0)"],
    [
      "filter[where][level]=beginer",
      "filter[where][level]",
      "'beginer' is not one of beginner, intermediate, advanced; did you mean 'beginner'?",
    ],
    ["filter[where][level]=expert", "filter[where][level]", "'expert' is not one of beginner, intermediate, advanced"],
    ["filter[where][q]=", "filter[where][q]", "must not be empty"],
    ["filter[where][body_parts][in]=1,,2", "filter[where][body_parts][in]", "must be a comma-separated list without empty items"],
    [
      "filter[where][created_at][gte]=2023-02-29",
      "filter[where][created_at][gte]",
      "'2023-02-29' is not an ISO 8601 date or date-time with a time zone",
    ],
    [
      "filter[where][created_at][gte]=2024-01-31T10:00:00",
      "filter[where][created_at][gte]",
      "'2024-01-31T10:00:00' is not an ISO 8601 date or date-time with a time zone",
    ],
    [
      // An unencoded `+` arrives as a space, so the offset is lost and the value refused, not misread.
      "filter[where][created_at][gte]=2024-01-31T10:00:00+02:00",
      "filter[where][created_at][gte]",
      "'2024-01-31T10:00:00 02:00' is not an ISO 8601 date or date-time with a time zone",
    ],
    [
      "filter[where][created_at][gte]=2024-01-31T24:00:00Z",
      "filter[where][created_at][gte]",
      "'2024-01-31T24:00:00Z' is not an ISO 8601 date or date-time with a time zone",
    ],
  ])("rejects the value in %s", (query, path, message) => {
    expect(rejectionOf(query)).toEqual(single(path, message));
  });

  const SYNTAX =
    "expected filter[limit], filter[offset], filter[where][<field>], filter[where][<field>][<operator>] or filter[order][<field>]";
  it.each([
    ["filter[where]", `is malformed; ${SYNTAX}`],
    ["filter[order]", `is malformed; ${SYNTAX}`],
    ["filter[limit][max]", `is malformed; ${SYNTAX}`],
    ["filter[where][level][eq][x]", `is malformed; ${SYNTAX}`],
    ["filter[order][title][asc]", `is malformed; ${SYNTAX}`],
    ["filter[]", `is not a filter parameter; ${SYNTAX}`],
    ["filter[where][]", `is not a filter parameter; ${SYNTAX}`],
    ["filter[limit", `is not a filter parameter; ${SYNTAX}`],
    ["filter[where]level", `is not a filter parameter; ${SYNTAX}`],
    ["filters[limit]", `is not a filter parameter; ${SYNTAX}`],
    ["filter[limt]", "unknown filter parameter 'limt'; did you mean 'limit'?"],
    ["filter[skip]", "unknown filter parameter 'skip'; allowed: limit, offset, where, order"],
  ])("rejects the key %s", (key, message) => {
    expect(rejectionOf(`${encodeURIComponent(key)}=1`)).toEqual(single(key, message));
  });

  it("rejects a repeated key, even with the same value", () => {
    expect(rejectionOf("filter[limit]=5&filter[limit]=5&filter[limit]=5")).toEqual(
      single("filter[limit]", "is given more than once"),
    );
  });

  it("rejects the same condition given bare and explicitly", () => {
    expect(rejectionOf("filter[where][status]=published&filter[where][status][in]=de:draft")).toEqual(
      single("filter[where][status][in]", "repeats the 'in' condition on 'status'"),
    );
  });

  it("reports every problem at once", () => {
    expect(rejectionOf("filter[limit]=0&filter[where][lvl]=1&filter[where][body_parts][in]=a,b")).toEqual({
      code: "400",
      message: "Invalid filter: 4 problems, see details",
      details: [
        { path: "filter[limit]", message: "must be an integer from 1 to 250" },
        { path: "filter[where][lvl]", message: "unknown filter field 'lvl'; did you mean 'level'?" },
        { path: "filter[where][body_parts][in]", message: "'a' is not a 32-bit integer" },
        { path: "filter[where][body_parts][in]", message: "'b' is not a 32-bit integer" },
      ],
    });
  });
});

describe("parseFilter: JSON form", () => {
  const json = (value: unknown) => `filter=${encodeURIComponent(JSON.stringify(value))}`;

  it("reads the LoopBack-style example like its bracket twin", () => {
    const query = parse(
      json({ limit: 5, offset: 15, where: { level: { eq: "beginner" }, q: "run" }, order: { created: "desc" } }),
    );
    expect(query).toEqual({
      limit: 5,
      offset: 15,
      where: [
        { field: "level", operator: "eq", values: ["beginner"] },
        { field: "q", operator: "eq", values: ["run"] },
      ],
      order: [{ field: "created", direction: "desc" }],
    });
    expect(query).toEqual(
      parse("filter[limit]=5&filter[offset]=15&filter[where][level][eq]=beginner&filter[where][q]=run&filter[order][created]=desc"),
    );
  });

  it("takes numbers, booleans and arrays as values", () => {
    expect(
      parse(json({ where: { template: true, body_parts: { in: [1, 2] }, status: ["published", "de:draft"] } })).where,
    ).toEqual([
      { field: "template", operator: "eq", values: ["true"] },
      { field: "body_parts", operator: "in", values: ["1", "2"] },
      { field: "status", operator: "in", values: ["default:published", "de:draft"] },
    ]);
  });

  it.each([
    ["filter={", [{ path: "filter", message: "is not valid JSON" }]],
    ["filter=[1]", [{ path: "filter", message: "must be a JSON object" }]],
    [json({ limit: 2.5 }), [{ path: "filter[limit]", message: "must be an integer from 1 to 250" }]],
    [json({ limit: null }), [{ path: "filter[limit]", message: "must be a string, number, boolean or array of them" }]],
    [json({ where: { lvl: "beginner" } }), [{ path: "filter[where][lvl]", message: "unknown filter field 'lvl'; did you mean 'level'?" }]],
    [json({ where: { level: {} } }), [{ path: "filter[where][level]", message: "must name an operator" }]],
    [
      json({ where: { body_parts: { in: [1, [2]] } } }),
      [{ path: "filter[where][body_parts][in]", message: "must be a string, number, boolean or array of them" }],
    ],
    [`${json({ limit: 5 })}&filter[offset]=5`, [{ path: "filter", message: "cannot be combined with filter[...] parameters" }]],
  ])("rejects %s", (query, details) => {
    const [first] = details;
    expect(rejectionOf(query)).toEqual({ code: "400", message: `Invalid ${first?.path}: ${first?.message}`, details });
  });
});

describe("parseFilter: spec details", () => {
  it("uses the spec's default order only when none is given", () => {
    const spec = { ...fixtureSpec, defaultOrder: [{ field: "title", direction: "asc" as const }] };
    expect(parseFilter(new URLSearchParams(""), spec).order).toEqual([{ field: "title", direction: "asc" }]);
    expect(parseFilter(new URLSearchParams("filter[order][level]=desc"), spec).order).toEqual([
      { field: "level", direction: "desc" },
    ]);
  });

  it("asks for an operator when a field has no bare form", () => {
    const spec = { ...fixtureSpec, fields: { goals: { type: "int" as const, operators: ["in" as const] } } };
    expect(() => parseFilter(new URLSearchParams("filter[where][goals]=1"), spec)).toThrow(
      "Invalid filter[where][goals]: needs an operator on 'goals': filter[where][goals][<operator>] with one of in",
    );
  });

  it("returns a fresh default order each time", () => {
    const first = parse("");
    first.order.push({ field: "title", direction: "asc" });
    expect(parse("").order).toEqual(DEFAULT_ORDER);
    expect(fixtureSpec.defaultOrder).toEqual(DEFAULT_ORDER);
  });

  it("accepts both UUID fields with lower-case output", () => {
    expect(whereOf(`filter[where][instructor][in]=${UUID_A},${UUID_B.toUpperCase()}`)).toEqual([
      { field: "instructor", operator: "in", values: [UUID_A, UUID_B] },
    ]);
  });
});

describe("parseFilter: text that cannot be stored", () => {
  const json = (value: unknown) => `filter=${encodeURIComponent(JSON.stringify(value))}`;
  const NUL = "must not contain the NUL character (U+0000)";
  const SURROGATE = "must not contain an unpaired UTF-16 surrogate";

  it.each([
    ["a NUL in a bracket value", "filter[where][title][eq]=a%00b", "filter[where][title][eq]", NUL],
    ["a NUL in a bracket key", "filter[where][ti%00tle]=x", "filter[where][ti\u0000tle]", NUL],
    ["a NUL in the JSON form", json({ where: { q: "run\u0000" } }), "filter[where][q]", NUL],
    ["an unpaired surrogate in the JSON form", json({ where: { q: "\ud800" } }), "filter[where][q]", SURROGATE],
    ["an unpaired surrogate in a JSON list", json({ where: { title: { in: ["ok", "\udc00x"] } } }), "filter[where][title][in]", SURROGATE],
  ])("refuses %s with 400 naming the parameter", (_, query, path, message) => {
    expect(rejectionOf(query)).toEqual(single(path, message));
  });

  it("keeps well-formed text outside the Basic Multilingual Plane", () => {
    expect(whereOf(json({ where: { q: "💪 run" } }))).toEqual([{ field: "q", operator: "eq", values: ["💪 run"] }]);
  });
});
