import { describe, expect, it } from "vitest";
import { COLLECTIONS } from "@/lib/collections/registry";
import { WEBHOOK_ENTITIES } from "./event-filter";

describe("webhook entities", () => {
  it("are exactly the entities of the registered collections, Upload and Schedule (so every one can be filtered on)", () => {
    expect([...COLLECTIONS.map((collection) => collection.entity), "Upload", "Schedule"].sort()).toEqual([...WEBHOOK_ENTITIES].sort());
  });
});
