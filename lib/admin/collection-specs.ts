import "server-only";
import { equipment } from "@/lib/equipment/collection";
import { exercises } from "@/lib/exercises/collection";
import type { FilterSpec } from "@/lib/filter/types";
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

// The filter allowlists live with the collections, which import the database; the pages read them on
// the server and pass them to the client as plain data, so the filter bar builds exactly what the API parses.
const SPECS: Record<string, FilterSpec> = {
  exercises: exercises.filter.spec,
  workouts: workouts.filter.spec,
  "training-plans": trainingPlans.filter.spec,
  "on-demand": onDemand.filter.spec,
  instructors: instructors.filter.spec,
  equipment: equipment.filter.spec,
  "equipment-brands": equipmentBrands.collection.filter.spec,
  "equipment-categories": equipmentCategories.collection.filter.spec,
  "muscle-groups": muscleGroups.collection.filter.spec,
  "body-parts": bodyParts.collection.filter.spec,
  goals: fitnessGoals.collection.filter.spec,
  "activity-types": activityTypes.collection.filter.spec,
  providers: contentProviders.collection.filter.spec,
  categories: contentCategories.collection.filter.spec,
  packages: contentPackages.collection.filter.spec,
};

export function getCollectionFilterSpec(slug: string): FilterSpec | undefined {
  const spec = SPECS[slug];
  // A structured clone keeps only plain data (no functions) for the client component's props.
  return spec ? (JSON.parse(JSON.stringify(spec)) as FilterSpec) : undefined;
}
