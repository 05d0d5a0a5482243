import { describe, expect, it } from "vitest";
import { ADMIN_COLLECTIONS } from "@/lib/admin/collections";
import { IMPORT_COLLECTIONS } from "./collections";
import { csvColumnsOf, IMPORT_COLLECTION_KEYS } from "./csv-columns";

describe("the isomorphic CSV columns", () => {
  it("name exactly the collections the import writes", () => {
    expect([...IMPORT_COLLECTION_KEYS].sort()).toEqual([...IMPORT_COLLECTIONS.keys()].sort());
  });

  it.each([...IMPORT_COLLECTION_KEYS])("give the admin the columns the job reads for %s", (key) => {
    const admin = ADMIN_COLLECTIONS.find((collection) => collection.apiPath === key);
    expect(admin).toBeDefined();
    const adminTexts = admin!.hasDescription ? ["name", "description"] : ["name"];
    expect(csvColumnsOf(key, adminTexts, ["en", "de"])).toEqual(csvColumnsOf(key, [...IMPORT_COLLECTIONS.get(key)!.textFields], ["en", "de"]));
  });

  it("list plain columns, references, then each text per language", () => {
    expect(csvColumnsOf("equipment", [], ["de"])).toEqual(["slug", "image", "brand", "categories", "name", "name:de", "description", "description:de"]);
    expect(csvColumnsOf("goals", ["name"], ["en", "de"])).toEqual(["slug", "name", "name:en", "name:de"]);
  });
});
