import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ADMIN_COLLECTIONS } from "@/lib/admin/collections";
import { CHANGE_COLLECTIONS } from "@/lib/changes/schemas";
import { BENCH_LOOKUPS } from "@/lib/bench/catalogue";
import { LOOKUPS } from "@/lib/lookups/collections";
import { COLLECTION_TABLES } from "@/lib/org-archive/tables";
import { COLLECTION_DEFINITIONS } from "./definitions";
import { COLLECTION_KEYS, COLLECTIONS, LOOKUP_KEYS, type CollectionEntry } from "./registry";

const ENTRIES: readonly CollectionEntry[] = COLLECTIONS;
const sorted = (values: Iterable<string>) => [...values].sort();

describe("the collection registry", () => {
  it("names each collection once, by key and by admin slug", () => {
    expect(new Set(COLLECTION_KEYS).size).toBe(ENTRIES.length);
    expect(new Set(ENTRIES.map((entry) => entry.slug)).size).toBe(ENTRIES.length);
    for (const entry of ENTRIES) expect(entry.slug).toBe(entry.key.replace("/", "-"));
  });

  it("agrees with each collection's definition on the server", () => {
    const described = ENTRIES.map((entry) => {
      const definition = COLLECTION_DEFINITIONS[entry.key as keyof typeof COLLECTION_DEFINITIONS];
      const table = definition.table as unknown as Record<string | symbol, unknown>;
      return {
        key: definition.key,
        entity: definition.entity,
        singular: definition.label,
        idKind: definition.idKind,
        isPublishable: definition.isPublishable === true,
        table: table[Symbol.for("drizzle:Name")],
        hasTitleField: entry.titleField in table,
        hasTexts: definition.textFields.length > 0,
      };
    });
    expect(described).toEqual(
      ENTRIES.map((entry) => ({
        key: entry.key,
        entity: entry.entity,
        singular: entry.singular,
        idKind: entry.idKind,
        isPublishable: entry.kind === "publishable",
        table: entry.table,
        hasTitleField: true,
        hasTexts: entry.hasTexts,
      })),
    );
  });
});

/** Every route file under app/api/v3/content, as its path below it ("workouts/[id]/status"). */
function contentRoutes(dir = path.resolve("app/api/v3/content"), prefix = ""): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return contentRoutes(full, prefix ? `${prefix}/${entry}` : entry);
    return entry === "route.ts" ? [prefix] : [];
  });
}

/** The content endpoints that belong to no one collection. */
const NOT_COLLECTION_ROUTES = ["changes", "schedules", "search", "translation-queue"];

/** The route files a collection has, by what the registry says of it. */
function routesOf(entry: CollectionEntry): string[] {
  const record = `${entry.key}/[id]`;
  return [
    entry.key,
    record,
    ...(entry.versioned ? ["versions", "versions/[number]", "versions/[number]/diff", "versions/[number]/restore"].map((route) => `${record}/${route}`) : []),
    ...(entry.kind === "publishable" ? ["status", "status-history", "schedules", "schedules/[schedule_id]"].map((route) => `${record}/${route}`) : []),
    ...(entry.previewable ? ["preview-links", "preview-links/[link_id]"].map((route) => `${record}/${route}`) : []),
    // A workout's own endpoint beside its collection's: the phases as a timeline.
    ...(entry.key === "workouts" ? [`${record}/timeline`] : []),
  ];
}

describe("the content route files", () => {
  it("are exactly the registered collections' endpoints and the known endpoints of no one collection", () => {
    expect(sorted(contentRoutes())).toEqual(sorted([...ENTRIES.flatMap(routesOf), ...NOT_COLLECTION_ROUTES]));
  });
});

/**
 * The lists of collections that are not built from the registry (their order is the OpenAPI
 * document's, or each entry says more than the registry knows). The compiler holds the typed ones to
 * the registry's keys too; the demo's content is checked by e2e/api/seed-demo.test.ts, the record
 * editors by the compiler (app/admin/(app)/content/[collection]/record-editors.tsx), the webhook
 * entities by lib/webhooks/entities.test.ts and the change feed's triggers by lib/changes/collections.test.ts.
 */
describe("every list of collections covers every registered collection", () => {
  const lookups: readonly string[] = LOOKUP_KEYS;
  it.each<[string, () => Iterable<string>, readonly string[]]>([
    ["the admin's collections (by slug)", () => ADMIN_COLLECTIONS.map((collection) => collection.slug), ENTRIES.map((entry) => entry.slug)],
    ["the change feed", () => CHANGE_COLLECTIONS, COLLECTION_KEYS],
    ["the organization archive's tables", () => Object.keys(COLLECTION_TABLES), COLLECTION_KEYS],
    ["the bench's lookups", () => Object.keys(BENCH_LOOKUPS), lookups],
  ])("%s", (_, listed, expected) => {
    expect(sorted(listed())).toEqual(sorted(expected));
  });

  it("the lookups' factory defines the registered lookups, in the registry's order", () => {
    expect(LOOKUPS.map((lookup) => lookup.collection.key)).toEqual(lookups);
  });
});
