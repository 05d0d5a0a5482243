import { sql, type SQL } from "drizzle-orm";
import {
  boolean,
  integer,
  jsonb,
  PgDialect,
  pgTable,
  text,
  timestamp,
  uuid,
  type PgDatabase,
  type PgQueryResultHKT,
} from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  arrayField,
  booleanField,
  compileOrder,
  compileWhere,
  scalarField,
  searchField,
  statusField,
  type FieldCompiler,
} from "./compile";
import { fixtureSpec } from "./fixture-spec";
import { parseFilter } from "./parse";
import type { FilterCondition, FilterOperator, FilterQuery } from "./types";

const items = pgTable("filter_test_items", {
  id: integer("id").primaryKey(),
  title: text("title").notNull(),
  level: text("level").notNull(),
  bodyParts: integer("body_parts").array().notNull(),
  contentPackages: uuid("content_packages").array().notNull(),
  locations: text("locations").array().notNull(),
  equipmentBrands: integer("equipment_brands").array().notNull(),
  instructorId: uuid("instructor_id"),
  template: boolean("template"),
  status: jsonb("status").$type<Record<string, string>>().notNull(),
  estimatedDuration: integer("estimated_duration"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

const compilers = {
  q: searchField([items.title, items.level]),
  title: scalarField(items.title, "string"),
  level: scalarField(items.level, "enum"),
  body_parts: arrayField(items.bodyParts),
  content_packages: arrayField(items.contentPackages),
  locations: arrayField(items.locations),
  instructor: scalarField(items.instructorId, "uuid"),
  template: booleanField(items.template),
  status: statusField(items.status),
  estimated_duration: scalarField(items.estimatedDuration, "int"),
  created_at: scalarField(items.createdAt, "date"),
  equipment_brands: arrayField(items.equipmentBrands),
} satisfies Record<keyof typeof fixtureSpec.fields, FieldCompiler>;

const sortColumns = { updated: items.updatedAt, created: items.createdAt, title: items.title, level: items.level };

const dialect = new PgDialect();
const T = '"filter_test_items"';

function render(query: SQL | undefined): { sql: string; params: unknown[] } {
  if (!query) throw new Error("expected SQL, got undefined");
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { sql: text, params };
}

function parse(text: string): FilterQuery {
  return parseFilter(new URLSearchParams(text), fixtureSpec);
}

function condition(field: string, operator: FilterOperator, ...values: string[]): FilterCondition {
  return { field, operator, values };
}

describe("scalarField", () => {
  const duration = scalarField(items.estimatedDuration, "int");
  const title = scalarField(items.title, "string");

  it.each([
    ["eq", ["30"], `${T}."estimated_duration" = $1`, [30]],
    ["gte", ["-5"], `${T}."estimated_duration" >= $1`, [-5]],
    ["lte", ["60"], `${T}."estimated_duration" <= $1`, [60]],
    ["in", ["20", "45", "60"], `${T}."estimated_duration" IN ($1, $2, $3)`, [20, 45, 60]],
  ] as const)("compiles int %s", (operator, values, text, params) => {
    expect(render(duration(condition("estimated_duration", operator, ...values)))).toEqual({ sql: text, params });
  });

  it("binds uuid and enum values as strings", () => {
    const id = "3f2c1e9a-5b4d-4c7e-8a1f-0d9e8c7b6a54";
    expect(render(scalarField(items.instructorId, "uuid")(condition("instructor", "eq", id)))).toEqual({
      sql: `${T}."instructor_id" = $1`,
      params: [id],
    });
    expect(render(scalarField(items.level, "enum")(condition("level", "in", "beginner", "advanced")))).toEqual({
      sql: `${T}."level" IN ($1, $2)`,
      params: ["beginner", "advanced"],
    });
  });

  it("escapes %, _ and backslash in contains", () => {
    expect(render(title(condition("title", "contains", "50% _off_ \\o/")))).toEqual({
      sql: `${T}."title" ILIKE $1 ESCAPE '\\'`,
      params: ["%50\\% \\_off\\_ \\\\o/%"],
    });
  });

  it("reads a date-only value as a whole UTC day and a date-time exactly", () => {
    const created = scalarField(items.createdAt, "date");
    const start = (n: number) => `($${n}::date::timestamp AT TIME ZONE 'UTC')`;
    const end = (n: number) => `(($${n}::date + 1)::timestamp AT TIME ZONE 'UTC')`;
    const column = `${T}."created_at"`;
    expect(render(created(condition("created_at", "eq", "2024-01-31")))).toEqual({
      sql: `(${column} >= ${start(1)} AND ${column} < ${end(2)})`,
      params: ["2024-01-31", "2024-01-31"],
    });
    expect(render(created(condition("created_at", "lte", "2024-01-31")))).toEqual({
      sql: `${column} < ${end(1)}`,
      params: ["2024-01-31"],
    });
    expect(render(created(condition("created_at", "gte", "2024-01-31")))).toEqual({
      sql: `${column} >= ${start(1)}`,
      params: ["2024-01-31"],
    });
    expect(render(created(condition("created_at", "lte", "2024-01-31T10:00:00Z")))).toEqual({
      sql: `${column} <= $1::timestamptz`,
      params: ["2024-01-31T10:00:00Z"],
    });
    expect(render(created(condition("created_at", "in", "2024-01-31", "2024-02-01T00:00:00Z")))).toEqual({
      sql: `((${column} >= ${start(1)} AND ${column} < ${end(2)}) OR ${column} = $3::timestamptz)`,
      params: ["2024-01-31", "2024-01-31", "2024-02-01T00:00:00Z"],
    });
  });

  it.each([
    ["and", "string"],
    ["contains", "int"],
    ["contains", "uuid"],
    ["contains", "date"],
    ["and", "date"],
  ] as const)("refuses %s on a %s field", (operator, kind) => {
    expect(() => scalarField(items.title, kind)(condition("x", operator, "1"))).toThrow(
      `The '${operator}' filter operator is not supported on a`,
    );
  });
});

describe("arrayField", () => {
  it.each([
    [arrayField(items.bodyParts), "eq", ["2"], `${T}."body_parts" @> ARRAY[$1::integer]`],
    [arrayField(items.bodyParts), "in", ["1", "3"], `${T}."body_parts" && ARRAY[$1::integer, $2::integer]`],
    [arrayField(items.bodyParts), "and", ["2", "3"], `${T}."body_parts" @> ARRAY[$1::integer, $2::integer]`],
    [arrayField(items.contentPackages), "in", ["a", "b"], `${T}."content_packages" && ARRAY[$1::uuid, $2::uuid]`],
    [arrayField(items.locations), "and", ["club", "home"], `${T}."locations" @> ARRAY[$1::text, $2::text]`],
    [arrayField(items.locations, "varchar"), "eq", ["home"], `${T}."locations" @> ARRAY[$1::varchar]`],
  ] as const)("compiles %#: %s", (compile, operator, values, text) => {
    expect(render(compile(condition("f", operator, ...values)))).toEqual({ sql: text, params: values });
  });

  it("refuses a column that is not an array, and operators it cannot mean", () => {
    expect(() => arrayField(items.title)).toThrow("Column 'title' (text) is not an array");
    expect(() => arrayField(items.bodyParts)(condition("body_parts", "gte", "1"))).toThrow(
      "The 'gte' filter operator is not supported on an array field",
    );
  });
});

describe("booleanField, statusField, searchField", () => {
  it("compares a boolean with NULL counted as false", () => {
    expect(render(booleanField(items.template)(condition("template", "eq", "false")))).toEqual({
      sql: `coalesce(${T}."template", false) = $1`,
      params: [false],
    });
    expect(render(booleanField(items.template)(condition("template", "eq", "true"))).params).toEqual([true]);
  });

  it("matches status entries by jsonb containment", () => {
    const status = statusField(items.status);
    const column = `${T}."status"`;
    expect(render(status(condition("status", "in", "default:published")))).toEqual({
      sql: `${column} @> $1::jsonb`,
      params: ['{"default":"published"}'],
    });
    expect(render(status(condition("status", "in", "default:published", "pt-BR:draft")))).toEqual({
      sql: `(${column} @> $1::jsonb OR ${column} @> $2::jsonb)`,
      params: ['{"default":"published"}', '{"pt-BR":"draft"}'],
    });
    expect(render(status(condition("status", "and", "default:published", "de:published")))).toEqual({
      sql: `(${column} @> $1::jsonb AND ${column} @> $2::jsonb)`,
      params: ['{"default":"published"}', '{"de":"published"}'],
    });
  });

  it("searches free text across several operands", () => {
    expect(render(compilers.q(condition("q", "contains", "run_")))).toEqual({
      sql: `(${T}."title" ILIKE $1 ESCAPE '\\' OR ${T}."level" ILIKE $2 ESCAPE '\\')`,
      params: ["%run\\_%", "%run\\_%"],
    });
  });
});

describe("compileWhere and compileOrder", () => {
  it("is undefined without conditions and joins several with AND", () => {
    expect(compileWhere(parse(""), compilers)).toBeUndefined();
    expect(render(compileWhere(parse("filter[where][level]=beginner"), compilers))).toEqual({
      sql: `${T}."level" = $1`,
      params: ["beginner"],
    });
    expect(
      render(compileWhere(parse("filter[where][level]=beginner&filter[where][body_parts][in]=1,2"), compilers)),
    ).toEqual({
      sql: `(${T}."level" = $1 and ${T}."body_parts" && ARRAY[$2::integer, $3::integer])`,
      params: ["beginner", "1", "2"],
    });
  });

  it("fails loudly when a field has no compiler", () => {
    const query = parse("filter[where][level]=beginner");
    expect(() => compileWhere(query, { title: compilers.title })).toThrow("No filter compiler for field 'level'");
  });

  const renderOrder = (terms: SQL[]) => render(sql.join(terms, sql`, `)).sql;

  it.each([
    ["", `${T}."updated_at" desc, ${T}."id" desc`],
    ["filter[order][title]=asc", `${T}."title" asc, ${T}."id" asc`],
    ["filter[order][level]=asc&filter[order][created]=desc", `${T}."level" asc, ${T}."created_at" desc, ${T}."id" desc`],
    ["filter[order][created]=desc&filter[order][level]=asc", `${T}."created_at" desc, ${T}."level" asc, ${T}."id" asc`],
  ])("orders %j with the id as tie-breaker", (text, expected) => {
    expect(renderOrder(compileOrder(parse(text), sortColumns, items.id))).toBe(expected);
  });

  it("uses ascending id when no order is given at all", () => {
    const query: FilterQuery = { limit: 20, offset: 0, where: [], order: [] };
    expect(renderOrder(compileOrder(query, sortColumns, items.id))).toBe(`${T}."id" asc`);
  });

  it("fails loudly when a sort field has no column", () => {
    expect(() => compileOrder(parse("filter[order][level]=asc"), { title: items.title }, items.id)).toThrow(
      "No sort column for field 'level'",
    );
  });
});

type Harness = { name: string; open: () => Promise<{ db: PgDatabase<PgQueryResultHKT>; close: () => Promise<void> }> };

const DDL = `CREATE TEMP TABLE filter_test_items (
  id integer PRIMARY KEY,
  title text NOT NULL,
  level text NOT NULL,
  body_parts integer[] NOT NULL,
  content_packages uuid[] NOT NULL,
  locations text[] NOT NULL,
  equipment_brands integer[] NOT NULL,
  instructor_id uuid,
  template boolean,
  status jsonb NOT NULL,
  estimated_duration integer,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
)`;

const harnesses: Harness[] = [
  {
    name: "PGlite",
    open: async () => {
      const [{ PGlite }, { drizzle }] = await Promise.all([import("@electric-sql/pglite"), import("drizzle-orm/pglite")]);
      const client = new PGlite();
      await client.exec(DDL);
      return { db: drizzle({ client }) as unknown as PgDatabase<PgQueryResultHKT>, close: () => client.close() };
    },
  },
];
// The embedded database always runs; PostgreSQL (15 in production) too when TEST_DATABASE_URL is set, as in CI.
const databaseUrl = process.env.TEST_DATABASE_URL;
if (databaseUrl) {
  harnesses.push({
    name: "PostgreSQL",
    open: async () => {
      const [{ default: pg }, { drizzle }] = await Promise.all([import("pg"), import("drizzle-orm/node-postgres")]);
      // One connection, because the temporary table exists only in the session that made it.
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(DDL);
      return { db: drizzle({ client }) as unknown as PgDatabase<PgQueryResultHKT>, close: () => client.end() };
    },
  });
}

const PACKAGE_A = "3f2c1e9a-5b4d-4c7e-8a1f-0d9e8c7b6a54";
const PACKAGE_B = "a0b1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d";
const INSTRUCTOR_1 = "11111111-1111-4111-8111-111111111111";
const INSTRUCTOR_2 = "22222222-2222-4222-8222-222222222222";
const UPDATED = new Date("2024-03-01T00:00:00Z");

const rows: (typeof items.$inferInsert)[] = [
  {
    id: 1,
    title: "Morning run 50% effort",
    level: "beginner",
    bodyParts: [1, 2],
    contentPackages: [PACKAGE_A],
    locations: ["home"],
    equipmentBrands: [7],
    instructorId: INSTRUCTOR_1,
    template: true,
    status: { default: "published", de: "draft" },
    estimatedDuration: 20,
    createdAt: new Date("2024-01-31T23:30:00Z"),
    updatedAt: UPDATED,
  },
  {
    id: 2,
    title: "Evening_stretch",
    level: "intermediate",
    bodyParts: [2, 3],
    contentPackages: [PACKAGE_B],
    locations: ["club", "outdoor"],
    equipmentBrands: [8],
    instructorId: INSTRUCTOR_2,
    template: false,
    status: { default: "draft" },
    estimatedDuration: 45,
    createdAt: new Date("2024-02-01T00:00:00Z"),
    updatedAt: UPDATED,
  },
  {
    id: 3,
    title: "Back\\slash power",
    level: "advanced",
    bodyParts: [3],
    contentPackages: [PACKAGE_A, PACKAGE_B],
    locations: ["outdoor"],
    equipmentBrands: [7, 8],
    instructorId: null,
    template: null,
    status: { default: "published", de: "published" },
    estimatedDuration: 60,
    createdAt: new Date("2024-01-15T12:00:00Z"),
    updatedAt: UPDATED,
  },
  {
    id: 4,
    title: "Run club",
    level: "beginner",
    bodyParts: [],
    contentPackages: [],
    locations: [],
    equipmentBrands: [],
    instructorId: INSTRUCTOR_1,
    template: false,
    status: { default: "unpublished", fr: "published" },
    estimatedDuration: null,
    createdAt: new Date("2024-01-31T00:00:00Z"),
    updatedAt: UPDATED,
  },
];

describe.each(harnesses)("parse → compile → run on $name", ({ open }) => {
  let database: Awaited<ReturnType<Harness["open"]>>;

  beforeAll(async () => {
    database = await open();
    await database.db.insert(items).values(rows);
  }, 60_000);

  afterAll(async () => {
    await database?.close();
  });

  async function selectIds(text: string, ordered = false): Promise<number[]> {
    const query = parse(text);
    const base = database.db.select({ id: items.id }).from(items).where(compileWhere(query, compilers));
    const result = ordered
      ? await base.orderBy(...compileOrder(query, sortColumns, items.id)).limit(query.limit).offset(query.offset)
      : await base.orderBy(items.id);
    return result.map((row) => row.id);
  }

  it.each([
    ["", [1, 2, 3, 4]],
    ["filter[where][title][contains]=_", [2]],
    ["filter[where][title][contains]=%25", [1]],
    ["filter[where][title][contains]=\\", [3]],
    ["filter[where][title]=Run club", [4]],
    ["filter[where][q]=RUN", [1, 4]],
    ["filter[where][q][contains]=adv", [3]],
    ["filter[where][level][in]=beginner,advanced", [1, 3, 4]],
    ["filter[where][body_parts]=2", [1, 2]],
    ["filter[where][body_parts][in]=1,3", [1, 2, 3]],
    ["filter[where][body_parts][and]=2,3", [2]],
    ["filter[where][body_parts][and]=3", [2, 3]],
    [`filter[where][content_packages][and]=${PACKAGE_A},${PACKAGE_B}`, [3]],
    [`filter[where][content_packages][in]=${PACKAGE_B}`, [2, 3]],
    [`filter[where][content_packages]=${PACKAGE_A.toUpperCase()}`, [1, 3]],
    ["filter[where][locations]=outdoor", [2, 3]],
    ["filter[where][locations][and]=club,outdoor", [2]],
    ["filter[where][locations][in]=home,club", [1, 2]],
    ["filter[where][equipment_brands]=7", [1, 3]],
    ["filter[where][equipment_brands]=7,8", [1, 2, 3]],
    [`filter[where][instructor]=${INSTRUCTOR_1}`, [1, 4]],
    [`filter[where][instructor][in]=${INSTRUCTOR_1},${INSTRUCTOR_2}`, [1, 2, 4]],
    ["filter[where][template]=1", [1]],
    ["filter[where][template]=false", [2, 3, 4]],
    ["filter[where][status]=published", [1, 3]],
    ["filter[where][status]=default:draft", [2]],
    ["filter[where][status]=de:draft,fr:published", [1, 4]],
    ["filter[where][status][and]=default:published,de:published", [3]],
    ["filter[where][estimated_duration][gte]=45", [2, 3]],
    ["filter[where][estimated_duration][lte]=45", [1, 2]],
    ["filter[where][estimated_duration][in]=20,60", [1, 3]],
    ["filter[where][estimated_duration]=45", [2]],
    ["filter[where][created_at][lte]=2024-01-31", [1, 3, 4]],
    ["filter[where][created_at][gte]=2024-02-01", [2]],
    ["filter[where][created_at]=2024-01-31", [1, 4]],
    ["filter[where][created_at][in]=2024-01-15,2024-02-01", [2, 3]],
    ["filter[where][created_at][gte]=2024-01-31T23:00:00%2B01:00", [1, 2]],
    ["filter[where][created_at][lte]=2024-01-31T00:00:00Z", [3, 4]],
    ["filter[where][created_at]=2024-02-01T00:00:00Z", [2]],
    ["filter[where][level]=beginner&filter[where][template]=1", [1]],
    ["filter[where][q]=run&filter[where][status]=published&filter[where][body_parts][in]=1", [1]],
  ])("selects %s", async (text, expected) => {
    expect(await selectIds(text)).toEqual(expected);
  });

  it.each([
    ["filter[order][level]=asc", [3, 1, 4, 2]],
    ["filter[order][level]=desc", [2, 4, 1, 3]],
    ["filter[order][level]=asc&filter[limit]=2&filter[offset]=2", [4, 2]],
    ["", [4, 3, 2, 1]],
    ["filter[limit]=3", [4, 3, 2]],
    ["filter[limit]=3&filter[offset]=3", [1]],
  ])("pages %j in a stable order", async (text, expected) => {
    expect(await selectIds(text, true)).toEqual(expected);
  });
});
