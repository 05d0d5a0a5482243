import type { Collection } from "@/lib/content/collection";
import { equipment } from "@/lib/equipment/collection";
import { exercises } from "@/lib/exercises/collection";
import { LOOKUPS } from "@/lib/lookups/collections";
import { onDemand } from "@/lib/on-demand/collection";
import { trainingPlans } from "@/lib/training-plans/collection";
import { workouts } from "@/lib/workouts/collection";

/** Every collection with texts (instructors have none: a name is not translated), by its path under /content. */
export const EXCHANGE_COLLECTIONS: ReadonlyMap<string, Collection> = new Map(
  [
    workouts as unknown as Collection,
    trainingPlans as unknown as Collection,
    onDemand as unknown as Collection,
    exercises as unknown as Collection,
    equipment as unknown as Collection,
    ...LOOKUPS.map((lookup) => lookup.collection as unknown as Collection),
  ].map((collection) => [collection.key, collection]),
);

export const EXCHANGE_COLLECTION_KEYS = [...EXCHANGE_COLLECTIONS.keys()] as [string, ...string[]];
