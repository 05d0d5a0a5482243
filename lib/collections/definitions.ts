/**
 * The server side of the collection registry (./registry): each key's collection definition, which
 * reads and writes the database. Server code that works across collections takes them from here.
 */
import type { Collection } from "@/lib/content/collection";
import { equipment } from "@/lib/equipment/collection";
import { exercises } from "@/lib/exercises/collection";
import { instructors } from "@/lib/instructors/collection";
import {
  activityTypes,
  bodyParts,
  contentCategories,
  contentPackages,
  contentProviders,
  equipmentBrands,
  equipmentCategories,
  fitnessGoals,
  muscleGroups,
} from "@/lib/lookups/collections";
import { onDemand } from "@/lib/on-demand/collection";
import { trainingPlans } from "@/lib/training-plans/collection";
import { workouts } from "@/lib/workouts/collection";
import { COLLECTIONS, type CollectionKey } from "./registry";

const as = (collection: unknown) => collection as Collection;

/** Every registered collection's definition, by its key (a collection missing here fails to compile). */
export const COLLECTION_DEFINITIONS: { readonly [K in CollectionKey]: Collection } = {
  exercises: as(exercises),
  workouts: as(workouts),
  "training-plans": as(trainingPlans),
  "on-demand": as(onDemand),
  instructors: as(instructors),
  equipment: as(equipment),
  "muscle-groups": as(muscleGroups.collection),
  "body-parts": as(bodyParts.collection),
  goals: as(fitnessGoals.collection),
  "activity-types": as(activityTypes.collection),
  providers: as(contentProviders.collection),
  categories: as(contentCategories.collection),
  "equipment/brands": as(equipmentBrands.collection),
  "equipment/categories": as(equipmentCategories.collection),
  packages: as(contentPackages.collection),
};

/** The definitions of `keys`, in their order. */
export function definitionsOf(keys: readonly CollectionKey[]): Collection[] {
  return keys.map((key) => COLLECTION_DEFINITIONS[key]);
}

/** The definitions of `keys` by key, in their order. */
export function definitionMapOf<K extends CollectionKey>(keys: readonly K[]): ReadonlyMap<K, Collection> {
  return new Map(keys.map((key) => [key, COLLECTION_DEFINITIONS[key]]));
}

/** The definitions of `keys` as a record by key (nothing else in it). */
export function definitionRecordOf<K extends CollectionKey>(keys: readonly K[]): Record<K, Collection> {
  return Object.fromEntries(keys.map((key) => [key, COLLECTION_DEFINITIONS[key]])) as Record<K, Collection>;
}

/** Every registered collection's definition, in the registry's order. */
export const ALL_DEFINITIONS: readonly Collection[] = definitionsOf(COLLECTIONS.map((entry) => entry.key));
