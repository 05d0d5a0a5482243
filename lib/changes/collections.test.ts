import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ALL_DEFINITIONS } from "@/lib/collections/definitions";
import { describeSeconds } from "./list-changes";
import { CHANGE_COLLECTION_ID_KINDS, CHANGE_COLLECTIONS } from "./schemas";

const COLLECTIONS = ALL_DEFINITIONS;

describe("the change feed covers every content collection and lookup", () => {
  it("names each registered collection once, with its kind of id", () => {
    expect([...CHANGE_COLLECTIONS].sort()).toEqual(COLLECTIONS.map((collection) => collection.key).sort());
    for (const collection of COLLECTIONS) expect([collection.key, CHANGE_COLLECTION_ID_KINDS[collection.key as never]]).toEqual([collection.key, collection.idKind]);
  });

  it("has database triggers on each collection's table, publishable ones with their status", () => {
    const migrations = path.join(process.cwd(), "lib/db/migrations");
    const sql = readFileSync(path.join(migrations, "0009_change_feed.sql"), "utf8");
    const triggers = [...sql.matchAll(/CREATE TRIGGER (\w+)_change_feed(_update)? AFTER (?:INSERT OR DELETE|UPDATE) ON (\w+) FOR EACH ROW\s+(?:WHEN \(OLD\.\* IS DISTINCT FROM NEW\.\*\) )?EXECUTE FUNCTION fcs_record_content_change\('([^']+)'(, 'publishable')?\)/g)];
    const expected = COLLECTIONS.flatMap((collection) => {
      const table = (collection.table as unknown as Record<symbol, string>)[Symbol.for("drizzle:Name")]!;
      return [false, true].map((isUpdate) => [table, collection.key, collection.isPublishable === true, isUpdate]);
    });
    const found = triggers.map(([, name, update, table, key, publishable]) => {
      expect(name).toBe(table);
      return [table, key, publishable !== undefined, update !== undefined];
    });
    expect(found.map(String).sort()).toEqual(expected.map(String).sort());
  });
});

describe("describeSeconds", () => {
  it.each([
    [2_592_000, "30 days"],
    [86_400, "1 day"],
    [7_200, "2 hours"],
    [90, "90 seconds"],
    [120, "2 minutes"],
    [1, "1 second"],
  ])("%i seconds read %s", (seconds, text) => {
    expect(describeSeconds(seconds)).toBe(text);
  });
});
