import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Collection } from "@/lib/content/collection";
import type { ContentContext } from "@/lib/content/context";
import type { Db } from "@/lib/db";
import type { FilterCondition, FilterQuery, FilterSpec } from "@/lib/filter";
import { prepareDatabase } from "../support/server";

/**
 * Every list filter and order path of every collection, as the collection compiles it, is planned by
 * PostgreSQL with `enable_seqscan = off` over a generated catalogue (docs/benchmarks.md): a sequential scan of a
 * content table in such a plan means no index can serve that path, which at 100,000 records is a
 * slow list (docs/benchmarks.md). Both statements of a list are checked (the page and its total),
 * for an editor and — on publishable collections — for a mobile reader, whose visibility condition
 * is part of the statement. Runs on PostgreSQL only (the api-postgres project).
 */
const onPostgres = process.env.TEST_DB_KIND === "postgresql";

/** Tables a catalogue grows large in; the lookups stay small and may be read whole. */
const LARGE_TABLES = new Set(["exercises", "workouts", "training_plans", "on_demand", "uploads", "equipment", "instructors"]);

type PlanNode = { "Node Type": string; "Relation Name"?: string; Plans?: PlanNode[] };

function nodeTypes(node: PlanNode, found: string[] = []): string[] {
  found.push(node["Node Type"]);
  for (const child of node.Plans ?? []) nodeTypes(child, found);
  return found;
}

function seqScans(node: PlanNode, found: string[] = []): string[] {
  if (node["Node Type"] === "Seq Scan" && node["Relation Name"] && LARGE_TABLES.has(node["Relation Name"])) found.push(node["Relation Name"]);
  for (const child of node.Plans ?? []) seqScans(child, found);
  return found;
}

/** A value of the field's type that the generated catalogue holds (or could). */
function valueFor(field: FilterSpec["fields"][string], operator: string): string[] {
  const one = (() => {
    switch (field.type) {
      case "int":
        return "1";
      case "uuid":
        return "00000000-0000-4000-8000-000000000001";
      case "enum":
        return field.values![0]!;
      case "boolean":
        return "true";
      case "status":
        return "default:published";
      case "date":
        return "2025-01-01";
      case "string":
        return "push";
    }
  })();
  return operator === "in" || operator === "and" ? [one, one === "1" ? "2" : one] : [one];
}

type Path = { label: string; filter: FilterQuery };

function pathsOf(spec: FilterSpec): Path[] {
  const paths: Path[] = [];
  const defaultOrder = spec.defaultOrder.map((order) => ({ ...order }));
  for (const [field, fieldSpec] of Object.entries(spec.fields)) {
    for (const operator of fieldSpec.operators) {
      const condition: FilterCondition = { field, operator, values: valueFor(fieldSpec, operator) };
      paths.push({ label: `filter ${field}[${operator}]`, filter: { limit: 20, offset: 0, where: [condition], order: defaultOrder } });
    }
  }
  for (const field of Object.keys(spec.order)) {
    for (const direction of ["asc", "desc"] as const) {
      paths.push({ label: `order ${field} ${direction}`, filter: { limit: 20, offset: 0, where: [], order: [{ field, direction }] } });
    }
  }
  return paths;
}

describe.runIf(onPostgres)("list query plans on PostgreSQL", () => {
  let drop: () => Promise<void>;
  let databaseUrl: string;
  let close: () => Promise<void>;
  let db: Db;
  let client: pg.Client;
  let collections: Collection[];
  let organization: ContentContext["organization"];

  beforeAll(async () => {
    const prepared = await prepareDatabase();
    drop = prepared.drop;
    databaseUrl = prepared.databaseUrl!;
    const { openDatabase } = await import("@/lib/db/client");
    const database = await openDatabase({ DATABASE_URL: databaseUrl, DATABASE_POOL_MAX: 2, dataDir: "" });
    db = database.db;
    close = database.close;
    // A small catalogue (1% of scale 1: 1,000 exercises, 300 workouts …) beside the fixtures, analysed.
    const { generateCatalogue } = await import("@/lib/bench/catalogue");
    const generated = await generateCatalogue(db, { scale: 0.01, organizationCode: "plans" });
    const { getOrganizationSettings } = await import("@/lib/content/context");
    organization = await getOrganizationSettings(db, generated.organizationId);

    const { ALL_DEFINITIONS } = await import("@/lib/collections/definitions");
    collections = [...ALL_DEFINITIONS];
    client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
  }, 180_000);

  afterAll(async () => {
    await client?.end();
    await close?.();
    await drop?.();
  });

  function contextFor(reader: "editor" | "mobile"): ContentContext {
    return {
      db,
      caller:
        reader === "editor"
          ? { kind: "user", userId: "00000000-0000-4000-8000-000000000000", organizationId: organization.id, scope: "platform", role: "editor", languages: [], sessionId: "s", tokenId: "t" }
          : { kind: "user", userId: "00000000-0000-4000-8000-000000000000", organizationId: organization.id, scope: "mobile", role: "member", languages: [], sessionId: "s", tokenId: "t" },
      organization,
      view: { mode: "single", language: organization.defaultLanguage, defaultLanguage: organization.defaultLanguage },
      writeLanguage: organization.defaultLanguage,
      seesOnlyPublished: reader === "mobile",
    };
  }

  async function planOf(query: { toSQL: () => { sql: string; params: unknown[] } }): Promise<PlanNode> {
    const { sql, params } = query.toSQL();
    await client.query("BEGIN");
    try {
      await client.query("SET LOCAL enable_seqscan = off");
      const result = await client.query<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(`EXPLAIN (FORMAT JSON) ${sql}`, params);
      return result.rows[0]!["QUERY PLAN"][0].Plan;
    } finally {
      await client.query("ROLLBACK");
    }
  }

  it("no list filter or order path reads a content table sequentially", async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const collection of collections) {
      const readers = collection.isPublishable ? (["editor", "mobile"] as const) : (["editor"] as const);
      for (const reader of readers) {
        const ctx = contextFor(reader);
        for (const path of pathsOf(collection.filter.spec)) {
          const { rows, total } = collection.listQueries(ctx, path.filter);
          for (const [statement, query] of [["page", rows], ["total", total]] as const) {
            const scans = seqScans(await planOf(query));
            checked += 1;
            if (scans.length > 0) failures.push(`${collection.key} ${path.label} (${reader}, ${statement}): Seq Scan on ${scans.join(", ")}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // Every collection contributes: a refactoring that empties the paths must not pass silently.
    expect(checked).toBeGreaterThan(300);
  });

  it("the change feed walks its index in order, for editors and mobile readers, from the start or a cursor", async () => {
    const { changesQuery } = await import("@/lib/changes/list-changes");
    for (const reader of ["editor", "mobile"] as const) {
      for (const from of [
        { txid: 0n, position: 0n },
        { txid: 1000n, position: 50n },
      ]) {
        const plan = await planOf(changesQuery(contextFor(reader), from, 101));
        // The feed's own table; the bound's look at the server's catalogs (pg_database) is beside it.
        const reads: string[] = [];
        const walk = (node: PlanNode & { "Index Name"?: string }) => {
          if (node["Relation Name"] === "content_changes") reads.push(`${node["Node Type"]} ${node["Index Name"] ?? ""}`.trim());
          for (const child of node.Plans ?? []) walk(child);
        };
        walk(plan);
        expect([reader, reads, nodeTypes(plan).filter((type) => type.includes("Sort"))]).toEqual([reader, ["Index Scan content_changes_feed_idx"], []]);
      }
    }
  });

  /**
   * The large collections' pages in each order are read from an index in that order (no sort of every
   * record), including name and title in the default language (en here). Ordering by first
   * publication (never-published records as the earliest) still sorts; training plans (3,000 at
   * scale 1, 30 here) are small enough that the planner rightly sorts them.
   */
  it("a page of a large collection in each order walks an index instead of sorting", async () => {
    const unsorted: Record<string, string[]> = { exercises: [], workouts: [], "on-demand": [] };
    const failures: string[] = [];
    for (const collection of collections.filter((candidate) => candidate.key in unsorted)) {
      const orders = Object.keys(collection.filter.spec.order).filter((field) => field !== "published");
      for (const field of orders) {
        for (const direction of ["asc", "desc"] as const) {
          const { rows } = collection.listQueries(contextFor("editor"), { limit: 20, offset: 0, where: [], order: [{ field, direction }] });
          const types = nodeTypes(await planOf(rows));
          if (types.some((type) => type === "Sort" || type === "Incremental Sort")) failures.push(`${collection.key} order ${field} ${direction}: ${types.join(" > ")}`);
          unsorted[collection.key]!.push(`${field} ${direction}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(unsorted.exercises).toEqual(expect.arrayContaining(["name asc", "name desc", "updated desc"]));
  });
});
