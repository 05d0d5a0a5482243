import { describe, expect, it } from "vitest";
import { equipment } from "@/lib/equipment/collection";
import { exercises } from "@/lib/exercises/collection";
import { instructors } from "@/lib/instructors/collection";
import { LOOKUPS } from "@/lib/lookups/collections";
import { onDemand } from "@/lib/on-demand/collection";
import { trainingPlans } from "@/lib/training-plans/collection";
import { workouts } from "@/lib/workouts/collection";
import { WEBHOOK_ENTITIES } from "./event-filter";

describe("webhook entities", () => {
  it("are exactly the entities of the content collections, Upload and Schedule (so every one can be filtered on)", () => {
    const collections = [exercises, workouts, trainingPlans, onDemand, instructors, equipment, ...LOOKUPS.map((lookup) => lookup.collection)];
    expect([...collections.map((collection) => collection.entity), "Upload", "Schedule"].sort()).toEqual([...WEBHOOK_ENTITIES].sort());
  });
});
